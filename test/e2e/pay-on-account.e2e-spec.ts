import request from 'supertest';
import { createProduct } from '../support/catalogue-fixtures.js';
import { bearerFor, DEMO_ADMIN, DEMO_CUSTOMER, GOOD_PASSWORD, nextIp, signInByApi, uniqueEmail } from '../support/identity-client.js';
import { waitForMail } from '../support/mailbox.js';
import { completedEvent, createDownloadProduct, stripeSignature } from '../support/orders-fixtures.js';
import { binaryParser, pdfText } from '../support/pdf-text.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { databaseKind } from '../support/test-database.js';

const SECRET = 'whsec_pay_on_account_secret_0123456789';
const ADDRESS = { name: 'Morgan Buyer', company: 'Riverside Borough Council', line1: '1 Civic Square', town: 'Leeds', postcode: 'LS1 1UR', country: 'GB' };

/**
 * Pay on account and the order e-mails (issue 13): staff give account terms; such a customer checks out with
 * "invoice" and a PO, the order waits in awaiting_payment with its invoice (due in 30 days) e-mailed at once;
 * staff record BACS payments that add up until the order is paid. Card orders e-mail their confirmation with
 * the invoice attached, dispatch e-mails the tracking number, a refund or cancellation its credit note.
 */
describe(`Pay on account and order e-mails (${databaseKind})`, () => {
  let shop: TestApp;
  let admin: string;
  let buyer: { bearer: string; id: number; email: string };
  let dvd: number;
  let pack: number;
  const http = () => request(shop.app.getHttpServer());
  const as = (token: string) => ({
    get: (path: string) => http().get(path).set('Authorization', token),
    post: (path: string) => http().post(path).set('Authorization', token),
    patch: (path: string) => http().patch(path).set('Authorization', token),
  });
  const pdfOfMail = async (id: string) => {
    const res = await http().get(`/dev/mailbox/${id}/attachments/0`).buffer(true).parse(binaryParser).expect(200);
    return (await pdfText(res.body as Buffer)).replace(/\s+/g, ' ');
  };
  const checkout = async (token: string, lines: Array<{ optionId: number; qty: number }>, body: Record<string, unknown>) => {
    await as(token).post('/api/basket/items').send({ option_id: lines[0]!.optionId }).expect(200); // a basket to check out
    await http().delete('/api/basket').set('Authorization', token).expect(200);
    for (const line of lines) for (let i = 0; i < line.qty; i++) await as(token).post('/api/basket/items').send({ option_id: line.optionId }).expect(200);
    const offer = (await as(token).get('/api/checkout').expect(200)).body;
    return as(token).post('/api/checkout').send({
      billing_address: ADDRESS, accept_terms: true,
      ...(offer.requires_delivery ? { delivery_address: ADDRESS, delivery_type_id: offer.delivery_types[0].id } : {}), ...body,
    });
  };

  beforeAll(async () => {
    shop = await startTestApp({ QUEUE_POLL_MS: '50', PAYMENT_TEST_WEBHOOK_SECRET: SECRET });
    admin = await bearerFor(shop, DEMO_ADMIN);
    const email = uniqueEmail('council');
    await http().post('/api/register').set('X-Forwarded-For', nextIp())
      .send({ email, password: GOOD_PASSWORD, password_confirmation: GOOD_PASSWORD, first_name: 'Morgan', last_name: 'Buyer' }).expect(201);
    const signedIn = await signInByApi(shop, { email, password: GOOD_PASSWORD });
    buyer = { bearer: signedIn.bearer, id: signedIn.user.id, email };
    dvd = (await createProduct(shop.sql, { title: 'Asbestos Awareness DVD', options: [{ name: 'DVD', price: 5000, weight: 250, qty: 20 }] })).optionIds[0]!;
    pack = (await createDownloadProduct(shop, { title: 'Legionella Toolkit', fileName: 'Legionella toolkit.pdf', bytes: Buffer.from('%PDF-1.4 legionella'), price: 2000 })).optionId;
  }, 60_000);
  afterAll(() => shop?.close(), 30_000);

  it('staff give account terms through the admin users API; only then does checkout offer "invoice"', async () => {
    expect((await as(buyer.bearer).get('/api/checkout').expect(200)).body.payment_methods).toEqual(['card']);
    const refused = await checkout(buyer.bearer, [{ optionId: pack, qty: 1 }], { payment_method: 'invoice', po_number: 'PO-1' }).then((res) => res);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.payment_method[0]).toMatch(/account terms/);

    expect((await as(admin).get(`/api/admin/users/${buyer.id}`).expect(200)).body.account_terms).toBe(false);
    await as(admin).patch(`/api/admin/users/${buyer.id}`).send({ account_terms: 'yes' }).expect(422);
    await as(buyer.bearer).patch(`/api/admin/users/${buyer.id}`).send({ account_terms: true }).expect(403);
    await as(admin).patch('/api/admin/users/99999999').send({ account_terms: true }).expect(404);
    expect((await as(admin).patch(`/api/admin/users/${buyer.id}`).send({ account_terms: true }).expect(200)).body.account_terms).toBe(true);
    expect((await as(buyer.bearer).get('/api/checkout').expect(200)).body.payment_methods).toEqual(['card', 'invoice']);
  });

  it('an order on account needs a PO, waits for payment with its invoice e-mailed at once, due in 30 days', async () => {
    const noPo = await checkout(buyer.bearer, [{ optionId: dvd, qty: 1 }], { payment_method: 'invoice' });
    expect(noPo.status).toBe(422);
    expect(noPo.body.errors.po_number[0]).toMatch(/purchase order/);

    const [{ qty: before }] = (await shop.sql<{ qty: number }>('select qty from product_options where id = ?', [dvd])) as [{ qty: number }];
    const placed = await checkout(buyer.bearer, [{ optionId: dvd, qty: 2 }, { optionId: pack, qty: 1 }], { payment_method: 'invoice', po_number: 'RBC-PO-4471' });
    expect(placed.status).toBe(201);
    const order = placed.body.order;
    expect(placed.body.payment_url).toBeNull();
    expect(order).toMatchObject({ status: 'awaiting_payment', payment_method: 'invoice', po_number: 'RBC-PO-4471', paid_at: null });
    expect(order.invoice.number).toMatch(/^INV-\d{6}$/);
    expect(Date.parse(order.due_date) - Date.parse(order.invoice.date)).toBe(30 * 86_400_000);
    expect((await shop.sql<{ qty: number }>('select qty from product_options where id = ?', [dvd]))[0]!.qty).toBe(before - 2);
    // No payment page, so no payment timeout either.
    expect(await shop.sql(`select id from jobs where type = 'orders.payment-timeout' and (payload->>'orderId')::int = ?`, [order.id])).toEqual([]);
    // The download is theirs at once: account terms mean the shop trusts them to pay.
    const downloads = (await as(buyer.bearer).get('/api/downloads').expect(200)).body as Array<{ order_id: number }>;
    expect(downloads.filter((d) => d.order_id === order.id)).toEqual([expect.objectContaining({ file_name: 'Legionella toolkit.pdf' })]);

    const mail = await waitForMail(shop, buyer.email, `Invoice ${order.invoice.number} for order ${order.number}: due ${new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(order.due_date))}`);
    expect(mail.text).toContain('RBC-PO-4471');
    expect(mail.text).toMatch(/by BACS to Demo Bank plc, sort code 00-00-00, account 12345678, quoting INV-\d{6}/);
    expect(mail.text).toContain('VAT registration no. GB 123 4567 89');
    expect(mail.html).toContain('Total inc VAT (GBP)');
    expect(mail.attachments).toEqual([expect.objectContaining({ filename: `${order.invoice.number}.pdf`, content_type: 'application/pdf' })]);
    const pdf = await pdfOfMail(mail.id);
    expect(pdf).toContain(`Invoice number ${order.invoice.number}`);
    expect(pdf).toContain('Payment terms');
    expect(pdf).toContain('Payment due');
    expect(pdf).toContain('Your PO number RBC-PO-4471');
  });

  it('BACS payments add up; the one that covers the total marks it paid; more is refused', async () => {
    const placed = (await checkout(buyer.bearer, [{ optionId: pack, qty: 3 }], { payment_method: 'invoice', po_number: 'RBC-PO-4472' })).body.order;
    const total = placed.totals.grand_total as number;
    const pay = (body: object) => as(admin).post(`/api/admin/orders/${placed.id}/payments`).send(body);

    await pay({ amount: 0, reference: 'X' }).expect(422);
    await pay({ amount: 100, reference: '' }).expect(422);
    await pay({ amount: '100', reference: 'BACS 1' }).expect(422);
    await as(buyer.bearer).post(`/api/admin/orders/${placed.id}/payments`).send({ amount: 100, reference: 'BACS 1' }).expect(403);
    expect((await pay({ amount: total + 1, reference: 'BACS TOO MUCH' }).expect(422)).body.errors.amount[0]).toMatch(/more than the £[\d,.]+ outstanding/);

    const part = (await pay({ amount: 1000, reference: 'BACS RBC 001' }).expect(201)).body;
    expect(part).toMatchObject({ status: 'awaiting_payment', amount_paid: 1000, amount_due: total - 1000, paid_at: null });
    expect(part.payments).toEqual([expect.objectContaining({ amount: 1000, reference: 'BACS RBC 001', method: 'bacs' })]);
    const full = (await pay({ amount: total - 1000, reference: 'BACS RBC 002' }).expect(201)).body;
    expect(full).toMatchObject({ status: 'paid', amount_paid: total, amount_due: 0 });
    expect(full.paid_at).not.toBeNull();
    expect(full.history.at(-1)).toMatchObject({ from: 'awaiting_payment', to: 'paid', note: expect.stringMatching(/Paid in full by BACS/) });
    expect((await pay({ amount: 1, reference: 'BACS RBC 003' }).expect(409)).body.message).toMatch(/paid in full already/);

    const receipt = await waitForMail(shop, buyer.email, `Payment received for invoice ${placed.invoice.number}`);
    expect(await pdfOfMail(receipt.id)).toMatch(/Paid by BACS on/);
  });

  it('an order on account can be fulfilled before the money comes; paying it later keeps its status', async () => {
    const placed = (await checkout(buyer.bearer, [{ optionId: dvd, qty: 1 }], { payment_method: 'invoice', po_number: 'RBC-PO-4473' })).body.order;
    await as(admin).post(`/api/admin/orders/${placed.id}/transitions`).send({ to: 'paid' }).expect(409); // only a payment pays
    await as(admin).post(`/api/admin/orders/${placed.id}/transitions`).send({ to: 'processing' }).expect(200);
    await as(admin).post(`/api/admin/orders/${placed.id}/transitions`).send({ to: 'dispatched', tracking_number: 'RM123456785GB' }).expect(200);
    const dispatched = await waitForMail(shop, buyer.email, `Order ${placed.number} is on its way`);
    expect(dispatched.text).toContain('Tracking number: RM123456785GB');
    expect(dispatched.attachments).toEqual([]);

    const paid = (await as(admin).post(`/api/admin/orders/${placed.id}/payments`).send({ amount: placed.totals.grand_total, reference: 'BACS RBC 010' }).expect(201)).body;
    expect(paid).toMatchObject({ status: 'dispatched', amount_due: 0 });
    expect(paid.paid_at).not.toBeNull();
  });

  it('cancelling an invoiced order on account issues its credit note and e-mails it; card orders take no BACS', async () => {
    const placed = (await checkout(buyer.bearer, [{ optionId: dvd, qty: 1 }], { payment_method: 'invoice', po_number: 'RBC-PO-4474' })).body.order;
    const cancelled = (await as(admin).post(`/api/admin/orders/${placed.id}/transitions`).send({ to: 'cancelled', note: 'PO withdrawn' }).expect(200)).body;
    expect(cancelled.credit_note.number).toMatch(/^CN-\d{6}$/);
    const mail = await waitForMail(shop, buyer.email, `Credit note ${cancelled.credit_note.number} for order ${placed.number}`);
    expect(mail.text).toContain(`cancels invoice ${placed.invoice.number}`);
    await as(admin).post(`/api/admin/orders/${placed.id}/payments`).send({ amount: 100, reference: 'LATE' }).expect(409);

    const card = (await checkout(buyer.bearer, [{ optionId: pack, qty: 1 }], { payment_method: 'card' })).body.order;
    expect(card.status).toBe('pending_payment');
    expect((await as(admin).post(`/api/admin/orders/${card.id}/payments`).send({ amount: 100, reference: 'X' }).expect(409)).body.message).toMatch(/paid by card/);
  });

  it('a card payment e-mails the confirmation with the VAT invoice in the body and attached', async () => {
    const customer = await bearerFor(shop, DEMO_CUSTOMER);
    const placed = (await checkout(customer, [{ optionId: pack, qty: 2 }], { payment_method: 'card' })).body;
    const [row] = await shop.sql<{ payment_reference: string }>('select payment_reference from orders where id = ?', [placed.order.id]);
    const event = completedEvent(`evt_poa_${placed.order.id}`, row!.payment_reference, placed.order.id, placed.order.totals.grand_total);
    await http().post('/api/payments/test/webhook').set('content-type', 'application/json').set('stripe-signature', stripeSignature(event, SECRET)).send(event).expect(200);
    const invoice = (await shop.sql<{ invoice_number: string | null }>('select invoice_number from orders where id = ?', [placed.order.id]))[0]!.invoice_number;
    expect(invoice).toMatch(/^INV-/);
    const mail = await waitForMail(shop, DEMO_CUSTOMER.email, `Order ${placed.order.number} confirmed: VAT invoice ${invoice}`);
    for (const field of [`VAT invoice ${invoice}`, 'HS Training Direct Ltd', 'VAT registration no. GB 123 4567 89', '2 x Legionella Toolkit (Download)', 'at £20.00 ex VAT', 'VAT 20%', 'Total inc VAT: £48.00']) {
      expect({ field, found: mail.text.includes(field) }).toEqual({ field, found: true });
    }
    expect(mail.text).toContain('/account/downloads');
    expect(await pdfOfMail(mail.id)).toContain(`Invoice number ${invoice}`);
  });
});
