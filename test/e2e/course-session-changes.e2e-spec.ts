import { CheckoutService } from '../../src/modules/orders/index.js';
import { PlaceChoiceService } from '../../src/modules/training/application/sessions/place-choice.service.js';
import { createProduct } from '../support/catalogue-fixtures.js';
import { courseFixtures, type CourseCustomer as Buyer, type CourseSession } from '../support/course-fixtures.js';
import { bearerFor, DEMO_ADMIN, uniqueEmail } from '../support/identity-client.js';
import { waitForMail, waitForQueueIdle, type MailboxMessage } from '../support/mailbox.js';
import { checkoutInput, completedEvent, inContext, stripeSignature } from '../support/orders-fixtures.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { databaseKind } from '../support/test-database.js';
import { itOnce } from '../support/once-across-databases.js';

const SECRET = 'whsec_course_session_changes_0123456789';
const at = (days: number, hour: number) => new Date(Date.UTC(2031, 0, days) + hour * 3_600_000).toISOString();

interface Booked {
  orderId: number;
  lineId: number;
  placeId: number;
}

/**
 * Issue 27, changes (ADR 0050): staff cancel or move a session and every delegate and (once per order) every buyer
 * is e-mailed; the buyer moves an affected place to another date (the places move, guarded like checkout: racing
 * transfers never overfill) or takes a refund (a credit note for the line; the places go back), once, only for
 * their own order and only for a place the change touched.
 */
describe(`Course session changes (${databaseKind})`, () => {
  let shop: TestApp;
  let admin: string;
  let course: number; // "Open course — 1 place", £150
  let otherCourse: number; // another product's course option
  let label = 0;
  const { http, as, customer: buyer, createSession } = courseFixtures(() => shop);

  /** A session 10 + n days into 2031, so every test has dates of its own. */
  async function newSession(fields: object = {}): Promise<CourseSession> {
    const day = 10 + ++label * 3;
    return createSession(admin, { option_id: course, starts_at: at(day, 9), ends_at: at(day, 16), venue: 'Leeds Training Centre', capacity: 5, ...fields });
  }

  /** A paid card order through the real checkout and the payment webhook: one course line per session given. */
  async function paidOrder(who: Buyer, lines: Array<{ sessionId: number; qty: number; optionId?: number }>): Promise<Booked[]> {
    const placed = await inContext(shop, () => shop.app.get(CheckoutService).place(
      who.id, lines.map((line) => ({ optionId: line.optionId ?? course, qty: line.qty, bookingRef: String(line.sessionId), bookingLabel: `session ${line.sessionId}` })), checkoutInput(),
    ));
    const [row] = await shop.sql<{ payment_reference: string; grand_total: number }>('select payment_reference, grand_total from orders where id = ?', [placed.order.id]);
    const body = completedEvent(`evt_changes_${placed.order.id}`, row!.payment_reference, placed.order.id, row!.grand_total);
    await http().post('/api/payments/test/webhook').set('content-type', 'application/json').set('stripe-signature', stripeSignature(body, SECRET)).send(body).expect(200);
    const places = await shop.sql<{ id: number; order_line_id: number }>('select id, order_line_id from training_session_places where order_id = ? order by id', [placed.order.id]);
    return places.map((place) => ({ orderId: placed.order.id, lineId: Number(place.order_line_id), placeId: Number(place.id) }));
  }

  /** The delegates helper's table, filled directly: this slice only reads it. */
  async function delegate(placeId: number, seat: number, email: string): Promise<void> {
    await shop.sql('insert into training_delegates (place_id, seat_no, name, email) values (?, ?, ?, ?)', [placeId, seat, `Delegate ${seat}`, email]);
  }

  const mailsTo = async (address: string): Promise<MailboxMessage[]> => (await http().get('/api/dev/mailbox').query({ to: address }).expect(200)).body;
  const taken = async (sessionId: number) => (await as(admin).get(`/api/admin/sessions/${sessionId}`).expect(200)).body.places_taken as number;
  const transfer = (who: Buyer, booked: Booked, sessionId: number) => as(who.bearer).post(`/api/orders/${booked.orderId}/places/${booked.placeId}/transfer`, { session_id: sessionId });
  const refund = (who: Buyer, booked: Booked) => as(who.bearer).post(`/api/orders/${booked.orderId}/places/${booked.placeId}/refund`);
  const choices = (who: Buyer, orderId: number) => inContext(shop, () => shop.app.get(PlaceChoiceService).forOrder(who.id, orderId));

  beforeAll(async () => {
    shop = await startTestApp({ LOG_LEVEL: 'error', QUEUE_POLL_MS: '50', PAYMENT_TEST_WEBHOOK_SECRET: SECRET });
    admin = await bearerFor(shop, DEMO_ADMIN);
    course = (await createProduct(shop.sql, { title: 'Fire Marshal Open Course', options: [{ name: 'Open course — 1 place', kind: 'course', price: 15_000 }] })).optionIds[0]!;
    otherCourse = (await createProduct(shop.sql, { title: 'First Aid Open Course', options: [{ name: 'Open course — 1 place', kind: 'course', price: 20_000 }] })).optionIds[0]!;
  }, 60_000);
  afterAll(() => shop?.close(), 30_000);

  itOnce('cancels a session once: each delegate and each buyer (once per order) is e-mailed; the places wait for the buyer', async () => {
    const session = await newSession();
    const [ann, ben] = [await buyer('cancel-ann'), await buyer('cancel-ben')];
    const [annPlace] = await paidOrder(ann, [{ sessionId: session.id, qty: 2 }]);
    const [benPlace] = await paidOrder(ben, [{ sessionId: session.id, qty: 1 }]);
    const delegates = [uniqueEmail('cancel-d1'), uniqueEmail('cancel-d2'), uniqueEmail('cancel-d3')];
    await delegate(annPlace!.placeId, 1, delegates[0]!);
    await delegate(annPlace!.placeId, 2, delegates[1]!);
    await delegate(benPlace!.placeId, 1, delegates[2]!);

    // The editor's save cannot cancel: that would skip the e-mails and the buyers' choice (422 naming the action).
    const edited = await http().put(`/api/admin/sessions/${session.id}`).set('Authorization', admin).send({ status: 'cancelled' }).expect(422);
    expect(edited.body.errors.status[0]).toMatch(/cancel action/);
    expect((await as(admin).get(`/api/admin/sessions/${session.id}`).expect(200)).body).toMatchObject({ status: 'scheduled' });

    const customer = await buyer('cancel-nosy');
    await as(customer.bearer).post(`/api/admin/sessions/${session.id}/cancel`).expect(403);
    await http().post(`/api/admin/sessions/${session.id}/cancel`).expect(401);
    const cancelled = await as(admin).post(`/api/admin/sessions/${session.id}/cancel`, { reason: 'The trainer is ill.' }).expect(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', places_taken: 3 });

    for (const address of delegates) {
      const mail = await waitForMail(shop, address, `Cancelled: Fire Marshal Open Course, ${session.label}`);
      expect(mail.text).toContain('The trainer is ill.');
    }
    const annMail = await waitForMail(shop, ann.email, `Course cancelled: Fire Marshal Open Course, ${session.label}`);
    expect(annMail.text).toContain('You booked 2 places on it.');
    expect(annMail.text).toContain(`/account/orders/${annPlace!.orderId}`);
    await waitForMail(shop, ben.email, `Course cancelled: Fire Marshal Open Course, ${session.label}`);

    // Idempotent: cancelling again changes nothing and tells nobody twice.
    expect((await as(admin).post(`/api/admin/sessions/${session.id}/cancel`).expect(200)).body).toMatchObject({ status: 'cancelled' });
    // Nor is it undone through the editor: its buyers were told.
    const reopened = await http().put(`/api/admin/sessions/${session.id}`).set('Authorization', admin).send({ status: 'scheduled' }).expect(422);
    expect(JSON.stringify(reopened.body)).toContain('A cancelled session stays cancelled');
    expect((await as(admin).get(`/api/admin/sessions/${session.id}`).expect(200)).body.status).toBe('cancelled');
    await waitForQueueIdle(shop);
    for (const address of [...delegates, ann.email]) {
      expect((await mailsTo(address)).filter((mail) => mail.subject.includes('ancelled'))).toHaveLength(1);
    }
    // No further bookings, and a cancelled session is not moved.
    expect((await as(ann.bearer).post('/api/basket/items', { option_id: course, session_id: session.id }).expect(422)).body.errors).toHaveProperty('session_id');
    await as(admin).post(`/api/admin/sessions/${session.id}/move`, { starts_at: at(300, 9), ends_at: at(300, 16) }).expect(409);
    expect(await choices(ann, annPlace!.orderId)).toEqual([expect.objectContaining({ place_id: annPlace!.placeId, qty: 2, change: 'cancelled', was: session.label, now: null, open: true })]);
  });

  itOnce('moves a session with the editor\'s checks, e-mailing the new date once; the places stay on it', async () => {
    const session = await newSession();
    const cara = await buyer('move-cara');
    const [place] = await paidOrder(cara, [{ sessionId: session.id, qty: 1 }]);
    const attendee = uniqueEmail('move-d1');
    await delegate(place!.placeId, 1, attendee);
    // Reminded for the old date already: the new date needs its own reminder 2 days before (ADR 0048).
    await shop.sql('update training_delegates set reminder_sent_at = now() where place_id = ?', [place!.placeId]);

    const refused = async (body: object) => (await as(admin).post(`/api/admin/sessions/${session.id}/move`, body).expect(422)).body.errors;
    expect(await refused({ starts_at: '2020-01-01T09:00:00Z', ends_at: '2020-01-01T16:00:00Z' })).toHaveProperty('starts_at');
    expect(await refused({ starts_at: at(200, 9), ends_at: at(200, 8) })).toHaveProperty('ends_at');
    expect(await refused({ starts_at: at(200, 9), ends_at: at(200, 16), online: true, venue: null })).toHaveProperty('joining_url');
    expect(await refused({ starts_at: 'next week', ends_at: at(200, 16) })).toHaveProperty('starts_at');
    await as(cara.bearer).post(`/api/admin/sessions/${session.id}/move`, { starts_at: at(200, 9), ends_at: at(200, 16) }).expect(403);
    await as(admin).post('/api/admin/sessions/999999/move', { starts_at: at(200, 9), ends_at: at(200, 16) }).expect(404);

    const move = { starts_at: at(200, 9), ends_at: at(200, 16), venue: 'Manchester Conference Centre' };
    const moved = (await as(admin).post(`/api/admin/sessions/${session.id}/move`, move).expect(200)).body;
    expect(moved).toMatchObject({ status: 'scheduled', starts_at: at(200, 9), venue: 'Manchester Conference Centre', places_taken: 1 });
    const mail = await waitForMail(shop, attendee, `New date: Fire Marshal Open Course, ${moved.label}`);
    expect(mail.text).toContain(`has moved to ${moved.label}`);
    expect(mail.text).toContain(session.label);
    const buyerMail = await waitForMail(shop, cara.email, `Course moved: Fire Marshal Open Course, now ${moved.label}`);
    expect(buyerMail.text).toContain(`/account/orders/${place!.orderId}`);
    expect(await shop.sql('select id from training_delegates where place_id = ? and reminder_sent_at is not null', [place!.placeId])).toHaveLength(0);

    // The same move again (a retry) tells nobody twice.
    await as(admin).post(`/api/admin/sessions/${session.id}/move`, move).expect(200);
    await waitForQueueIdle(shop);
    expect((await mailsTo(attendee)).filter((message) => message.subject.startsWith('New date'))).toHaveLength(1);
    expect(await choices(cara, place!.orderId)).toEqual([expect.objectContaining({ change: 'moved', was: session.label, now: moved.label })]);
  });

  it('transfers an affected place to another date: the places and delegates move, a full date is 409, racing transfers never overfill', async () => {
    const old = await newSession();
    const [dan, eve, fay] = [await buyer('move-dan'), await buyer('move-eve'), await buyer('move-fay')];
    const [danPlace] = await paidOrder(dan, [{ sessionId: old.id, qty: 2 }]);
    const [evePlace] = await paidOrder(eve, [{ sessionId: old.id, qty: 1 }]);
    const [fayPlace] = await paidOrder(fay, [{ sessionId: old.id, qty: 1 }]);
    const attendee = uniqueEmail('transfer-d1');
    await delegate(danPlace!.placeId, 1, attendee);
    const target = await newSession({ capacity: 3 });
    const full = await newSession({ capacity: 1 });
    await shop.sql('update training_sessions set places_taken = 1 where id = ?', [full.id]);
    const foreign = await createSession(admin, { option_id: otherCourse, starts_at: at(250, 9), ends_at: at(250, 16), venue: 'York', capacity: 9 });

    // Not affected yet: nothing to choose.
    await transfer(dan, danPlace!, target.id).expect(409);
    await as(admin).post(`/api/admin/sessions/${old.id}/cancel`).expect(200);
    const offered = await choices(dan, danPlace!.orderId);
    expect(offered[0]!.dates.map((date) => date.id)).toContain(target.id);
    expect(offered[0]!.dates.map((date) => date.id)).not.toContain(full.id);

    const moved = await transfer(dan, danPlace!, target.id).expect(200);
    expect(moved.body).toMatchObject({ place_id: danPlace!.placeId, resolution: 'transferred', session: { id: target.id, label: target.label } });
    expect([await taken(old.id), await taken(target.id)]).toEqual([2, 2]);
    expect(await shop.sql('select p.session_id, count(d.id)::int as delegates from training_session_places p left join training_delegates d on d.place_id = p.id where p.id = ? group by p.session_id', [danPlace!.placeId]))
      .toEqual([{ session_id: target.id, delegates: 1 }]);
    await waitForMail(shop, attendee, `New date: Fire Marshal Open Course, ${target.label}`);
    // Once: the place has been answered.
    await transfer(dan, danPlace!, target.id).expect(409);
    expect(await choices(dan, danPlace!.orderId)).toEqual([expect.objectContaining({ open: false, resolution: 'transferred', was: old.label, now: target.label, dates: [] })]);

    // A full date, a date of another course, another customer's order.
    expect((await transfer(eve, evePlace!, full.id).expect(409)).body.message).toMatch(/not enough places/);
    expect((await transfer(eve, evePlace!, foreign.id).expect(422)).body.errors).toHaveProperty('session_id');
    expect((await transfer(eve, evePlace!, 999_999).expect(422)).body.errors).toHaveProperty('session_id');
    await transfer(dan, evePlace!, target.id).expect(404);
    await as(dan.bearer).post(`/api/orders/${danPlace!.orderId}/places/${evePlace!.placeId}/transfer`, { session_id: target.id }).expect(404);
    expect((await as(eve.bearer).post(`/api/orders/${evePlace!.orderId}/places/${evePlace!.placeId}/transfer`, { session_id: 'soon' }).expect(422)).body.errors).toHaveProperty('session_id');

    // Two buyers race for the target's last place: exactly one gets it.
    const raced = await Promise.all([transfer(eve, evePlace!, target.id), transfer(fay, fayPlace!, target.id)]);
    expect(raced.map((res) => res.status).sort()).toEqual([200, 409]);
    expect([await taken(target.id), await taken(old.id)]).toEqual([3, 1]);
  });

  it('refunds an affected place with a credit note for its line and gives the places back, once', async () => {
    const moving = await newSession();
    const staying = await newSession();
    const gus = await buyer('refund-gus');
    const [movedPlace, keptPlace] = await paidOrder(gus, [{ sessionId: moving.id, qty: 2 }, { sessionId: staying.id, qty: 1 }]);
    await as(admin).post(`/api/admin/sessions/${moving.id}/move`, { starts_at: at(280, 9), ends_at: at(280, 16) }).expect(200);

    await refund(gus, keptPlace!).expect(409); // its session did not change
    const stranger = await buyer('refund-stranger');
    await refund(stranger, movedPlace!).expect(404);
    await as(stranger.bearer).post(`/api/orders/${movedPlace!.orderId}/places/999999/refund`).expect(404);

    const refunded = await refund(gus, movedPlace!).expect(200);
    expect(refunded.body).toMatchObject({ place_id: movedPlace!.placeId, resolution: 'refunded', session: null });
    expect(refunded.body.credit_note_number).toMatch(/^CN-\d{6}$/);
    const order = (await as(gus.bearer).get(`/api/orders/${movedPlace!.orderId}`).expect(200)).body;
    expect(order).toMatchObject({ status: 'paid', partly_refunded: true });
    expect(order.refunds).toEqual([expect.objectContaining({ credit_note_number: refunded.body.credit_note_number, lines: [{ line_id: movedPlace!.lineId, qty: 2 }], delivery: false, gross: 36_000 })]);
    expect(await taken(moving.id)).toBe(0);
    expect(await taken(staying.id)).toBe(1);
    expect(await shop.sql('select change_resolution, released_at is not null as released from training_session_places where id = ?', [movedPlace!.placeId]))
      .toEqual([{ change_resolution: 'refunded', released: true }]);
    const history = (await as(admin).get(`/api/admin/orders/${movedPlace!.orderId}`).expect(200)).body.refunds;
    expect(history).toEqual([expect.objectContaining({ note: expect.stringMatching(/^Course session moved/), actor_id: gus.id })]);
    await waitForMail(shop, gus.email, `Credit note ${refunded.body.credit_note_number} for order ${order.number}`);

    // Once: a repeat is 409 and credits nothing more.
    await refund(gus, movedPlace!).expect(409);
    expect((await as(gus.bearer).get(`/api/orders/${movedPlace!.orderId}`).expect(200)).body.refunds).toHaveLength(1);
  });

  it('refunds the last line of an order as a whole-order refund', async () => {
    const session = await newSession();
    const hal = await buyer('refund-hal');
    const [place] = await paidOrder(hal, [{ sessionId: session.id, qty: 1 }]);
    await as(admin).post(`/api/admin/sessions/${session.id}/cancel`).expect(200);
    const refunded = await refund(hal, place!).expect(200);
    expect((await as(hal.bearer).get(`/api/orders/${place!.orderId}`).expect(200)).body).toMatchObject({
      status: 'refunded', credit_note: { number: refunded.body.credit_note_number },
    });
    expect(await taken(session.id)).toBe(0);
    await refund(hal, place!).expect(409);
  });
});
