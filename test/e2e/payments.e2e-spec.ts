import { createServer } from 'node:net';
import request from 'supertest';
import Stripe from 'stripe';
import { PaymentTimeout } from '../../src/modules/orders/index.js';
import { JobWorker } from '../../src/platform/queue/index.js';
import { createProduct } from '../support/catalogue-fixtures.js';
import { CookieClient, nextIp, uniqueEmail } from '../support/identity-client.js';
import { describeOnce, itOnce } from '../support/once-across-databases.js';
import { completedEvent, createCustomer, deliveryTypeId, inContext, placeOrder, stripeSignature } from '../support/orders-fixtures.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { databaseKind } from '../support/test-database.js';

const SECRET = 'whsec_payments_e2e_secret_0123456789';

/** A Stripe-shaped checkout session event; `session` overrides (or, with undefined, removes) the session's fields. */
function sessionEvent(eventId: string, type: string, reference: string, orderId: number, session: Record<string, unknown>): string {
  const object: Record<string, unknown> = {
    id: reference, object: 'checkout.session', amount_total: 0, currency: 'gbp', payment_status: 'paid', metadata: { order_id: String(orderId) }, ...session,
  };
  for (const [key, value] of Object.entries(session)) if (value === undefined) delete object[key];
  return JSON.stringify({ id: eventId, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } });
}

interface WebhookPath {
  /** An order awaiting payment through this provider. */
  arrange(): Promise<{ id: number; reference: string; total: number }>;
  /** Posts the event correctly signed for this provider; the answer's outcome. */
  deliver(body: string): Promise<string>;
  statusOf(orderId: number): Promise<string>;
  notesOf(orderId: number): Promise<string[]>;
}

/**
 * What a correctly signed event must prove before an order is paid (issue 25): the same checks whichever provider
 * signed it, since both send Stripe-shaped events.
 */
function believesOnlyWhatIsProven(path: () => WebhookPath) {
  let n = 0;
  const eventId = (name: string) => `evt_${name}_${process.pid}_${++n}`;

  it.each<[string, (total: number) => Record<string, unknown>, string]>([
    ['a completed session still unpaid', (total) => ({ amount_total: total, payment_status: 'unpaid' }), 'awaiting_payment'],
    ['a session needing no payment', (total) => ({ amount_total: total, payment_status: 'no_payment_required' }), 'awaiting_payment'],
    ['no payment_status', (total) => ({ amount_total: total, payment_status: undefined }), 'awaiting_payment'],
    ['dollars', (total) => ({ amount_total: total, currency: 'usd' }), 'currency_mismatch'],
    ['no amount_total', () => ({ amount_total: undefined }), 'amount_mismatch'],
    ['a penny short', (total) => ({ amount_total: total - 1 }), 'amount_mismatch'],
    ['a penny over', (total) => ({ amount_total: total + 1 }), 'amount_mismatch'],
  ])('leaves the order unpaid for %s', async (_case, session, outcome) => {
    const order = await path().arrange();
    expect(await path().deliver(sessionEvent(eventId('unproven'), 'checkout.session.completed', order.reference, order.id, session(order.total)))).toBe(outcome);
    expect(await path().statusOf(order.id)).toBe('pending_payment');
  });

  it('pays on async_payment_succeeded after a completed-but-unpaid session, with the same checks', async () => {
    const order = await path().arrange();
    const deliver = (type: string, session: Record<string, unknown>) => path().deliver(sessionEvent(eventId('async'), type, order.reference, order.id, session));
    expect(await deliver('checkout.session.completed', { amount_total: order.total, payment_status: 'unpaid' })).toBe('awaiting_payment');
    expect(await deliver('checkout.session.async_payment_succeeded', { amount_total: order.total, currency: 'usd' })).toBe('currency_mismatch');
    expect(await deliver('checkout.session.async_payment_succeeded', { amount_total: order.total - 1 })).toBe('amount_mismatch');
    expect(await path().statusOf(order.id)).toBe('pending_payment');
    expect(await deliver('checkout.session.async_payment_succeeded', { amount_total: order.total })).toBe('paid');
    expect(await path().statusOf(order.id)).toBe('paid');
    // A failure reported for an order no longer waiting changes nothing and notes nothing.
    expect(await deliver('checkout.session.async_payment_failed', { amount_total: order.total, payment_status: 'unpaid' })).toBe('ignored');
    expect(await path().statusOf(order.id)).toBe('paid');
    expect(await path().notesOf(order.id)).not.toContainEqual(expect.stringContaining('The payment failed'));
  });

  it('notes an async_payment_failed and leaves the order waiting for the time-out', async () => {
    const order = await path().arrange();
    const failed = sessionEvent(eventId('failed'), 'checkout.session.async_payment_failed', order.reference, order.id, { amount_total: order.total, payment_status: 'unpaid' });
    expect(await path().deliver(failed)).toBe('payment_failed');
    expect(await path().statusOf(order.id)).toBe('pending_payment');
    expect(await path().notesOf(order.id)).toContainEqual(expect.stringContaining('The payment failed'));
  });
}

/** A free TCP port on the loopback, for a shop that must reach itself over real HTTP (the test provider's webhook). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Payments (issue 12): the embedded test provider's hosted page and Pay (a signed webhook sent through the
 * durable queue over real HTTP), the webhook as the only way to `paid` (forged, stale, repeated events), and the
 * payment timeout.
 */
describe(`Payments (${databaseKind})`, () => {
  let shop: TestApp;
  let worker: JobWorker;
  let tracked48: number;
  const http = () => request(shop.app.getHttpServer());
  const statusOf = async (orderId: number) => (await shop.sql<{ status: string }>('select status from orders where id = ?', [orderId]))[0]!.status;
  const qtyOf = async (optionId: number) => (await shop.sql<{ qty: number }>('select qty from product_options where id = ?', [optionId]))[0]!.qty;
  const historyOf = (orderId: number) =>
    shop.sql<{ from_status: string | null; to_status: string; note: string | null }>('select from_status, to_status, note from order_history where order_id = ? order by id', [orderId]);
  const referenceOf = async (orderId: number) => (await shop.sql<{ payment_reference: string }>('select payment_reference from orders where id = ?', [orderId]))[0]!.payment_reference;
  const webhook = (body: string, signature?: string) => {
    const req = http().post('/api/payments/test/webhook').set('content-type', 'application/json');
    return (signature ? req.set('stripe-signature', signature) : req).send(body);
  };

  /** A customer signed in with a browser's cookies (session + XSRF), and their id. */
  const signedInCustomer = async () => {
    const client = new CookieClient(shop, nextIp());
    const email = uniqueEmail('payer');
    const res = await client.post('/api/register', { first_name: 'Pat', last_name: 'Payer', email, password: 'paying-password-123', password_confirmation: 'paying-password-123' });
    expect(res.status).toBeLessThan(300);
    const [row] = await shop.sql<{ id: number }>('select id from users where email = ?', [email]);
    // Registering queues the address's verification e-mail: sent now, so a test's drain counts only what it causes.
    await worker.drain();
    return { client, id: row!.id };
  };

  /** A physical order awaiting payment: 2 of an option with 5 in stock; a new customer's unless `customerId` is given. */
  const newOrder = async (customerId?: number) => {
    const buyer = customerId === undefined ? await createCustomer(shop) : { id: customerId };
    const { optionIds: [optionId] } = await createProduct(shop.sql, { title: 'Working at Height DVD', options: [{ name: 'DVD', price: 2500, weight: 200, qty: 5 }] });
    const placed = await placeOrder(shop, buyer.id, [{ optionId: optionId!, qty: 2 }], { deliveryTypeId: tracked48 });
    return { id: placed.order.id, number: placed.order.number, total: placed.order.totals.grand_total, optionId: optionId!, reference: await referenceOf(placed.order.id), url: placed.payment_url! };
  };

  beforeAll(async () => {
    const port = await freePort();
    shop = await startTestApp({
      PAYMENT_TEST_WEBHOOK_SECRET: SECRET, RUN_QUEUE_WORKER: 'false', PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`,
      TRUST_PROXY: '127.0.0.1,::1,::ffff:127.0.0.1', // each signed-in customer comes from its own address (rate limits)
    });
    await shop.app.listen(port, '127.0.0.1');
    worker = shop.app.get(JobWorker);
    tracked48 = await deliveryTypeId(shop, 'Royal Mail Tracked 48');
  }, 60_000);
  afterAll(() => shop?.close(), 30_000);

  describe('the test provider', () => {
    itOnce('shows a hosted page with the order number and amount, its script allowed by the CSP nonce', async () => {
      const owner = await signedInCustomer();
      const order = await newOrder(owner.id);
      const res = await owner.client.get(order.url);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.text).toContain(`Order ${order.number}`);
      expect(res.text).toContain(`£${(order.total / 100).toFixed(2)}`);
      expect(res.text).toContain(`href="/cancelled?order=${order.id}"`);
      const nonce = /'nonce-([^']+)'/.exec(res.headers['content-security-policy'] as string)?.[1];
      expect(nonce).toBeTruthy();
      expect(res.text).toContain(`<script nonce="${nonce}">`);
      expect((await owner.client.get('/pay/test/cs_test_nobody')).status).toBe(404);
      expect((await owner.client.get('/pay/test/..%2f..%2fetc')).status).toBe(404);
    });

    it('pays through a signed webhook on the durable queue; /complete before it arrives leaves the order unpaid', async () => {
      const owner = await signedInCustomer();
      const order = await newOrder(owner.id);
      const paid = await owner.client.post(`/api/payments/test/sessions/${order.reference}/pay`, {});
      expect(paid.status).toBe(200);
      expect(paid.body).toEqual({ redirect_url: `/complete?order=${order.id}` });

      // The browser is back on /complete, the webhook not delivered yet: the order is still unpaid.
      await http().get(`/complete?order=${order.id}`);
      expect(await statusOf(order.id)).toBe('pending_payment');

      expect(await worker.drain()).toBe(2); // POSTs the signed event to PUBLIC_URL, then sends the confirmation e-mail it queued
      expect(await statusOf(order.id)).toBe('paid');
      expect(await historyOf(order.id)).toEqual([
        expect.objectContaining({ from_status: null, to_status: 'pending_payment' }),
        expect.objectContaining({ from_status: 'pending_payment', to_status: 'paid', note: expect.stringContaining(order.reference) }),
      ]);
      const page = await owner.client.get(order.url);
      expect(page.status).toBe(200);
      expect(page.text).toContain('no longer waiting for payment');
      expect((await owner.client.post(`/api/payments/test/sessions/${order.reference}/pay`, {})).status).toBe(409);
    });

    describeOnce('belongs to the customer who placed the order (issue 25)', () => {
      const payPath = (reference: string) => `/api/payments/test/sessions/${reference}/pay`;
      let owner: Awaited<ReturnType<typeof signedInCustomer>>;
      let order: Awaited<ReturnType<typeof newOrder>>;
      beforeAll(async () => {
        owner = await signedInCustomer();
        order = await newOrder(owner.id);
      });
      /** Whatever was refused queued nothing: the order is still unpaid once the queue has run. */
      const expectStillUnpaid = async () => {
        await worker.drain();
        expect(await statusOf(order.id)).toBe('pending_payment');
      };

      it('is not found without cookies: the page and Pay', async () => {
        const page = await http().get(order.url).expect(404);
        expect(page.headers['content-type']).toMatch(/text\/html/);
        expect(page.text).toContain('Payment session not found');
        expect(page.text).not.toContain(order.number);
        const paid = await http().post(payPath(order.reference)).set('content-type', 'application/json').send({}).expect(404);
        expect(paid.body.message).not.toContain(order.number);
        await expectStillUnpaid();
      });

      it('is not found for another signed-in customer: the page and Pay', async () => {
        const stranger = await signedInCustomer();
        const page = await stranger.client.get(order.url);
        expect(page.status).toBe(404);
        expect(page.text).not.toContain(order.number);
        expect((await stranger.client.post(payPath(order.reference), {})).status).toBe(404);
        await expectStillUnpaid();
      });

      it('refuses the owner\'s Pay without the XSRF header, or with another one (403)', async () => {
        expect((await owner.client.post(payPath(order.reference), {}, { xsrf: false })).status).toBe(403);
        const forged = await request(shop.app.getHttpServer()).post(payPath(order.reference)).set('X-Forwarded-For', owner.client.ip)
          .set('Cookie', `shop_session=${owner.client.cookie('shop_session')}; XSRF-TOKEN=planted`).set('X-XSRF-TOKEN', 'planted').send({});
        expect(forged.status).toBe(403);
        await expectStillUnpaid();
      });

      it('lets the owner pay', async () => {
        expect((await owner.client.get(order.url)).status).toBe(200);
        const paid = await owner.client.post(payPath(order.reference), {});
        expect(paid.status).toBe(200);
        await worker.drain();
        expect(await statusOf(order.id)).toBe('paid');
      });
    });

    itOnce('answers 404 on another provider\'s webhook path', async () => {
      await webhook('{}', 't=1,v1=00').expect(400);
      await http().post('/api/payments/stripe/webhook').set('content-type', 'application/json').send('{}').expect(404);
    });
  });

  describe('the webhook', () => {
    itOnce('refuses a forged, a stale and an unsigned event with 400, and nothing changes', async () => {
      const order = await newOrder();
      const body = completedEvent('evt_forged_1', order.reference, order.id, order.total);
      await webhook(body, stripeSignature(body, 'whsec_not_the_shops_secret_at_all')).expect(400);
      await webhook(body, stripeSignature(body, SECRET, Math.floor(Date.now() / 1000) - 301)).expect(400);
      await webhook(body).expect(400);
      await webhook(body.replace(String(order.total), '1'), stripeSignature(body, SECRET)).expect(400);
      expect(await statusOf(order.id)).toBe('pending_payment');
      expect(await shop.sql('select * from payment_events where event_id = ?', ['evt_forged_1'])).toHaveLength(0);
    });

    it('applies the same event once', async () => {
      const order = await newOrder();
      const body = completedEvent('evt_twice_1', order.reference, order.id, order.total);
      const first = await webhook(body, stripeSignature(body, SECRET)).expect(200);
      expect(first.body).toEqual({ received: true, outcome: 'paid' });
      const second = await webhook(body, stripeSignature(body, SECRET)).expect(200);
      expect(second.body.outcome).toBe('duplicate');
      const other = completedEvent('evt_twice_2', order.reference, order.id, order.total);
      expect((await webhook(other, stripeSignature(other, SECRET)).expect(200)).body.outcome).toBe('already_paid');
      expect((await historyOf(order.id)).filter((entry) => entry.to_status === 'paid')).toHaveLength(1);
      expect(await shop.sql('select outcome from payment_events where event_id = ?', ['evt_twice_1'])).toEqual([{ outcome: 'paid' }]);
    });

    it('applies one of two deliveries of the same event racing each other', async () => {
      const order = await newOrder();
      const body = completedEvent('evt_race_1', order.reference, order.id, order.total);
      const outcomes = await Promise.all([webhook(body, stripeSignature(body, SECRET)), webhook(body, stripeSignature(body, SECRET))]);
      expect(outcomes.map((res) => res.body.outcome).sort()).toEqual(['duplicate', 'paid']);
    });

    it('records a payment of a cancelled order without bringing the order back', async () => {
      const order = await newOrder();
      await shop.sql(`update orders set created_at = created_at - interval '31 minutes' where id = ?`, [order.id]);
      expect(await inContext(shop, () => shop.app.get(PaymentTimeout).expireUnpaid(order.id))).toBe(true);
      const body = completedEvent('evt_late_1', order.reference, order.id, order.total);
      expect((await webhook(body, stripeSignature(body, SECRET)).expect(200)).body.outcome).toBe('paid_after_cancel');
      expect(await statusOf(order.id)).toBe('cancelled');
      expect((await historyOf(order.id)).at(-1)).toMatchObject({ from_status: 'cancelled', to_status: 'cancelled', note: expect.stringContaining('refund') });
      expect(await qtyOf(order.optionId)).toBe(5);
    });

    it('leaves an order unpaid when the amount paid is not its total, and ignores other events and unknown sessions', async () => {
      const order = await newOrder();
      const short = completedEvent('evt_short_1', order.reference, order.id, order.total - 1);
      expect((await webhook(short, stripeSignature(short, SECRET)).expect(200)).body.outcome).toBe('amount_mismatch');
      const unknown = completedEvent('evt_unknown_1', 'cs_test_nobody', order.id, order.total);
      expect((await webhook(unknown, stripeSignature(unknown, SECRET)).expect(200)).body.outcome).toBe('unknown_order');
      const other = JSON.stringify({ id: 'evt_other_1', type: 'payment_intent.created', data: { object: { id: 'pi_1' } } });
      expect((await webhook(other, stripeSignature(other, SECRET)).expect(200)).body.outcome).toBe('ignored');
      expect(await statusOf(order.id)).toBe('pending_payment');
    });
  });

  describeOnce('what a signed event proves, from the test provider', () => {
    believesOnlyWhatIsProven(() => ({
      arrange: newOrder,
      deliver: async (body) => (await webhook(body, stripeSignature(body, SECRET)).expect(200)).body.outcome as string,
      statusOf,
      notesOf: async (orderId) => (await historyOf(orderId)).map((entry) => entry.note ?? ''),
    }));
  });

  describe('the payment timeout', () => {
    it('cancels an unpaid order once its time is up and gives the stock back, once', async () => {
      const order = await newOrder();
      expect(await qtyOf(order.optionId)).toBe(3);
      const lifecycle = shop.app.get(PaymentTimeout);
      const [placed] = await shop.sql<{ created_at: Date }>('select created_at from orders where id = ?', [order.id]);
      const at = (minutes: number) => new Date(new Date(placed!.created_at).getTime() + minutes * 60_000);

      expect(await inContext(shop, () => lifecycle.expireUnpaid(order.id, at(29)))).toBe(false);
      expect(await statusOf(order.id)).toBe('pending_payment');
      expect(await inContext(shop, () => lifecycle.expireUnpaid(order.id, at(30)))).toBe(true);
      expect(await statusOf(order.id)).toBe('cancelled');
      expect(await qtyOf(order.optionId)).toBe(5);
      expect(await inContext(shop, () => lifecycle.expireUnpaid(order.id, at(60)))).toBe(false);
      expect(await qtyOf(order.optionId)).toBe(5);
      expect((await historyOf(order.id)).at(-1)).toMatchObject({ from_status: 'pending_payment', to_status: 'cancelled', note: 'Not paid within 30 minutes.' });
    });

    it('leaves a paid order alone', async () => {
      const order = await newOrder();
      const body = completedEvent('evt_timeout_paid', order.reference, order.id, order.total);
      await webhook(body, stripeSignature(body, SECRET)).expect(200);
      const later = new Date(Date.now() + 3_600_000);
      expect(await inContext(shop, () => shop.app.get(PaymentTimeout).expireUnpaid(order.id, later))).toBe(false);
      expect(await statusOf(order.id)).toBe('paid');
      expect(await qtyOf(order.optionId)).toBe(3);
    });

    it('runs as the job queued when the order was placed', async () => {
      const order = await newOrder();
      // Move time: the order was placed 31 minutes ago and its job is due.
      await shop.sql(`update orders set created_at = created_at - interval '31 minutes' where id = ?`, [order.id]);
      await shop.sql(`update jobs set run_at = now() where type = 'orders.payment-timeout' and (payload->>'orderId')::int = ?`, [order.id]);
      expect(await worker.drain()).toBeGreaterThanOrEqual(1);
      expect(await statusOf(order.id)).toBe('cancelled');
      expect(await qtyOf(order.optionId)).toBe(5);
    });
  });

  describeOnce('with Stripe configured', () => {
    const STRIPE_WEBHOOK_SECRET = 'whsec_stripe_e2e_signing_secret';
    let stripeShop: TestApp;
    beforeAll(async () => {
      stripeShop = await startTestApp({ STRIPE_SECRET_KEY: 'sk_test_not_a_real_key_no_network', STRIPE_WEBHOOK_SECRET, RUN_QUEUE_WORKER: 'false' });
    }, 60_000);
    afterAll(() => stripeShop?.close(), 30_000);

    it('marks an order paid on a Stripe-signed event (signed by the stripe package itself), and refuses a forged one', async () => {
      // Placing an order would call Stripe over the network: arrange one as a placed Stripe order would be.
      const [order] = await stripeShop.sql<{ id: number }>(
        `insert into orders (number, customer_id, status, billing_address, subtotal, delivery_total, vat, grand_total, payment_method, payment_provider, payment_reference)
         values ('HS-900001', 1, 'pending_payment', '{}', 1000, 0, 200, 1200, 'card', 'stripe', 'cs_test_stripe_e2e') returning id`,
      );
      const payload = completedEvent('evt_stripe_1', 'cs_test_stripe_e2e', order!.id, 1200);
      const post = (path: string, signature: string) =>
        request(stripeShop.app.getHttpServer()).post(path).set('content-type', 'application/json').set('stripe-signature', signature).send(payload);
      await post('/api/payments/stripe/webhook', Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_forger' })).expect(400);
      await post('/api/payments/test/webhook', Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET })).expect(404);
      const res = await post('/api/payments/stripe/webhook', Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET })).expect(200);
      expect(res.body.outcome).toBe('paid');
      expect((await stripeShop.sql<{ status: string }>('select status from orders where id = ?', [order!.id]))[0]!.status).toBe('paid');
      await request(stripeShop.app.getHttpServer()).get('/pay/test/cs_test_stripe_e2e').expect(404);
    });

    describe('what a signed event proves, from Stripe', () => {
      let placed = 0;
      believesOnlyWhatIsProven(() => ({
        arrange: async () => {
          placed += 1;
          const reference = `cs_test_stripe_checks_${placed}`;
          const [order] = await stripeShop.sql<{ id: number }>(
            `insert into orders (number, customer_id, status, billing_address, subtotal, delivery_total, vat, grand_total, payment_method, payment_provider, payment_reference)
             values (?, 1, 'pending_payment', '{}', 2000, 0, 400, 2400, 'card', 'stripe', ?) returning id`,
            [`HS-9100${String(placed).padStart(2, '0')}`, reference],
          );
          await stripeShop.sql(`insert into order_history (order_id, from_status, to_status, note) values (?, null, 'pending_payment', null)`, [order!.id]);
          return { id: order!.id, reference, total: 2400 };
        },
        deliver: async (payload) => {
          const res = await request(stripeShop.app.getHttpServer()).post('/api/payments/stripe/webhook').set('content-type', 'application/json')
            .set('stripe-signature', Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET })).send(payload).expect(200);
          return res.body.outcome as string;
        },
        statusOf: async (orderId) => (await stripeShop.sql<{ status: string }>('select status from orders where id = ?', [orderId]))[0]!.status,
        notesOf: async (orderId) => (await stripeShop.sql<{ note: string | null }>('select note from order_history where order_id = ? order by id', [orderId])).map((row) => row.note ?? ''),
      }));
    });
  });
});
