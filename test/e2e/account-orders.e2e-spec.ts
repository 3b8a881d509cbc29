import { createHmac, randomBytes } from 'node:crypto';
import request from 'supertest';
import { createProduct } from '../support/catalogue-fixtures.js';
import { DEMO_ADMIN, DEMO_CUSTOMER, GOOD_PASSWORD, bearerFor, nextIp, signInByApi, uniqueEmail } from '../support/identity-client.js';
import { completedEvent, createDownloadProduct, deliveryTypeId, placeOrder, stripeSignature } from '../support/orders-fixtures.js';
import { binaryParser } from '../support/pdf-text.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { databaseKind } from '../support/test-database.js';

const SECRET = 'whsec_account_orders_secret_0123456789';
const LINK_SECRET = 'download-link-secret-for-the-e2e-tests-0123456789';

/**
 * After the sale (issue 13): the customer's orders and downloads in the API and on the account pages, "Buy
 * again", and the signed download links (buyer only, expiry, tampering, Range, refunds stop them).
 */
describe(`Account orders and downloads (${databaseKind})`, () => {
  let shop: TestApp;
  let customer: string;
  let customerId: number;
  let other: string;
  let otherId: number;
  let admin: string;
  let tracked48: number;
  const http = () => request(shop.app.getHttpServer());
  const get = (path: string, token?: string) => (token ? http().get(path).set('Authorization', token) : http().get(path));
  const bytesOf = (path: string, token: string, headers: Record<string, string> = {}) => {
    let req = get(path, token).buffer(true).parse(binaryParser);
    for (const [name, value] of Object.entries(headers)) req = req.set(name, value);
    return req;
  };
  const pay = async (orderId: number) => {
    const [order] = await shop.sql<{ payment_reference: string; grand_total: number }>('select payment_reference, grand_total from orders where id = ?', [orderId]);
    const body = completedEvent(`evt_acc_${orderId}_${Math.random().toString(36).slice(2)}`, order!.payment_reference, orderId, order!.grand_total);
    const res = await http().post('/api/payments/test/webhook').set('content-type', 'application/json').set('stripe-signature', stripeSignature(body, SECRET)).send(body);
    expect(res.status).toBe(200);
  };
  const signed = (lineId: number, userId: number, expires: number) =>
    `/api/downloads/${lineId}?expires=${expires}&signature=${createHmac('sha256', LINK_SECRET).update(`download:${lineId}:${userId}:${expires}`).digest('base64url')}`;

  beforeAll(async () => {
    shop = await startTestApp({ PAYMENT_TEST_WEBHOOK_SECRET: SECRET, DOWNLOAD_LINK_SECRET: LINK_SECRET });
    customer = await bearerFor(shop, DEMO_CUSTOMER);
    admin = await bearerFor(shop, DEMO_ADMIN);
    customerId = (await shop.sql<{ id: number }>('select id from users where email = ?', [DEMO_CUSTOMER.email]))[0]!.id;
    const email = uniqueEmail('stranger');
    await http().post('/api/register').set('X-Forwarded-For', nextIp())
      .send({ email, password: GOOD_PASSWORD, password_confirmation: GOOD_PASSWORD, first_name: 'Sam', last_name: 'Stranger' }).expect(201);
    const signedIn = await signInByApi(shop, { email, password: GOOD_PASSWORD });
    other = signedIn.bearer;
    otherId = signedIn.user.id;
    tracked48 = await deliveryTypeId(shop, 'Royal Mail Tracked 48');
  }, 60_000);
  afterAll(() => shop?.close(), 30_000);

  describe('downloads', () => {
    const video = randomBytes(300_000);
    let lineId: number;
    let url: string;
    let orderId: number;

    beforeAll(async () => {
      const product = await createDownloadProduct(shop, { title: 'Manual Handling Video', fileName: 'Manual handling (full).mp4', bytes: video, contentType: 'video/mp4' });
      const placed = await placeOrder(shop, customerId, [{ optionId: product.optionId, qty: 1 }]);
      orderId = placed.order.id;
      // Unpaid: nothing to download yet.
      expect((await get('/api/downloads', customer).expect(200)).body.find((d: { order_id: number }) => d.order_id === orderId)).toBeUndefined();
      await pay(orderId);
      const list = (await get('/api/downloads', customer).expect(200)).body as Array<Record<string, unknown>>;
      const entry = list.find((d) => d.order_id === orderId)!;
      expect(entry).toMatchObject({
        order_number: placed.order.number, product_title: 'Manual Handling Video', option_name: 'Download', file_name: 'Manual handling (full).mp4',
        size: video.length, content_type: 'video/mp4',
      });
      lineId = entry.id as number;
      url = entry.url as string;
      expect(url).toMatch(new RegExp(`^/api/downloads/${lineId}\\?expires=\\d+&signature=[\\w-]{43}$`));
      expect(url).not.toContain('private/');
      expect(JSON.stringify(list)).not.toContain('private/');
    });

    it('streams the whole file to its buyer, as an attachment, never showing where it is stored', async () => {
      const res = await bytesOf(url, customer).expect(200);
      expect(Buffer.compare(res.body as Buffer, video)).toBe(0);
      expect(res.headers['content-type']).toBe('video/mp4');
      expect(res.headers['content-length']).toBe(String(video.length));
      expect(res.headers['accept-ranges']).toBe('bytes');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="Manual handling _full_.mp4"; filename*=UTF-8''Manual%20handling%20%28full%29.mp4`.replace('_full_', '(full)'));
    });

    it('answers a Range request with 206 and exactly those bytes, so a large video resumes', async () => {
      const part = await bytesOf(url, customer, { Range: 'bytes=1000-1999' }).expect(206);
      expect(part.headers['content-range']).toBe(`bytes 1000-1999/${video.length}`);
      expect(part.headers['content-length']).toBe('1000');
      expect(Buffer.compare(part.body as Buffer, video.subarray(1000, 2000))).toBe(0);
      const tail = await bytesOf(url, customer, { Range: `bytes=${video.length - 10}-` }).expect(206);
      expect(Buffer.compare(tail.body as Buffer, video.subarray(video.length - 10))).toBe(0);
      const beyond = await get(url, customer).set('Range', `bytes=${video.length}-`).expect(416);
      expect(beyond.headers['content-range']).toBe(`bytes */${video.length}`);
    });

    it('refuses anybody else, an edited link and an expired one', async () => {
      await get(url).expect(401);
      expect((await get(url, other).expect(404)).body.message).toMatch(/not valid for you/);
      // A link made for another customer, or edited to another line or a later expiry.
      const expires = Number(/expires=(\d+)/.exec(url)![1]);
      await get(url.replace(`expires=${expires}`, `expires=${expires + 3600}`), customer).expect(404);
      await get(url.replace(/signature=[\w-]+/, `signature=${'A'.repeat(43)}`), customer).expect(404);
      await get(url.replace(`/api/downloads/${lineId}?`, `/api/downloads/${lineId + 1}?`), customer).expect(404);
      await get(`/api/downloads/${lineId}?expires=abc&signature=x`, customer).expect(422);
      // Signed correctly, but expired: 410.
      const past = Math.floor(Date.now() / 1000) - 60;
      expect((await get(signed(lineId, customerId, past), customer).expect(410)).body.message).toMatch(/expired/);
      // A link correctly signed for the other customer (as if they had asked for it) names a line that is not theirs: 404.
      await get(signed(lineId, otherId, past + 3600), other).expect(404);
    });

    it('sends a browser with an expired or edited link to a page with a fresh link; JSON clients still get JSON (issue 28)', async () => {
      const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
      const past = Math.floor(Date.now() / 1000) - 60;
      const expired = await get(signed(lineId, customerId, past), customer).set('Accept', HTML).expect(303);
      expect(expired.headers.location).toBe(`/account/downloads?link=expired&download=${lineId}`);
      const edited = await get(url.replace(/signature=[\w-]+/, `signature=${'A'.repeat(43)}`), customer).set('Accept', HTML).expect(303);
      expect(edited.headers.location).toBe(`/account/downloads?link=invalid&download=${lineId}`);
      // Scripts and download managers: unchanged.
      expect((await get(signed(lineId, customerId, past), customer).set('Accept', 'application/json').expect(410)).body.message).toMatch(/expired/);
      await get(signed(lineId, customerId, past), customer).set('Accept', '*/*').expect(410);

      // The page it lands on says what happened, with a fresh link to that file and its order.
      const page = (await get(expired.headers.location as string, customer).expect(200)).text;
      expect(page).toContain('data-stale-link="expired"');
      expect(page).toContain('That download link has expired');
      expect(page).toMatch(new RegExp(`href="/api/downloads/${lineId}\\?expires=\\d+&amp;signature=[\\w-]{43}"[^>]*data-fresh-link=""`));
      expect(page).toContain(`href="/account/orders/${orderId}"`);
      // Someone else's line id in the query gives no link of theirs.
      const strangers = (await get(`/account/downloads?link=invalid&download=${lineId}`, other).expect(200)).text;
      expect(strangers).toContain('That download link is not valid for you.');
      expect(strangers).not.toContain('data-fresh-link');
    });

    it('the thank-you page links the downloads and the VAT invoice', async () => {
      const page = (await get(`/complete?order=${orderId}`, customer).expect(200)).text.replaceAll('<!-- -->', '');
      expect(page).toMatch(/href="\/account\/downloads"[^>]*data-thank-you-downloads=""/);
      const [{ invoice_number }] = (await shop.sql<{ invoice_number: string }>('select invoice_number from orders where id = ?', [orderId])) as [{ invoice_number: string }];
      expect(page).toContain(`href="/api/orders/${orderId}/invoice.pdf"`);
      expect(page).toContain(`VAT invoice ${invoice_number} (PDF)`);
    });

    it('stops when the order is refunded, links already handed out included', async () => {
      await http().post(`/api/admin/orders/${orderId}/transitions`).set('Authorization', admin).send({ to: 'refunded', note: 'Bought twice' }).expect(200);
      await get(url, customer).expect(404);
      expect((await get('/api/downloads', customer).expect(200)).body.find((d: { id: number }) => d.id === lineId)).toBeUndefined();
    });
  });

  describe('orders and "Buy again"', () => {
    it('lists the orders with their invoice numbers, and buys an order again at today\'s stock', async () => {
      const { optionIds: [dvd] } = await createProduct(shop.sql, { title: 'Ladder Safety DVD', options: [{ name: 'DVD', price: 3900, weight: 200, qty: 10 }] });
      const { optionIds: [poster, gone] } = await createProduct(shop.sql, {
        title: 'Ladder Poster', options: [{ name: 'A2', price: 900, weight: 50, qty: 3 }, { name: 'A1', price: 1200, weight: 80, qty: 5 }],
      });
      const placed = await placeOrder(shop, customerId, [{ optionId: dvd!, qty: 2 }, { optionId: poster!, qty: 3 }, { optionId: gone!, qty: 1 }], { deliveryTypeId: tracked48 });
      await pay(placed.order.id);

      const list = (await get('/api/orders?per_page=100', customer).expect(200)).body.data as Array<{ id: number; invoice_number: string | null }>;
      expect(list.find((o) => o.id === placed.order.id)?.invoice_number).toMatch(/^INV-\d{6}$/);

      // Since the order: the poster sold out to 1 left, the A1 is no longer sold.
      await shop.sql('update product_options set qty = 1 where id = ?', [poster]);
      await shop.sql('update product_options set active = false where id = ?', [gone]);
      await http().delete('/api/basket').set('Authorization', customer).expect(200);
      const basket = (await http().post(`/api/orders/${placed.order.id}/buy-again`).set('Authorization', customer).send({}).expect(200)).body;
      expect(basket.items.map((i: { option_id: number; qty: number }) => [i.option_id, i.qty]).sort()).toEqual([[dvd, 2], [poster, 1]].sort());
      expect(basket.messages).toEqual(expect.arrayContaining([expect.stringMatching(/Only 1 of "Ladder Poster/), expect.stringMatching(/no longer for sale/)]));
      // Again: the DVDs add up, the poster is already at its stock.
      const again = (await http().post(`/api/orders/${placed.order.id}/buy-again`).set('Authorization', customer).send({}).expect(200)).body;
      expect(again.items.find((i: { option_id: number }) => i.option_id === dvd).qty).toBe(4);
      expect(again.messages).toEqual(expect.arrayContaining([expect.stringMatching(/already have all/)]));

      // Nobody else can buy it again, or see it.
      await http().post(`/api/orders/${placed.order.id}/buy-again`).set('Authorization', other).send({}).expect(404);
      await http().post(`/api/orders/${placed.order.id}/buy-again`).send({}).expect(401);
      await http().delete('/api/basket').set('Authorization', customer).expect(200);
    });
  });

  describe('buy again and the line ceiling (issue 25)', () => {
    it('puts 9,999 back, then refuses the next buy-again with 422 naming the line and leaves the basket as it was', async () => {
      const { optionIds: [pack] } = await createProduct(shop.sql, { title: 'Ceiling Toolkit', options: [{ name: 'Download', price: 100, kind: 'download', qty: null }] });
      const { optionIds: [poster] } = await createProduct(shop.sql, { title: 'Ceiling Poster', options: [{ name: 'A2', price: 500, weight: 100, qty: null }] });
      const placed = await placeOrder(shop, customerId, [{ optionId: pack!, qty: 9999 }, { optionId: poster!, qty: 1 }], { deliveryTypeId: tracked48 });
      await http().delete('/api/basket').set('Authorization', customer).expect(200);
      const basket = (await http().post(`/api/orders/${placed.order.id}/buy-again`).set('Authorization', customer).send({}).expect(200)).body;
      const quantities = (items: Array<{ option_id: number; qty: number }>) => items.map((i) => [i.option_id, i.qty]).sort();
      expect(quantities(basket.items)).toEqual([[pack, 9999], [poster, 1]].sort());
      const again = await http().post(`/api/orders/${placed.order.id}/buy-again`).set('Authorization', customer).send({});
      expect(again.status).toBe(422);
      expect(again.body.errors).toEqual({ quantity: ['At most 9,999 per line.'] });
      expect(again.body.message).toBe('You can have at most 9,999 of one item in your basket: "Ceiling Toolkit — Download" would go over.');
      // All or nothing: the poster did not become 2 either.
      expect(quantities((await get('/api/basket', customer).expect(200)).body.items)).toEqual([[pack, 9999], [poster, 1]].sort());
      await http().delete('/api/basket').set('Authorization', customer).expect(200);
    });
  });

  describe('account pages', () => {
    it('/account/orders, /account/orders/{id}, /account/downloads and the overview show the customer\'s own', async () => {
      const product = await createDownloadProduct(shop, { title: 'COSHH Toolkit', fileName: 'COSHH toolkit.pdf', bytes: Buffer.from('%PDF-1.4 toolkit') });
      const placed = await placeOrder(shop, customerId, [{ optionId: product.optionId, qty: 1 }], { poNumber: 'PO-PAGES-9' });
      await pay(placed.order.id);
      const [{ invoice_number: invoice }] = (await shop.sql<{ invoice_number: string }>('select invoice_number from orders where id = ?', [placed.order.id])) as [{ invoice_number: string }];

      const orders = (await get('/account/orders', customer).expect(200)).text;
      expect(orders).toContain(`href="/account/orders/${placed.order.id}"`);
      expect(orders).toContain(placed.order.number);
      expect(orders).toContain('PO-PAGES-9');
      expect(orders).toContain(`href="/api/orders/${placed.order.id}/invoice.pdf"`);

      const detail = (await get(`/account/orders/${placed.order.id}`, customer).expect(200)).text;
      expect(detail).toContain(`<title>Order ${placed.order.number}`);
      expect(detail).toContain('Download invoice (PDF)');
      expect(detail).toContain(invoice);
      expect(detail).toContain('Buy again');
      expect(detail).toContain('COSHH Toolkit');
      await get(`/account/orders/${placed.order.id}`, other).expect(404);
      await get('/account/orders/abc', customer).expect(404);
      expect((await get(`/account/orders/${placed.order.id}`).expect(302)).headers.location).toBe(`/login?redirect=${encodeURIComponent(`/account/orders/${placed.order.id}`)}`);

      const downloads = (await get('/account/downloads', customer).expect(200)).text;
      expect(downloads).toContain('COSHH toolkit.pdf');
      expect(downloads).toContain('PDF document');
      expect(downloads).toMatch(/href="\/api\/downloads\/\d+\?expires=\d+&amp;signature=[\w-]{43}"/);
      expect((await get('/account/downloads', other).expect(200)).text).not.toContain('COSHH toolkit.pdf');

      const overview = (await get('/account', customer).expect(200)).text;
      expect(overview).toContain('Recent orders');
      expect(overview).toContain(placed.order.number);
    });
  });
});
