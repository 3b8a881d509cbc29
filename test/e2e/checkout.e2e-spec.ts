import request from 'supertest';
import { DomainError } from '../../src/shared/domain-error.js';
import { OutOfStockError } from '../../src/modules/catalogue/index.js';
import { createProduct } from '../support/catalogue-fixtures.js';
import { CookieClient, nextIp } from '../support/identity-client.js';
import { ADDRESS, completedEvent, createCustomer, deliveryTypeId, placeOrder, stripeSignature } from '../support/orders-fixtures.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { databaseKind } from '../support/test-database.js';

/**
 * Checkout (issue 12). Over HTTP: sign-in, XSRF, validation, the checkout offer, the basket becoming an order and
 * the race for the last unit; the finer cases go through CheckoutService.place, which POST /api/checkout calls
 * with the basket's lines.
 */
const WEBHOOK_SECRET = 'whsec_checkout_test_secret_0123456789';

describe(`Checkout (${databaseKind})`, () => {
  let shop: TestApp;
  let customer: CookieClient;
  let tracked48: number;
  let parcelforce: number;
  const http = () => request(shop.app.getHttpServer());
  const qtyOf = async (optionId: number) => (await shop.sql<{ qty: number | null }>('select qty from product_options where id = ?', [optionId]))[0]!.qty;
  const expectDomainError = async (promise: Promise<unknown>, kind: string, field: string, reason: RegExp) => {
    const error = await promise.then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).kind).toBe(kind);
    expect((error as DomainError).fields[field]?.join(' ') ?? (error as DomainError).message).toMatch(reason);
  };

  beforeAll(async () => {
    shop = await startTestApp({ PAYMENT_TEST_WEBHOOK_SECRET: WEBHOOK_SECRET, TRUST_PROXY: '127.0.0.1,::1,::ffff:127.0.0.1' });
    customer = new CookieClient(shop, nextIp());
    await customer.post('/api/login', { email: 'customer@example.com', password: 'demo-customer-password' }).then((res) => expect(res.status).toBe(200));
    tracked48 = await deliveryTypeId(shop, 'Royal Mail Tracked 48');
    parcelforce = await deliveryTypeId(shop, 'Parcelforce 48');
  }, 60_000);
  afterAll(() => shop?.close(), 30_000);

  describe('over HTTP', () => {
    it('is for signed-in customers only', async () => {
      await http().get('/api/checkout').expect(401);
      await http().post('/api/checkout').send({ billing_address: ADDRESS, accept_terms: true }).expect(401);
    });

    it('offers free digital delivery for an empty basket, and the addresses of the profile', async () => {
      const res = await customer.get('/api/checkout');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        requires_delivery: false, weight: 0, delivery_types: [{ id: null, name: 'Digital delivery', price: 0 }], payment_methods: ['card'],
      });
      expect(res.body).toHaveProperty('basket');
      expect(res.body).toHaveProperty('billing_address');
    });

    it('refuses a change without the XSRF header', async () => {
      const res = await customer.post('/api/checkout', { billing_address: ADDRESS, accept_terms: true }, { xsrf: false });
      expect(res.status).toBe(403);
    });

    it.each([
      ['accept_terms', /Accept the terms/, { billing_address: ADDRESS, accept_terms: false }],
      ['accept_terms', /Accept the terms/, { billing_address: ADDRESS }],
      ['billing_address.postcode', /UK postcode/, { billing_address: { ...ADDRESS, postcode: 'NOT A CODE' }, accept_terms: true }],
      ['billing_address.name', /name/, { billing_address: { ...ADDRESS, name: '' }, accept_terms: true }],
      ['billing_address.country', /UK addresses only/, { billing_address: { ...ADDRESS, country: 'FR' }, accept_terms: true }],
      ['billing_address', /billing address/, { accept_terms: true }],
      ['delivery_address.town', /town/, { billing_address: ADDRESS, delivery_address: { ...ADDRESS, town: '' }, accept_terms: true }],
      ['delivery_type_id', /delivery type id/, { billing_address: ADDRESS, delivery_type_id: 'fast', accept_terms: true }],
      ['payment_method', /one of card/, { billing_address: ADDRESS, payment_method: 'cash', accept_terms: true }],
      ['po_number', /at most 60/, { billing_address: ADDRESS, po_number: 'x'.repeat(61), accept_terms: true }],
      ['price', /.+/, { billing_address: ADDRESS, accept_terms: true, price: 1 }],
    ])('answers 422 naming %s (%s)', async (field, reason, body) => {
      const res = await customer.post('/api/checkout', body);
      expect(res.status).toBe(422);
      expect(res.body.errors[field]?.join(' ')).toMatch(reason);
    });

    it('answers 422 for an empty basket', async () => {
      const res = await customer.post('/api/checkout', { billing_address: ADDRESS, accept_terms: true, po_number: 'PO-1' });
      expect(res.status).toBe(422);
      expect(res.body.errors.basket).toEqual(['Your basket is empty.']);
    });
  });

  describe('from the basket over HTTP', () => {
    const register = async () => {
      const client = new CookieClient(shop, nextIp());
      const email = `racer.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@acme-training.co.uk`;
      const res = await client.post('/api/register', { first_name: 'Rae', last_name: 'Cer', email, password: 'racing-password-123', password_confirmation: 'racing-password-123' });
      expect(res.status).toBe(201);
      return client;
    };

    it('turns the basket into an order awaiting payment, with the stock taken and the basket emptied', async () => {
      const dvd = await createProduct(shop.sql, { title: 'Manual Handling DVD', options: [{ name: 'DVD', price: 4999, weight: 180, qty: 5 }] });
      const download = await createProduct(shop.sql, { title: 'Fire Safety Pack', options: [{ name: 'Download', price: 1999, weight: 0, qty: null, kind: 'download' }] });
      const buyer = await register();
      await buyer.post('/api/basket/items', { option_id: dvd.optionIds[0] });
      await buyer.post('/api/basket/items', { option_id: download.optionIds[0] });
      const offer = await buyer.get('/api/checkout');
      expect(offer.body.basket.totals).toMatchObject({ total: '69.98', items: 2, weight: 180 });
      expect(offer.body.requires_delivery).toBe(true);
      expect(offer.body.delivery_types.map((type: { name: string }) => type.name)).toContain('Royal Mail Tracked 48');
      const res = await buyer.post('/api/checkout', {
        billing_address: ADDRESS, delivery_address: ADDRESS, delivery_type_id: tracked48, po_number: 'PO-HTTP-1', accept_terms: true,
      });
      expect(res.status).toBe(201);
      expect(res.body.order).toMatchObject({ status: 'pending_payment', po_number: 'PO-HTTP-1' });
      // The offer's totals for the chosen delivery are exactly what the order charges (the page shows them).
      expect(offer.body.delivery_types.find((type: { id: number }) => type.id === tracked48).totals).toEqual(res.body.order.totals);
      expect(res.body.order.lines.map((line: { title: string; qty: number }) => [line.title, line.qty])).toEqual([
        ['Fire Safety Pack', 1],
        ['Manual Handling DVD', 1],
      ]);
      expect(res.body.payment_url).toMatch(/\/pay\/test\//);
      expect(await qtyOf(dvd.optionIds[0]!)).toBe(4);
      expect((await buyer.get('/api/basket')).body.items).toEqual([]);
    });

    it('gives the last unit to exactly one of 20 buyers checking out at once; the other 19 get a clear 409', async () => {
      const { optionIds: [option] } = await createProduct(shop.sql, { title: 'Final Copy DVD', options: [{ name: 'DVD', qty: 1, weight: 150 }] });
      const buyers: CookieClient[] = [];
      for (let i = 0; i < 20; i++) buyers.push(await register());
      for (const buyer of buyers) expect((await buyer.post('/api/basket/items', { option_id: option })).status).toBe(200);
      const body = { billing_address: ADDRESS, delivery_address: ADDRESS, delivery_type_id: tracked48, accept_terms: true };
      const answers = await Promise.all(buyers.map((buyer) => buyer.post('/api/checkout', body)));
      expect(answers.filter((res) => res.status === 201)).toHaveLength(1);
      const refused = answers.filter((res) => res.status === 409);
      expect(refused).toHaveLength(19);
      for (const res of refused) expect(res.body.message).toBe('"Final Copy DVD — DVD" is out of stock.');
      expect(await qtyOf(option!)).toBe(0);
    }, 120_000);

    describe('at most 2 card orders waiting for payment per customer (issue 25)', () => {
      const REFUSAL = 'You have 2 orders waiting for payment. Pay one of them before placing another; an order left unpaid is cancelled 30 minutes after it was placed.';
      const body = () => ({ billing_address: ADDRESS, delivery_address: ADDRESS, delivery_type_id: tracked48, accept_terms: true });

      it('refuses a third with 409 and reserves nothing; the checkout says so up front; paying one lets the next through', async () => {
        const { optionIds: [option] } = await createProduct(shop.sql, { title: 'Hoarded DVD', options: [{ name: 'DVD', qty: 10, weight: 150 }] });
        const buyer = new CookieClient(shop, nextIp());
        const email = `hoarder.${Date.now().toString(36)}@acme-training.co.uk`;
        expect((await buyer.post('/api/register', { first_name: 'Hal', last_name: 'Der', email, password: 'hoarding-password-123', password_confirmation: 'hoarding-password-123' })).status).toBe(201);
        const [{ id: buyerId }] = (await shop.sql<{ id: number }>('select id from users where email = ?', [email])) as [{ id: number }];
        const first = await placeOrder(shop, buyerId, [{ optionId: option!, qty: 2 }], { deliveryTypeId: tracked48 });
        expect((await buyer.get('/api/checkout')).body.card_orders_refused).toBeNull();
        await placeOrder(shop, buyerId, [{ optionId: option!, qty: 2 }], { deliveryTypeId: tracked48 });
        expect(await qtyOf(option!)).toBe(6);

        expect((await buyer.post('/api/basket/items', { option_id: option })).status).toBe(200);
        expect((await buyer.get('/api/checkout')).body.card_orders_refused).toBe(REFUSAL);
        const page = await buyer.get('/checkout');
        expect(page.status).toBe(200);
        expect(page.text).toMatch(new RegExp(`data-card-orders-refused=""><p>${REFUSAL}</p>`));
        const refused = await buyer.post('/api/checkout', body());
        expect(refused.status).toBe(409);
        expect(refused.body).toMatchObject({ status: 409, message: REFUSAL });
        expect(await qtyOf(option!)).toBe(6);
        expect(await shop.sql('select id from orders where customer_id = ?', [buyerId])).toHaveLength(2);
        expect((await buyer.get('/api/basket')).body.items).toHaveLength(1); // kept, to place once one is paid

        const reference = (await shop.sql<{ payment_reference: string }>('select payment_reference from orders where id = ?', [first.order.id]))[0]!.payment_reference;
        const event = completedEvent(`evt_cap_${first.order.id}`, reference, first.order.id, first.order.totals.grand_total);
        await http().post('/api/payments/test/webhook').set('content-type', 'application/json').set('stripe-signature', stripeSignature(event, WEBHOOK_SECRET)).send(event).expect(200);
        expect((await buyer.get('/api/checkout')).body.card_orders_refused).toBeNull();
        expect((await buyer.get('/checkout')).text).not.toContain('data-card-orders-refused');
        expect((await buyer.post('/api/checkout', body())).status).toBe(201);
        expect(await qtyOf(option!)).toBe(5);
      });

      it('lets one of two racing checkouts through when only one more is allowed', async () => {
        const buyer = await createCustomer(shop);
        const { optionIds: [option] } = await createProduct(shop.sql, { title: 'Raced DVD', options: [{ name: 'DVD', qty: 10, weight: 150 }] });
        const place = () => placeOrder(shop, buyer.id, [{ optionId: option!, qty: 1 }], { deliveryTypeId: tracked48 });
        await place();
        const outcomes = await Promise.allSettled([place(), place()]);
        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
        const [rejected] = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
        expect((rejected!.reason as DomainError).kind).toBe('conflict');
        expect((rejected!.reason as Error).message).toBe(REFUSAL);
        expect(await qtyOf(option!)).toBe(8);
      });

      it('does not count orders on account', async () => {
        const council = new CookieClient(shop, nextIp());
        expect((await council.post('/api/login', { email: 'council@example.com', password: 'demo-council-password' })).status).toBe(200);
        const [{ id: councilId }] = (await shop.sql<{ id: number }>('select id from users where email = ?', ['council@example.com'])) as [{ id: number }];
        const { optionIds: [option] } = await createProduct(shop.sql, { title: 'Council DVD', options: [{ name: 'DVD', qty: 10, weight: 150 }] });
        for (let i = 0; i < 2; i++) await placeOrder(shop, councilId, [{ optionId: option!, qty: 1 }], { deliveryTypeId: tracked48 });
        await expect(placeOrder(shop, councilId, [{ optionId: option!, qty: 1 }], { deliveryTypeId: tracked48 })).rejects.toThrow(REFUSAL);
        const onAccount = await placeOrder(shop, councilId, [{ optionId: option!, qty: 1 }], { deliveryTypeId: tracked48, paymentMethod: 'invoice', poNumber: 'PO-CAP-1' });
        expect(onAccount.order.status).toBe('awaiting_payment');
      });
    });
  });

  describe('the line and order ceilings (issue 25)', () => {
    const register = async () => {
      const client = new CookieClient(shop, nextIp());
      const email = `ceiling.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@acme-training.co.uk`;
      expect((await client.post('/api/register', { first_name: 'Cei', last_name: 'Ling', email, password: 'ceiling-password-123', password_confirmation: 'ceiling-password-123' })).status).toBe(201);
      return client;
    };
    const body = { billing_address: ADDRESS, accept_terms: true };
    /** A signed-in buyer whose basket holds `qty` of a new download priced `price` (the quantity written as a stale basket would hold it). */
    const basketOf = async (price: number, qty: number) => {
      const { optionIds: [option] } = await createProduct(shop.sql, { title: `Ceiling Pack ${Math.random().toString(36).slice(2, 8)}`, options: [{ name: 'Download', price, kind: 'download', qty: null }] });
      const buyer = await register();
      const added = await buyer.post('/api/basket/items', { option_id: option });
      await shop.sql('update basket_items set qty = ? where id = ?', [qty, added.body.items[0].id]);
      return { buyer, option: option! };
    };
    const ordersOf = async (option: number) => Number((await shop.sql<{ n: string }>('select count(*) as n from order_lines where option_id = ?', [option]))[0]!.n);

    it('orders 9,999 of a line', async () => {
      const { buyer, option } = await basketOf(100, 9999);
      const res = await buyer.post('/api/checkout', body);
      expect(res.status).toBe(201);
      expect(res.body.order.lines[0]).toMatchObject({ qty: 9999 });
      expect(await ordersOf(option)).toBe(1);
    });

    it('refuses 100,000 of a line with 422 naming quantity (it was a 500: integer out of range), and places nothing', async () => {
      const { buyer, option } = await basketOf(2999, 100_000);
      const res = await buyer.post('/api/checkout', body);
      expect(res.status).toBe(422);
      expect(res.body.errors.quantity).toEqual([expect.stringMatching(/^"Ceiling Pack \w+ — Download": at most 9,999 per line\.$/)]);
      expect(await ordersOf(option)).toBe(0);
    });

    it('refuses an order above £999,999.99 with 422 (9,999 of a £1,000,000 option would overflow every integer total)', async () => {
      for (const [price, qty] of [[100_000_000, 9999], [100_000_000, 1], [83_333_333, 1]] as const) {
        const { buyer, option } = await basketOf(price, qty);
        const res = await buyer.post('/api/checkout', body);
        expect(res.status).toBe(422);
        expect(res.body.errors.basket).toEqual(['This order comes to more than £999,999.99, too large for one order: please contact us.']);
        expect(await ordersOf(option)).toBe(0);
      }
      // Just under the ceiling: £833,333.32 + VAT = £999,999.98.
      const { buyer } = await basketOf(83_333_332, 1);
      const placed = await buyer.post('/api/checkout', body);
      expect(placed.status).toBe(201);
      expect(placed.body.order.totals).toMatchObject({ grand_total: 99_999_998 });
    });
  });

  describe('placing an order', () => {
    it('snapshots lines, delivery and totals (VAT once on goods + delivery), takes the stock and queues the timeout', async () => {
      const buyer = await createCustomer(shop);
      const dvd = await createProduct(shop.sql, { title: 'Manual Handling DVD', options: [{ name: 'DVD', price: 4999, weight: 180, qty: 5 }] });
      const download = await createProduct(shop.sql, { title: 'Fire Safety Pack', options: [{ name: 'Download', price: 1333, kind: 'download', qty: null }] });
      const placed = await placeOrder(shop, buyer.id, [{ optionId: dvd.optionIds[0]!, qty: 2 }, { optionId: download.optionIds[0]!, qty: 1 }], {
        deliveryTypeId: tracked48, poNumber: 'PO-2026-0042', notes: 'Leave with reception',
      });
      const goods = 2 * 4999 + 1333;
      const vat = Math.floor(((goods + 395) * 20 + 50) / 100);
      expect(placed.order).toMatchObject({
        status: 'pending_payment',
        lines: [
          { title: 'Manual Handling DVD', option_name: 'DVD', kind: 'physical', unit_price: 4999, qty: 2, line_total: 9998 },
          { title: 'Fire Safety Pack', option_name: 'Download', kind: 'download', unit_price: 1333, qty: 1, line_total: 1333 },
        ],
        delivery: { name: 'Royal Mail Tracked 48', price: 395 },
        totals: { subtotal: goods, delivery: 395, vat, grand_total: goods + 395 + vat },
        po_number: 'PO-2026-0042', notes: 'Leave with reception', payment_method: 'card', invoice: null,
        billing_address: ADDRESS, delivery_address: ADDRESS,
        history: [{ from: null, to: 'pending_payment' }],
      });
      expect(placed.order.number).toMatch(/^HS-1\d{5}$/);
      expect(placed.payment_url).toMatch(/^\/pay\/test\/cs_test_[\w-]+$/);
      expect(await qtyOf(dvd.optionIds[0]!)).toBe(3);
      const [job] = await shop.sql<{ payload: { orderId: number }; delay: number }>(
        `select payload, extract(epoch from (run_at - (select created_at from orders where id = ?)))::int as delay from jobs where type = 'orders.payment-timeout' and (payload->>'orderId')::int = ?`,
        [placed.order.id, placed.order.id],
      );
      expect(job?.delay).toBe(30 * 60);

      // Later catalogue edits never change a placed order.
      await shop.sql('update product_options set price = 1, name = ? where id = ?', ['Renamed', dvd.optionIds[0]]);
      const again = await customer.get(`/api/orders/${placed.order.id}`);
      expect(again.status).toBe(404); // another customer's order
    });

    it('gives numbers that are unique and increasing', async () => {
      const buyer = await createCustomer(shop);
      const { optionIds: [option] } = await createProduct(shop.sql, { options: [{ kind: 'download', qty: null, price: 500 }] });
      const first = await placeOrder(shop, buyer.id, [{ optionId: option!, qty: 1 }]);
      const second = await placeOrder(shop, buyer.id, [{ optionId: option!, qty: 1 }]);
      expect(Number(second.order.number.slice(3))).toBeGreaterThan(Number(first.order.number.slice(3)));
      expect(first.order.delivery).toBeNull();
      expect(first.order.delivery_address).toBeNull();
      expect(first.order.totals).toEqual({ subtotal: 500, delivery: 0, vat: 100, grand_total: 600 });
    });

    it('offers only the delivery types whose band holds the weight, edges included', async () => {
      const buyer = await createCustomer(shop);
      const twoKilos = await createProduct(shop.sql, { options: [{ weight: 2000, qty: 10 }] });
      const justOver = await createProduct(shop.sql, { options: [{ weight: 2001, qty: 10 }] });
      const heavy = await createProduct(shop.sql, { options: [{ weight: 30_001, qty: 10 }] });

      const atEdge = await placeOrder(shop, buyer.id, [{ optionId: twoKilos.optionIds[0]!, qty: 1 }], { deliveryTypeId: tracked48 });
      expect(atEdge.order.delivery).toEqual({ name: 'Royal Mail Tracked 48', price: 395 });

      await expectDomainError(
        placeOrder(shop, buyer.id, [{ optionId: justOver.optionIds[0]!, qty: 1 }], { deliveryTypeId: tracked48 }), 'invalid', 'delivery_type_id', /does not take a parcel of 2.001 kg.*Parcelforce 48/,
      );
      const over = await placeOrder(shop, buyer.id, [{ optionId: justOver.optionIds[0]!, qty: 1 }], { deliveryTypeId: parcelforce });
      expect(over.order.delivery?.name).toBe('Parcelforce 48');
      await expectDomainError(placeOrder(shop, buyer.id, [{ optionId: heavy.optionIds[0]!, qty: 1 }], { deliveryTypeId: parcelforce }), 'invalid', 'delivery_type_id', /None of our delivery services/);
    });

    it('refuses physical goods without a delivery address or type, an empty basket, and unaccepted terms (422)', async () => {
      const buyer = await createCustomer(shop);
      const { optionIds: [option] } = await createProduct(shop.sql, { options: [{ qty: 5 }] });
      await expectDomainError(placeOrder(shop, buyer.id, [{ optionId: option!, qty: 1 }], { deliveryTypeId: tracked48, deliveryAddress: null }), 'invalid', 'delivery_address', /address to deliver/);
      await expectDomainError(placeOrder(shop, buyer.id, [{ optionId: option!, qty: 1 }], { deliveryTypeId: null }), 'invalid', 'delivery_type_id', /Choose a delivery type/);
      await expectDomainError(placeOrder(shop, buyer.id, [{ optionId: option!, qty: 1 }], { deliveryTypeId: 999_999 }), 'invalid', 'delivery_type_id', /does not take/);
      await expectDomainError(placeOrder(shop, buyer.id, []), 'invalid', 'basket', /empty/);
      await expectDomainError(placeOrder(shop, buyer.id, [{ optionId: option!, qty: 1 }], { deliveryTypeId: tracked48, acceptTerms: false }), 'invalid', 'accept_terms', /terms/);
      expect(await qtyOf(option!)).toBe(5);
    });

    it('answers 409 naming the line when stock ran out or the option is no longer for sale, and changes nothing', async () => {
      const buyer = await createCustomer(shop);
      const plenty = await createProduct(shop.sql, { options: [{ qty: 10 }] });
      const scarce = await createProduct(shop.sql, { title: 'Asbestos Awareness DVD', options: [{ name: 'DVD', qty: 1 }, { name: 'Old edition', qty: 5, active: false }] });
      const before = await shop.sql<{ n: number }>('select count(*)::int as n from orders where customer_id = ?', [buyer.id]);

      await expectDomainError(
        placeOrder(shop, buyer.id, [{ optionId: plenty.optionIds[0]!, qty: 2 }, { optionId: scarce.optionIds[0]!, qty: 2 }], { deliveryTypeId: tracked48 }),
        'conflict', `option_${scarce.optionIds[0]}`, /Only 1 left/,
      );
      await expectDomainError(
        placeOrder(shop, buyer.id, [{ optionId: scarce.optionIds[1]!, qty: 1 }], { deliveryTypeId: tracked48 }), 'conflict', `option_${scarce.optionIds[1]}`, /No longer for sale/,
      );
      expect(await qtyOf(plenty.optionIds[0]!)).toBe(10);
      expect(await qtyOf(scarce.optionIds[0]!)).toBe(1);
      const after = await shop.sql<{ n: number }>('select count(*)::int as n from orders where customer_id = ?', [buyer.id]);
      expect(after[0]!.n).toBe(before[0]!.n);
    });

    it('gives the last unit to exactly one of 20 racing buyers; the other 19 get a clear 409', async () => {
      const buyers = await Promise.all(Array.from({ length: 20 }, () => createCustomer(shop)));
      const { optionIds: [option] } = await createProduct(shop.sql, { title: 'Last Copy DVD', options: [{ name: 'DVD', qty: 1, weight: 150 }] });
      const outcomes = await Promise.allSettled(buyers.map((buyer) => placeOrder(shop, buyer.id, [{ optionId: option!, qty: 1 }], { deliveryTypeId: tracked48 })));
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
      expect(refused).toHaveLength(19);
      for (const outcome of refused) {
        expect(outcome.reason).toBeInstanceOf(OutOfStockError);
        expect((outcome.reason as Error).message).toBe('"Last Copy DVD — DVD" is out of stock.');
      }
      expect(await qtyOf(option!)).toBe(0);
      const orders = await shop.sql<{ n: number }>('select count(*)::int as n from order_lines where option_id = ?', [option]);
      expect(orders[0]!.n).toBe(1);
    });
  });
});
