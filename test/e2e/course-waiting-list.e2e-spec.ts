import { CheckoutService, OrderTransitionSubscribers, type OrderTransitionEvent } from '../../src/modules/orders/index.js';
import { WaitingListService } from '../../src/modules/training/application/sessions/waiting-list.service.js';
import { createProduct } from '../support/catalogue-fixtures.js';
import { courseFixtures } from '../support/course-fixtures.js';
import { bearerFor, DEMO_ADMIN } from '../support/identity-client.js';
import { waitForMail, waitForQueueIdle } from '../support/mailbox.js';
import { checkoutInput, completedEvent, createCustomer, inContext, stripeSignature } from '../support/orders-fixtures.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { databaseKind } from '../support/test-database.js';

const SECRET = 'whsec_waiting_list_secret_0123456789';
const at = (days: number, hour: number) => new Date(Date.UTC(2030, 2, days) + hour * 3_600_000).toISOString();

/**
 * Issue 27 (ADR 0051): a full session's waiting list (join 201, 409 while places are left, 401 anonymous, joining
 * twice is one entry), everybody waiting e-mailed once when places free up however often the freeing is reported,
 * a refund of part of a course line giving its places back exactly once, and the basket's quantity of a course line
 * held to the session's places left (422 on `qty`).
 */
describe(`Course waiting list (${databaseKind})`, () => {
  let shop: TestApp;
  let admin: string;
  let productId: number;
  let course: number;
  const { http, as, customer, createSession } = courseFixtures(() => shop);
  const person = (prefix: string) => customer(prefix, { firstName: 'Wren', lastName: 'Waiter' });
  const waitingList = (sessionId: number) => `/api/products/${productId}/sessions/${sessionId}/waiting-list`;
  const placesOf = async (sessionId: number) => (await as(admin).get(`/api/admin/sessions/${sessionId}`).expect(200)).body as { places_taken: number; places_left: number };
  const mailsTo = async (email: string, subject: string) =>
    ((await http().get('/api/dev/mailbox').query({ to: email }).expect(200)).body as Array<{ subject: string }>).filter((mail) => mail.subject === subject).length;

  async function newSession(day: number, capacity: number): Promise<number> {
    return (await createSession(admin, { option_id: course, starts_at: at(day, 9), ends_at: at(day, 16), venue: 'Leeds', capacity })).id;
  }

  /** Places an order of `qty` places on the session in-process (as checkout does once it has read the basket). */
  async function order(buyer: { id: number }, sessionId: number, qty: number): Promise<number> {
    const placed = await inContext(shop, () =>
      shop.app.get(CheckoutService).place(buyer.id, [{ optionId: course, qty, bookingRef: String(sessionId), bookingLabel: 'a March date' }], checkoutInput()));
    return placed.order.id;
  }

  async function pay(orderId: number): Promise<void> {
    const [row] = await shop.sql<{ payment_reference: string; grand_total: number }>('select payment_reference, grand_total from orders where id = ?', [orderId]);
    const body = completedEvent(`evt_waiting_${orderId}`, row!.payment_reference, orderId, row!.grand_total);
    await http().post('/api/payments/test/webhook').set('content-type', 'application/json').set('stripe-signature', stripeSignature(body, SECRET)).send(body).expect(200);
  }

  beforeAll(async () => {
    shop = await startTestApp({ LOG_LEVEL: 'error', QUEUE_POLL_MS: '50', PAYMENT_TEST_WEBHOOK_SECRET: SECRET });
    admin = await bearerFor(shop, DEMO_ADMIN);
    const product = await createProduct(shop.sql, { title: 'First Aid Open Course', options: [{ name: 'Open course — 1 place', kind: 'course', price: 12_000 }] });
    productId = product.id;
    course = product.optionIds[0]!;
  }, 120_000); // PGlite migrates a fresh database first: slow on a busy machine
  afterAll(() => shop?.close(), 30_000);

  it('lets a signed-in customer join a full session\'s list once (201), not one with places (409), not anonymously (401)', async () => {
    const waiter = await person('waiting-join');
    const full = await newSession(2, 1);
    const open = await newSession(3, 5);
    await order(await createCustomer(shop), full, 1);

    await http().post(waitingList(full)).expect(401);
    const joined = await as(waiter.bearer).post(waitingList(full)).expect(201);
    expect(joined.body).toMatchObject({ session_id: full, notified_at: null });
    const again = await as(waiter.bearer).post(waitingList(full)).expect(201);
    expect(again.body).toEqual(joined.body);
    expect(await shop.sql('select count(*)::int as count from training_waiting_list where session_id = ? and user_id = ?', [full, waiter.id])).toEqual([{ count: 1 }]);
    expect((await as(waiter.bearer).get(`/api/products/${productId}/waiting-list`).expect(200)).body).toEqual([joined.body]);

    expect((await as(waiter.bearer).post(waitingList(open)).expect(409)).body.message).toMatch(/5 places are left/);
    await as(waiter.bearer).post(`/api/products/${productId + 1000}/sessions/${full}/waiting-list`).expect(404);
    await as(waiter.bearer).post(waitingList(999_999)).expect(404);

    await as(waiter.bearer).delete(waitingList(full)).expect(204);
    await as(waiter.bearer).delete(waitingList(full)).expect(204);
    expect((await as(waiter.bearer).get(`/api/products/${productId}/waiting-list`).expect(200)).body).toEqual([]);
  });

  it('e-mails every waiting customer once when a cancelled order frees the place, however often the freeing is reported', async () => {
    const full = await newSession(5, 1);
    const orderId = await order(await createCustomer(shop), full, 1);
    const waiters = [await person('waiting-first'), await person('waiting-second')];
    for (const waiter of waiters) await as(waiter.bearer).post(waitingList(full)).expect(201);
    const subject = 'A place is free on "First Aid Open Course", Tue 5 Mar 2030, 09:00–16:00, Leeds';

    await as(admin).post(`/api/admin/orders/${orderId}/transitions`, { to: 'cancelled', note: 'Rang to cancel.' }).expect(200);
    expect(await placesOf(full)).toMatchObject({ places_taken: 0, places_left: 1 });
    for (const waiter of waiters) {
      const mail = await waitForMail(shop, waiter.email, subject);
      expect(mail.text).toContain(`/products/`);
    }
    // Reported again (a transfer out, a repeated job): nobody is told twice.
    await inContext(shop, () => shop.app.get(WaitingListService).placesFreed(full));
    await waitForQueueIdle(shop);
    for (const waiter of waiters) expect(await mailsTo(waiter.email, subject)).toBe(1);
    expect(await shop.sql('select count(*)::int as count from training_waiting_list where session_id = ? and notified_at is not null', [full])).toEqual([{ count: 2 }]);
  });

  it('tells nobody while the session is still full, and tells the list when staff raise the capacity', async () => {
    const full = await newSession(6, 1);
    await order(await createCustomer(shop), full, 1);
    const waiter = await person('waiting-capacity');
    await as(waiter.bearer).post(waitingList(full)).expect(201);
    await inContext(shop, () => shop.app.get(WaitingListService).placesFreed(full));
    await waitForQueueIdle(shop);
    expect(await shop.sql('select notified_at from training_waiting_list where session_id = ?', [full])).toEqual([{ notified_at: null }]);

    await as(admin).put(`/api/admin/sessions/${full}`, { capacity: 2 }).expect(200);
    await waitForMail(shop, waiter.email, 'A place is free on "First Aid Open Course", Wed 6 Mar 2030, 09:00–16:00, Leeds');
  });

  it('gives back the places of a course line refunded in part exactly once, however often the change is delivered', async () => {
    const date = await newSession(8, 4);
    const buyer = await person('waiting-refund');
    const orderId = await order(buyer, date, 3);
    await pay(orderId);
    expect(await placesOf(date)).toMatchObject({ places_taken: 3, places_left: 1 });
    const waiter = await person('waiting-refund-list');
    await order(await createCustomer(shop), date, 1);
    await as(waiter.bearer).post(waitingList(date)).expect(201);

    const delivered: OrderTransitionEvent[] = [];
    const stop = shop.app.get(OrderTransitionSubscribers).on('refunded_in_part', (event) => void delivered.push(event));
    const [line] = await shop.sql<{ id: number }>('select id from order_lines where order_id = ?', [orderId]);
    await as(admin).post(`/api/admin/orders/${orderId}/refunds`, { lines: [{ line_id: line!.id, qty: 2 }], delivery: false, restock: false }).expect(201);
    stop();
    expect(await placesOf(date)).toMatchObject({ places_taken: 2, places_left: 2 });
    expect(await shop.sql('select qty, released_at from training_session_places where order_line_id = ?', [line!.id])).toEqual([{ qty: 1, released_at: null }]);

    // The same change delivered again gives nothing back.
    expect(delivered).toHaveLength(1);
    await inContext(shop, () => shop.app.get(OrderTransitionSubscribers).publish(delivered[0]!));
    expect(await placesOf(date)).toMatchObject({ places_taken: 2, places_left: 2 });
    await waitForMail(shop, waiter.email, 'A place is free on "First Aid Open Course", Fri 8 Mar 2030, 09:00–16:00, Leeds');

    // The whole-order refund gives back only what the line still holds.
    await as(admin).post(`/api/admin/orders/${orderId}/transitions`, { to: 'refunded' }).expect(200);
    expect(await placesOf(date)).toMatchObject({ places_taken: 1, places_left: 3 });
  });

  it('holds a course line\'s quantity in the basket to the session\'s places left (422 on qty), and shows them', async () => {
    const date = await newSession(10, 3);
    const buyer = await person('waiting-basket');
    const add = (body: object) => as(buyer.bearer).post('/api/basket/items', { option_id: course, session_id: date, ...body });
    const refused = (await add({ qty: 4 }).expect(422)).body;
    expect(refused.errors.qty[0]).toMatch(/Only 3 places are left on Sun 10 Mar 2030/);
    const basket = (await add({ qty: 2 }).expect(200)).body;
    const item = basket.items[0];
    expect(item.booking).toEqual({ ref: String(date), label: 'Sun 10 Mar 2030, 09:00–16:00, Leeds', places_left: 3 });
    await as(buyer.bearer).patch(`/api/basket/items/${item.id}`, { action: 'plus' }).expect(200);
    expect((await as(buyer.bearer).patch(`/api/basket/items/${item.id}`, { action: 'plus' }).expect(422)).body.errors.qty[0]).toMatch(/Only 3 places are left/);
    expect((await add({}).expect(422)).body.errors).toHaveProperty('qty');
    expect((await as(buyer.bearer).patch(`/api/basket/items/${item.id}`, { qty: 5 }).expect(422)).body.errors).toHaveProperty('qty');
    expect((await as(buyer.bearer).get('/api/basket').expect(200)).body.items[0].qty).toBe(3);
  });
});
