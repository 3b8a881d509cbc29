import { jest } from '@jest/globals';
import request from 'supertest';
import { createProduct } from '../support/catalogue-fixtures.js';
import { DEMO_ADMIN, GOOD_PASSWORD, bearerFor, nextIp, signInByApi, uniqueEmail } from '../support/identity-client.js';
import { completedEvent, deliveryTypeId, placeOrder, stripeSignature } from '../support/orders-fixtures.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { databaseKind } from '../support/test-database.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../../src/modules/orders/application/ports/payment-provider.port.js';

const SECRET = 'whsec_after_sale_secret_0123456789abcdef';

/** After the sale (issue 28): paying later, cancelling, who sees which notes, partial refunds. */
describe(`After the sale (${databaseKind})`, () => {
  let shop: TestApp;
  let admin: string;
  let tracked48: number;
  const http = () => request(shop.app.getHttpServer());
  const as = (token: string) => ({
    get: (path: string) => http().get(path).set('Authorization', token),
    post: (path: string, body: object = {}) => http().post(path).set('Authorization', token).send(body),
  });
  const qtyOf = async (optionId: number) => (await shop.sql<{ qty: number }>('select qty from product_options where id = ?', [optionId]))[0]!.qty;
  const orderRow = async (id: number) =>
    (await shop.sql<{ status: string; payment_reference: string; grand_total: number }>('select status, payment_reference, grand_total from orders where id = ?', [id]))[0]!;
  const webhook = async (orderId: number, reference?: string) => {
    const order = await orderRow(orderId);
    const body = completedEvent(`evt_as_${orderId}_${Math.random().toString(36).slice(2)}`, reference ?? order.payment_reference, orderId, order.grand_total);
    return (await http().post('/api/payments/test/webhook').set('content-type', 'application/json').set('stripe-signature', stripeSignature(body, SECRET)).send(body).expect(200)).body.outcome as string;
  };
  /** A newly registered customer, signed in by bearer token. */
  const customer = async (fields: { accountTerms?: boolean } = {}) => {
    const email = uniqueEmail('aftersale');
    await http().post('/api/register').set('X-Forwarded-For', nextIp())
      .send({ email, password: GOOD_PASSWORD, password_confirmation: GOOD_PASSWORD, first_name: 'Pat', last_name: 'Later' }).expect(201);
    const signedIn = await signInByApi(shop, { email, password: GOOD_PASSWORD });
    if (fields.accountTerms) await shop.sql('update users set account_terms = true where id = ?', [signedIn.user.id]);
    return { id: signedIn.user.id, token: signedIn.bearer };
  };
  const posters = async (qty = 10) => (await createProduct(shop.sql, { title: 'Fire Exit Poster', options: [{ name: 'A3', kind: 'physical', qty, weight: 200, price: 1000 }] })).optionIds[0]!;

  beforeAll(async () => {
    shop = await startTestApp({ PAYMENT_TEST_WEBHOOK_SECRET: SECRET });
    admin = await bearerFor(shop, DEMO_ADMIN);
    tracked48 = await deliveryTypeId(shop, 'Royal Mail Tracked 48');
  }, 60_000);
  afterAll(() => shop?.close(), 30_000);

  describe('POST /api/orders/{id}/pay', () => {
    it('answers the open session of the owner\'s unpaid card order, and 404 for anybody else', async () => {
      const buyer = await customer();
      const stranger = await customer();
      const order = (await placeOrder(shop, buyer.id, [{ optionId: await posters(), qty: 1 }], { deliveryTypeId: tracked48 })).order;
      const { payment_reference: reference } = await orderRow(order.id);
      expect((await as(buyer.token).post(`/api/orders/${order.id}/pay`).expect(200)).body).toEqual({ payment_url: `/pay/test/${reference}` });
      await as(stranger.token).post(`/api/orders/${order.id}/pay`).expect(404);
      await as(buyer.token).post('/api/orders/2147483647/pay').expect(404);
      await http().post(`/api/orders/${order.id}/pay`).expect(401);
    });

    it('opens a fresh session once the old one has expired, which the webhook then pays', async () => {
      const buyer = await customer();
      const order = (await placeOrder(shop, buyer.id, [{ optionId: await posters(), qty: 1 }], { deliveryTypeId: tracked48 })).order;
      const { payment_reference: old } = await orderRow(order.id);
      const provider = shop.app.get<PaymentProvider>(PAYMENT_PROVIDER);
      const resume = jest.spyOn(provider, 'resumeSession').mockResolvedValueOnce(null);
      try {
        const res = await as(buyer.token).post(`/api/orders/${order.id}/pay`).expect(200);
        const { payment_reference: fresh } = await orderRow(order.id);
        expect(fresh).not.toBe(old);
        expect(res.body).toEqual({ payment_url: `/pay/test/${fresh}` });
        expect(resume).toHaveBeenCalledWith(old);
      } finally {
        resume.mockRestore();
      }
      expect(await webhook(order.id, old)).toBe('unknown_order');
      expect(await webhook(order.id)).toBe('paid');
      expect((await orderRow(order.id)).status).toBe('paid');
    });

    it('is 409 for a paid order and for an order on account', async () => {
      const buyer = await customer({ accountTerms: true });
      const paid = (await placeOrder(shop, buyer.id, [{ optionId: await posters(), qty: 1 }], { deliveryTypeId: tracked48 })).order;
      expect(await webhook(paid.id)).toBe('paid');
      const res = await as(buyer.token).post(`/api/orders/${paid.id}/pay`).expect(409);
      expect(res.body.message).toContain('cannot be paid now');
      const onAccount = (await placeOrder(shop, buyer.id, [{ optionId: await posters(), qty: 1 }], { deliveryTypeId: tracked48, paymentMethod: 'invoice', poNumber: 'PO-PAY-1' })).order;
      await as(buyer.token).post(`/api/orders/${onAccount.id}/pay`).expect(409);
    });
  });

  describe('POST /api/orders/{id}/cancel', () => {
    it('cancels the owner\'s unpaid order, gives the stock back once and puts the lines back in the basket once, under retries', async () => {
      const buyer = await customer();
      const stranger = await customer();
      const optionId = await posters(10);
      const order = (await placeOrder(shop, buyer.id, [{ optionId, qty: 3 }], { deliveryTypeId: tracked48 })).order;
      expect(await qtyOf(optionId)).toBe(7);
      await as(stranger.token).post(`/api/orders/${order.id}/cancel`, { restore_basket: true }).expect(404);
      await as(buyer.token).post(`/api/orders/${order.id}/cancel`, { restore_basket: 'yes' }).expect(422);

      const [first, retry] = await Promise.all([
        as(buyer.token).post(`/api/orders/${order.id}/cancel`, { restore_basket: true }),
        as(buyer.token).post(`/api/orders/${order.id}/cancel`, { restore_basket: true }),
      ]);
      expect([first.status, retry.status]).toEqual([200, 200]);
      expect([first.body.order, retry.body.order]).toEqual([
        { id: order.id, number: order.number, status: 'cancelled' }, { id: order.id, number: order.number, status: 'cancelled' },
      ]);
      expect(await qtyOf(optionId)).toBe(10);
      await as(buyer.token).post(`/api/orders/${order.id}/cancel`, { restore_basket: true }).expect(200);
      expect(await qtyOf(optionId)).toBe(10);
      const basket = (await as(buyer.token).get('/api/basket').expect(200)).body;
      expect(basket.items.map((line: { option_id: number; qty: number }) => [line.option_id, line.qty])).toEqual([[optionId, 3]]);
      const history = await shop.sql<{ to_status: string; actor_id: number | null }>('select to_status, actor_id from order_history where order_id = ? order by id', [order.id]);
      expect(history.map((entry) => entry.to_status)).toEqual(['pending_payment', 'cancelled']);
      expect(history[1]!.actor_id).toBe(buyer.id);

      // Nothing left to pay; a payment arriving now is noted for staff to refund (ADR 0016's paid_after_cancel).
      await as(buyer.token).post(`/api/orders/${order.id}/pay`).expect(409);
      expect(await webhook(order.id)).toBe('paid_after_cancel');
      expect((await orderRow(order.id)).status).toBe('cancelled');
      expect(await qtyOf(optionId)).toBe(10);
    });

    it('leaves the basket alone unless asked', async () => {
      const buyer = await customer();
      const order = (await placeOrder(shop, buyer.id, [{ optionId: await posters(), qty: 2 }], { deliveryTypeId: tracked48 })).order;
      const res = await as(buyer.token).post(`/api/orders/${order.id}/cancel`).expect(200);
      expect(res.body).toEqual({ order: { id: order.id, number: order.number, status: 'cancelled' }, basket: null });
      expect((await as(buyer.token).get('/api/basket').expect(200)).body.items).toEqual([]);
    });

    it('is 409 once paid, and for an order on account', async () => {
      const buyer = await customer({ accountTerms: true });
      const optionId = await posters(10);
      const paid = (await placeOrder(shop, buyer.id, [{ optionId, qty: 1 }], { deliveryTypeId: tracked48 })).order;
      expect(await webhook(paid.id)).toBe('paid');
      expect((await as(buyer.token).post(`/api/orders/${paid.id}/cancel`).expect(409)).body.message).toContain('contact us for a refund');
      const onAccount = (await placeOrder(shop, buyer.id, [{ optionId, qty: 1 }], { deliveryTypeId: tracked48, paymentMethod: 'invoice', poNumber: 'PO-CAN-1' })).order;
      await as(buyer.token).post(`/api/orders/${onAccount.id}/cancel`).expect(409);
      expect((await orderRow(paid.id)).status).toBe('paid');
      expect((await orderRow(onAccount.id)).status).toBe('awaiting_payment');
      expect(await qtyOf(optionId)).toBe(8);
      void admin;
    });
  });
});
