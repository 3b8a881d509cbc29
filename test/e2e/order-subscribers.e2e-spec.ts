import request from 'supertest';
import { OrderTransitionSubscribers, type OrderTransitionEvent } from '../../src/modules/orders/index.js';
import { createProduct } from '../support/catalogue-fixtures.js';
import { bearerFor, DEMO_ADMIN } from '../support/identity-client.js';
import { completedEvent, createCustomer, placeOrder, stripeSignature } from '../support/orders-fixtures.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { databaseKind } from '../support/test-database.js';

const SECRET = 'whsec_order_subscribers_secret_0123456789';

/**
 * The subscription point of the order process (issue 29, ADR 0036), as the coming training module will use it
 * through the orders module's index: a handler of `paid` is called once when the webhook pays an order, a handler
 * of `awaiting_payment` once when an order is placed on account, and both run inside the change's transaction — a
 * handler that throws refuses the payment (nothing is paid, no invoice number is used) until it is delivered again.
 */
describe(`Order transition subscribers (${databaseKind})`, () => {
  let shop: TestApp;
  let optionId: number;
  const http = () => request(shop.app.getHttpServer());
  const webhook = (body: string) =>
    http().post('/api/payments/test/webhook').set('content-type', 'application/json').set('stripe-signature', stripeSignature(body, SECRET)).send(body);
  const orderRow = async (id: number) =>
    (await shop.sql<{ status: string; invoice_number: string | null }>('select status, invoice_number from orders where id = ?', [id]))[0]!;

  beforeAll(async () => {
    shop = await startTestApp({ PAYMENT_TEST_WEBHOOK_SECRET: SECRET });
    optionId = (await createProduct(shop.sql, { options: [{ kind: 'download', price: 1500, qty: null }] })).optionIds[0]!;
  }, 60_000);
  afterAll(() => shop?.close(), 30_000);

  it('calls a `paid` subscriber once, inside the paying transaction: its failure leaves the order unpaid', async () => {
    const subscribers = shop.app.get(OrderTransitionSubscribers);
    const customer = await createCustomer(shop);
    const placed = (await placeOrder(shop, customer.id, [{ optionId, qty: 2 }])).order;
    const [row] = await shop.sql<{ payment_reference: string; grand_total: number }>('select payment_reference, grand_total from orders where id = ?', [placed.id]);
    const body = completedEvent(`evt_sub_${placed.id}`, row!.payment_reference, placed.id, row!.grand_total);

    const failing = subscribers.on('paid', () => {
      throw new Error('the licence store is down');
    });
    expect((await webhook(body)).status).toBe(500);
    failing();
    expect(await orderRow(placed.id)).toEqual({ status: 'pending_payment', invoice_number: null });

    const seen: OrderTransitionEvent[] = [];
    const stop = subscribers.on('paid', (event) => {
      seen.push(event);
    });
    try {
      expect((await webhook(body)).status).toBe(200); // the provider's redelivery of the same event
      expect((await webhook(body)).status).toBe(200); // and once more: a duplicate, which changes nothing
    } finally {
      stop();
    }
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      orderId: placed.id, orderNumber: placed.number, customerId: customer.id, paymentMethod: 'card',
      from: 'pending_payment', change: 'paid', status: 'paid', actor: 'payment',
      lines: [{ optionId, kind: 'download', qty: 2, productId: expect.any(Number), lineId: expect.any(Number) }],
    });
    expect((await orderRow(placed.id)).status).toBe('paid');
  });

  it('calls an `awaiting_payment` subscriber once when an order is placed on account, and not for card orders', async () => {
    const subscribers = shop.app.get(OrderTransitionSubscribers);
    const council = await createCustomer(shop);
    await shop.sql('update users set account_terms = true where id = ?', [council.id]);
    const seen: OrderTransitionEvent[] = [];
    const stop = subscribers.on('awaiting_payment', (event) => {
      seen.push(event);
    });
    try {
      await placeOrder(shop, council.id, [{ optionId, qty: 1 }]); // by card: not on account
      const onAccount = (await placeOrder(shop, council.id, [{ optionId, qty: 3 }], { paymentMethod: 'invoice', poNumber: 'PO-SUB-1' })).order;
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatchObject({ orderId: onAccount.id, from: null, change: 'awaiting_payment', status: 'awaiting_payment', actor: 'customer', paymentMethod: 'invoice' });
      expect(onAccount.invoice).toEqual({ number: expect.stringMatching(/^INV-\d{6}$/), date: expect.any(String) });
    } finally {
      stop();
    }

    // A handler that throws refuses the placing: no order, no stock taken, no invoice number used.
    const before = await shop.sql<{ count: number }>('select count(*)::int as count from orders where customer_id = ?', [council.id]);
    const failing = subscribers.on('awaiting_payment', () => {
      throw new Error('refused by a subscriber');
    });
    try {
      await expect(placeOrder(shop, council.id, [{ optionId, qty: 1 }], { paymentMethod: 'invoice', poNumber: 'PO-SUB-2' })).rejects.toThrow('refused by a subscriber');
    } finally {
      failing();
    }
    expect(await shop.sql('select count(*)::int as count from orders where customer_id = ?', [council.id])).toEqual(before);
  });

  it('calls a `refunded` subscriber once when staff refund a paid order (the seats a licence gave are revoked there)', async () => {
    const subscribers = shop.app.get(OrderTransitionSubscribers);
    const customer = await createCustomer(shop);
    const placed = (await placeOrder(shop, customer.id, [{ optionId, qty: 1 }])).order;
    const [row] = await shop.sql<{ payment_reference: string; grand_total: number }>('select payment_reference, grand_total from orders where id = ?', [placed.id]);
    expect((await webhook(completedEvent(`evt_sub_refund_${placed.id}`, row!.payment_reference, placed.id, row!.grand_total))).status).toBe(200);
    const seen: OrderTransitionEvent[] = [];
    const stop = subscribers.on('refunded', (event) => {
      seen.push(event);
    });
    try {
      const admin = await bearerFor(shop, DEMO_ADMIN);
      await http().post(`/api/admin/orders/${placed.id}/transitions`).set('Authorization', admin).send({ to: 'refunded' }).expect(200);
      await http().post(`/api/admin/orders/${placed.id}/transitions`).set('Authorization', admin).send({ to: 'refunded' }).expect(409);
    } finally {
      stop();
    }
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ orderId: placed.id, from: 'paid', change: 'refunded', status: 'refunded', actor: 'staff' });
  });
});
