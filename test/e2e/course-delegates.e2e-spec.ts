import { MikroORM, RequestContext } from '@mikro-orm/core';
import PostalMime from 'postal-mime';
import { DELEGATE_REMINDERS_JOB } from '../../src/modules/training/index.js';
import { CheckoutService } from '../../src/modules/orders/index.js';
import { JobHandlerRegistry } from '../../src/platform/queue/index.js';
import { createProduct } from '../support/catalogue-fixtures.js';
import { courseFixtures } from '../support/course-fixtures.js';
import { bearerFor, DEMO_ADMIN, uniqueEmail } from '../support/identity-client.js';
import { checkoutInput, inContext } from '../support/orders-fixtures.js';
import { waitForQueueIdle } from '../support/mailbox.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { databaseKind } from '../support/test-database.js';
import { waitUntil } from '../support/eventually.js';
import { itOnce } from '../support/once-across-databases.js';

const at = (days: number, hour: number) => new Date(Date.UTC(2030, 0, days) + hour * 3_600_000).toISOString();

interface Mail { id: string; to: string; subject: string; text: string; attachments: Array<{ filename: string; content_type: string }> }

/**
 * Issue 27, delegates (ADR 0048): the buyer names a delegate per place on their order until the day before, each new
 * or changed delegate gets the joining instructions with an .ics (text/calendar), the order view shows the places,
 * and a recurring job reminds delegates 2 days before, once, however often it runs.
 */
describe(`Course delegates (${databaseKind})`, () => {
  let shop: TestApp;
  let admin: string;
  let course: number;
  const { http, as, customer: register, createSession } = courseFixtures(() => shop);
  /** Buyers here are on account: they check out by invoice. */
  const customer = (prefix: string) => register(prefix, { accountTerms: true });
  const session = (fields: object = {}) => createSession(admin, {
    option_id: course, starts_at: at(10, 9), ends_at: at(10, 16), venue: 'Leeds Training Centre', capacity: 20, notes: 'Bring photo ID.', ...fields,
  });

  /** Buys `qty` places on each session through the basket and checkout, on account (placed: `awaiting_payment`). */
  async function buy(buyer: { bearer: string }, places: Array<[number, number]>): Promise<number> {
    for (const [sessionId, qty] of places) {
      for (let i = 0; i < qty; i++) await as(buyer.bearer).post('/api/basket/items', { option_id: course, session_id: sessionId }).expect(200);
    }
    const billing = { ...checkoutInput().billingAddress, company: 'Acme Safety Ltd' };
    const placed = await as(buyer.bearer).post('/api/checkout', { billing_address: billing, accept_terms: true, payment_method: 'invoice', po_number: 'PO-DELEGATES' }).expect(201);
    return placed.body.order.id as number;
  }

  const mailbox = async (to: string): Promise<Mail[]> => (await http().get('/api/dev/mailbox').query({ to }).expect(200)).body as Mail[];
  const joiningFor = (to: string) => waitUntil(async () => (await mailbox(to)).find((mail) => mail.subject.startsWith('Joining instructions: ')), { what: `joining instructions to ${to}` });

  /** The .eml as written to the local mailbox, parsed: its calendar part's type and text. */
  async function calendarOf(mail: Mail): Promise<{ contentType: string; ics: string }> {
    const raw = (await http().get(`/dev/mailbox/${mail.id}/raw`).expect(200)).text;
    expect(raw).toMatch(/Content-Type: text\/calendar; method=REQUEST/i);
    const parsed = await PostalMime.parse(raw);
    const part = parsed.attachments.find((attachment) => attachment.mimeType === 'text/calendar');
    expect(part).toBeDefined();
    const content = typeof part!.content === 'string' ? part!.content : Buffer.from(part!.content as ArrayBuffer).toString('utf8');
    return { contentType: part!.mimeType, ics: content.replace(/\r\n[ \t]/g, '') };
  }

  beforeAll(async () => {
    shop = await startTestApp({ LOG_LEVEL: 'error', QUEUE_POLL_MS: '50' });
    admin = await bearerFor(shop, DEMO_ADMIN);
    const product = await createProduct(shop.sql, { title: 'Fire Marshal Open Course', options: [{ name: 'Open course — 1 place', kind: 'course', price: 15_000 }] });
    [course] = product.optionIds as [number];
  }, 60_000);
  afterAll(() => shop?.close(), 30_000);

  itOnce('saves a delegate per place, e-mails each the joining instructions with a text/calendar part, and the order shows its places', async () => {
    const buyer = await customer('delegates-buyer');
    const leeds = await session();
    const online = await session({ starts_at: at(12, 10), ends_at: at(12, 12), venue: null, online: true, joining_url: 'https://meet.example.com/fm' });
    const orderId = await buy(buyer, [[leeds.id, 2], [online.id, 1]]);
    const sam = uniqueEmail('sam');
    const kim = uniqueEmail('kim');
    const lee = uniqueEmail('lee');

    const saved = await as(buyer.bearer).put(`/api/orders/${orderId}/delegates`, {
      places: [{ session_id: leeds.id, name: 'Sam Smith', email: sam }, { session_id: online.id, name: 'Lee Jones', email: lee }, { session_id: leeds.id, name: 'Kim Lowe', email: kim }],
    }).expect(200);
    const leedsCourse = saved.body.courses.find((entry: { session: { id: number } }) => entry.session.id === leeds.id);
    expect(leedsCourse).toMatchObject({
      title: 'Fire Marshal Open Course', changeable: true, change_until: '2030-01-10T00:00:00.000Z',
      session: { label: 'Thu 10 Jan 2030, 09:00–16:00, Leeds Training Centre', venue: 'Leeds Training Centre', online: false },
      seats: [{ seat_no: 1, name: 'Sam Smith', email: sam, joining_sent: true }, { seat_no: 2, name: 'Kim Lowe', email: kim, joining_sent: true }],
    });

    const order = (await as(buyer.bearer).get(`/api/orders/${orderId}`).expect(200)).body;
    expect(order.places).toEqual(expect.arrayContaining([
      expect.objectContaining({ session_id: leeds.id, starts_at: at(10, 9), venue: 'Leeds Training Centre', name: 'Sam Smith', email: sam, seat_no: 1 }),
      expect.objectContaining({ session_id: leeds.id, starts_at: at(10, 9), venue: 'Leeds Training Centre', name: 'Kim Lowe', email: kim, seat_no: 2 }),
      expect.objectContaining({ session_id: online.id, starts_at: at(12, 10), venue: null, online: true, name: 'Lee Jones', email: lee }),
    ]));
    expect(order.places).toHaveLength(3);
    // Staff see the same places and delegates on the portal's order view.
    expect((await as(admin).get(`/api/admin/orders/${orderId}`).expect(200)).body.places).toEqual(order.places);

    const samMail = await joiningFor(sam);
    expect(samMail.subject).toBe('Joining instructions: Fire Marshal Open Course, Thursday 10 January 2030');
    expect(samMail.text).toContain('Acme Safety Ltd has booked you a place');
    expect(samMail.text).toContain('When: Thursday 10 January 2030, 09:00 to 16:00 (UK time)');
    expect(samMail.text).toContain('Venue: Leeds Training Centre');
    expect(samMail.text).toContain('Bring photo ID.');
    expect(samMail.attachments).toEqual([expect.objectContaining({ filename: 'course.ics', content_type: 'text/calendar' })]);
    const { ics } = await calendarOf(samMail);
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain('DTSTART:20300110T090000Z');
    expect(ics).toContain('DTEND:20300110T160000Z');
    expect(ics).toContain('SUMMARY:Fire Marshal Open Course');
    expect(ics).toContain('LOCATION:Leeds Training Centre');

    const leeMail = await joiningFor(lee);
    expect(leeMail.text).toContain('Online. Join at: https://meet.example.com/fm');
    const leeIcs = (await calendarOf(leeMail)).ics;
    expect(leeIcs).toContain('DTSTART:20300112T100000Z');
    expect(leeIcs).toContain('LOCATION:https://meet.example.com/fm');
    await joiningFor(kim);
  });

  itOnce('mails only new or changed delegates: an unchanged one is not mailed again, a changed address goes to the new person', async () => {
    const buyer = await customer('delegates-change');
    const date = await session({ starts_at: at(20, 9), ends_at: at(20, 16) });
    const orderId = await buy(buyer, [[date.id, 2]]);
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    const replacement = uniqueEmail('replacement');
    const put = (places: object[]) => as(buyer.bearer).put(`/api/orders/${orderId}/delegates`, { places });
    await put([{ session_id: date.id, name: 'Ann First', email: first }, { session_id: date.id, name: 'Bo Second', email: second }]).expect(200);
    await joiningFor(first);
    await joiningFor(second);

    // Same people (a name's spacing and the address's case do not make a new person); then the second is replaced.
    await put([{ session_id: date.id, name: 'Ann First', email: first.toUpperCase() }, { session_id: date.id, name: 'Bo Second', email: second }]).expect(200);
    await put([{ session_id: date.id, name: 'Ann First', email: first }, { session_id: date.id, name: 'Cy Replacement', email: replacement }]).expect(200);
    const mail = await joiningFor(replacement);
    expect(mail.text).toContain('Hello Cy Replacement,');
    await waitForQueueIdle(shop);
    expect((await mailbox(first)).filter((m) => m.subject.startsWith('Joining instructions'))).toHaveLength(1);
    expect((await mailbox(second)).filter((m) => m.subject.startsWith('Joining instructions'))).toHaveLength(1);
    expect((await mailbox(replacement)).filter((m) => m.subject.startsWith('Joining instructions'))).toHaveLength(1);
  });

  itOnce('keeps orders to their owner (404), needs a signed-in customer (401), and refuses bad entries with their field path (422)', async () => {
    const buyer = await customer('delegates-owner');
    const other = await customer('delegates-other');
    const date = await session({ starts_at: at(25, 9), ends_at: at(25, 16) });
    const orderId = await buy(buyer, [[date.id, 2]]);
    const good = (name: string) => ({ session_id: date.id, name, email: uniqueEmail('ok') });
    await as(other.bearer).put(`/api/orders/${orderId}/delegates`, { places: [good('A'), good('B')] }).expect(404);
    await as(other.bearer).get(`/api/orders/${orderId}/delegates`).expect(404);
    expect((await as(other.bearer).get(`/api/orders/${orderId}`).expect(404)).body).not.toHaveProperty('places');
    await http().put(`/api/orders/${orderId}/delegates`).send({ places: [good('A'), good('B')] }).expect(401);
    await as(buyer.bearer).put('/api/orders/999999/delegates', { places: [] }).expect(404);

    const refused = async (places: unknown) => (await as(buyer.bearer).put(`/api/orders/${orderId}/delegates`, { places }).expect(422)).body.errors as Record<string, string[]>;
    expect(Object.keys(await refused([good('A')]))).toEqual(['places']); // one place short
    expect(Object.keys(await refused([good('A'), good('B'), good('C')]))).toEqual(['places']);
    expect(Object.keys(await refused('Sam'))).toEqual(['places']);
    expect(await refused([good('A'), { ...good('B'), email: 'not-an-address' }])).toEqual({ 'places[1].email': ['"not-an-address" is not an e-mail address.'] });
    expect(Object.keys(await refused([good('A'), { ...good('B'), email: '' }]))).toEqual(['places[1].email']);
    expect(Object.keys(await refused([{ ...good('A'), name: '   ' }, good('B')]))).toEqual(['places[0].name']);
    expect(Object.keys(await refused([{ ...good('A'), name: 'x'.repeat(201) }, good('B')]))).toEqual(['places[0].name']);
    expect(Object.keys(await refused([good('A'), { ...good('B'), session_id: 999_999 }]))).toEqual(['places[1].session_id']);
    expect(Object.keys(await refused([good('A'), { ...good('B'), session_id: String(date.id) }]))).toEqual(['places[1].session_id']);
    expect(await shop.sql('select count(*)::int as count from training_delegates d join training_session_places p on p.id = d.place_id where p.order_id = ?', [orderId])).toEqual([{ count: 0 }]);

    // A place may stay unnamed for now (a blank pair), but a named delegate is replaced, not emptied.
    const first = good('Ada First');
    await as(buyer.bearer).put(`/api/orders/${orderId}/delegates`, { places: [first, { session_id: date.id, name: '', email: '' }] }).expect(200);
    expect((await as(buyer.bearer).get(`/api/orders/${orderId}`).expect(200)).body.places.map((place: { name: string | null }) => place.name)).toEqual(['Ada First', null]);
    expect(Object.keys(await refused([{ session_id: date.id, name: '', email: '' }, good('B')]))).toEqual(['places[0].name', 'places[0].email']);
  });

  it('settles a session\'s delegates from 00:00 UK time on its day (409), and names nobody on an unpaid or cancelled order (409)', async () => {
    const buyer = await customer('delegates-deadline');
    const date = await session({ starts_at: at(30, 9), ends_at: at(30, 16) });
    const orderId = await buy(buyer, [[date.id, 1]]);
    const email = uniqueEmail('settled');
    await as(buyer.bearer).put(`/api/orders/${orderId}/delegates`, { places: [{ session_id: date.id, name: 'Dee Settled', email }] }).expect(200);
    // The session is under way now: its deadline (midnight UK before it started) has passed.
    await shop.sql(`update training_sessions set starts_at = now() - interval '1 hour', ends_at = now() + interval '5 hours' where id = ?`, [date.id]);
    const late = await as(buyer.bearer).put(`/api/orders/${orderId}/delegates`, { places: [{ session_id: date.id, name: 'Someone Else', email: uniqueEmail('late') }] }).expect(409);
    expect(late.body.message).toMatch(/can no longer be changed: names can be changed until 23:59 UK time the day before the session/);
    // Repeating what is named still passes (the form sends every place, settled ones too).
    const same = await as(buyer.bearer).put(`/api/orders/${orderId}/delegates`, { places: [{ session_id: date.id, name: 'Dee Settled', email }] }).expect(200);
    expect(same.body.courses[0]).toMatchObject({ changeable: false, seats: [{ name: 'Dee Settled', email }] });

    // A card order waiting for payment holds places but cannot name delegates yet; cancelled, its places are gone.
    const later = await session({ starts_at: at(40, 9), ends_at: at(40, 16) });
    const pending = await inContext(shop, () => shop.app.get(CheckoutService).place(buyer.id, [{ optionId: course, qty: 1, bookingRef: String(later.id), bookingLabel: 'later' }], checkoutInput()));
    const entry = [{ session_id: later.id, name: 'Pat Pending', email: uniqueEmail('pending') }];
    expect((await as(buyer.bearer).put(`/api/orders/${pending.order.id}/delegates`, { places: entry }).expect(409)).body.message).toMatch(/once the order is paid/);
    await as(admin).post(`/api/admin/orders/${pending.order.id}/transitions`, { to: 'cancelled', note: 'Test.' }).expect(200);
    expect((await as(buyer.bearer).put(`/api/orders/${pending.order.id}/delegates`, { places: entry }).expect(409)).body.message).toMatch(/cancelled/);
    expect((await as(buyer.bearer).get(`/api/orders/${pending.order.id}`).expect(200)).body.places).toEqual([]);
  });

  it('reminds each delegate once, 2 days before, however often the job runs — not for cancelled sessions or places given back', async () => {
    const buyer = await customer('delegates-reminder');
    const soon = await session({ starts_at: at(50, 9), ends_at: at(50, 16) });
    const cancelled = await session({ starts_at: at(51, 9), ends_at: at(51, 16) });
    const orderId = await buy(buyer, [[soon.id, 2], [cancelled.id, 1]]);
    const [one, two, three] = [uniqueEmail('remind-one'), uniqueEmail('remind-two'), uniqueEmail('remind-three')];
    await as(buyer.bearer).put(`/api/orders/${orderId}/delegates`, {
      places: [{ session_id: soon.id, name: 'Rae One', email: one }, { session_id: soon.id, name: 'Rae Two', email: two }, { session_id: cancelled.id, name: 'Rae Three', email: three }],
    }).expect(200);
    await joiningFor(one);
    // A second order's delegate on the same session, then given back (order cancelled): no reminder for them.
    const gone = uniqueEmail('remind-gone');
    const goneOrder = await buy(buyer, [[soon.id, 1]]);
    await as(buyer.bearer).put(`/api/orders/${goneOrder}/delegates`, { places: [{ session_id: soon.id, name: 'Gil Gone', email: gone }] }).expect(200);
    await as(admin).post(`/api/admin/orders/${goneOrder}/transitions`, { to: 'cancelled', note: 'Test.' }).expect(200);

    await shop.sql(`update training_sessions set starts_at = now() + interval '30 hours', ends_at = now() + interval '36 hours' where id in (?, ?)`, [soon.id, cancelled.id]);
    await shop.sql(`update training_sessions set status = 'cancelled' where id = ?`, [cancelled.id]);
    const registry = shop.app.get(JobHandlerRegistry);
    expect(registry.recurring()).toContainEqual({ type: DELEGATE_REMINDERS_JOB, everyMs: 15 * 60_000 });
    const handler = registry.get(DELEGATE_REMINDERS_JOB)!;
    const run = () => RequestContext.create(shop.app.get(MikroORM).em, () => handler({}, { id: 0, type: DELEGATE_REMINDERS_JOB, attempt: 1, maxAttempts: 1 }));
    await Promise.all([run(), run()]);
    await run();

    const reminder = await waitUntil(async () => (await mailbox(one)).find((mail) => mail.subject.startsWith('Reminder: ')), { what: 'the reminder' });
    expect(reminder.text).toContain('A reminder: your course "Fire Marshal Open Course" is coming up, booked by Acme Safety Ltd');
    expect((await calendarOf(reminder)).ics).toContain('SUMMARY:Fire Marshal Open Course');
    await waitForQueueIdle(shop);
    const reminders = async (to: string) => (await mailbox(to)).filter((mail) => mail.subject.startsWith('Reminder: ')).length;
    expect([await reminders(one), await reminders(two), await reminders(three), await reminders(gone)]).toEqual([1, 1, 0, 0]);
  });
});
