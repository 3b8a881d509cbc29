import { JobHandlerRegistry } from '../../src/platform/queue/index.js';
import { createProduct } from '../support/catalogue-fixtures.js';
import { courseFixtures } from '../support/course-fixtures.js';
import { bearerFor, DEMO_ADMIN, GOOD_PASSWORD, signInByApi, uniqueEmail } from '../support/identity-client.js';
import { waitForFirstRecurringRun, waitForMail, waitForQueueIdle, type MailboxMessage } from '../support/mailbox.js';
import { checkoutInput, inContext } from '../support/orders-fixtures.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { databaseKind } from '../support/test-database.js';
import { itOnce } from '../support/once-across-databases.js';

const at = (days: number, hour: number) => new Date(Date.UTC(2030, 0, days) + hour * 3_600_000).toISOString();

interface RegisterPlace {
  order_number: string;
  buyer: { name: string | null; company: string | null };
  seat_no: number;
  delegate: { id: number; name: string; email: string } | null;
  attended: boolean;
  certificate_code: string | null;
}

/**
 * Issue 27, registers (ADR 0049): staff's register of a session's places and delegates; attendance once the session
 * has started issues one certificate per delegate (verifiable, e-mailed) that the buyer's training records list.
 * Delegates are written by a fixture straight into `training_delegates` (the delegates slice's API arrives in
 * parallel; after the merge the fixture can use `PUT /api/orders/{id}/delegates`).
 */
describe(`Course registers (${databaseKind})`, () => {
  let shop: TestApp;
  let admin: string;
  let productId: number;
  let course: number;
  const { http, as, customer, createSession } = courseFixtures(() => shop);
  /** Buyers here are a company's, on account: they check out by invoice. */
  const buyer = (prefix: string) => customer(prefix, { companyName: 'Acme Safety Ltd', accountTerms: true });

  /** A session with `qty` places bought through the basket and checkout (on account); answers the session and order. */
  async function sessionWithOrder(who: { bearer: string }, qty: number, day: number): Promise<{ sessionId: number; orderId: number; orderNumber: string }> {
    const session = await createSession(admin, {
      option_id: course, starts_at: at(day, 9), ends_at: at(day, 16), venue: 'Leeds Training Centre', capacity: 8,
    });
    for (let i = 0; i < qty; i += 1) await as(who.bearer).post('/api/basket/items', { option_id: course, session_id: session.id }).expect(200);
    const placed = await as(who.bearer).post('/api/checkout', {
      billing_address: checkoutInput().billingAddress, accept_terms: true, payment_method: 'invoice', po_number: `PO-REG-${day}`,
    }).expect(201);
    return { sessionId: session.id, orderId: placed.body.order.id, orderNumber: placed.body.order.number };
  }

  /** The delegates slice's rows, written directly: seat → name and e-mail on the order's place. */
  async function nameDelegates(orderId: number, delegates: Array<{ seat: number; name: string; email: string }>): Promise<number[]> {
    const ids: number[] = [];
    for (const d of delegates) {
      const [row] = await shop.sql<{ id: number }>(
        `insert into training_delegates (place_id, seat_no, name, email)
         select id, ?, ?, ? from training_session_places where order_id = ? returning id`,
        [d.seat, d.name, d.email, orderId],
      );
      ids.push(Number(row!.id));
    }
    return ids;
  }

  /** Moves the session's start into the past, as time passing would (the register opens when it starts). */
  const started = (sessionId: number) =>
    shop.sql(`update training_sessions set starts_at = now() - interval '3 hours', ends_at = now() - interval '1 hour' where id = ?`, [sessionId]);

  beforeAll(async () => {
    shop = await startTestApp({ LOG_LEVEL: 'error', QUEUE_POLL_MS: '50' });
    admin = await bearerFor(shop, DEMO_ADMIN);
    const product = await createProduct(shop.sql, { title: 'First Aid at Work Open Course', options: [{ name: 'Open course — 1 place', kind: 'course', price: 25_000 }] });
    productId = product.id;
    [course] = product.optionIds as [number];
  }, 120_000); // PGlite migrates a fresh database per file: slow on a busy machine
  afterAll(() => shop?.close(), 30_000);

  it('lists every place with its buyer and delegate, marks attendance once started, and issues one verifiable, e-mailed certificate', async () => {
    const casey = await buyer('register-buyer');
    const { sessionId, orderId, orderNumber } = await sessionWithOrder(casey, 2, 10);
    const dana = uniqueEmail('dana-delegate');
    const [danaId] = await nameDelegates(orderId, [{ seat: 1, name: 'Dana Delegate', email: dana }]);

    const register = (await as(admin).get(`/api/admin/sessions/${sessionId}/register`).expect(200)).body;
    expect(register.session).toMatchObject({ id: sessionId, product_title: 'First Aid at Work Open Course', capacity: 8, places_taken: 2 });
    expect(register.attendance_open).toBe(false);
    expect(register.attendance_note).toMatch(/once the session has started/);
    expect(register.places).toEqual([
      expect.objectContaining({ order_id: orderId, order_number: orderNumber, seat_no: 1, delegate: { id: danaId, name: 'Dana Delegate', email: dana }, attended: false, certificate_code: null }),
      expect.objectContaining({ order_id: orderId, order_number: orderNumber, seat_no: 2, delegate: null, attended: false, certificate_code: null }),
    ]);
    expect(register.places[0].buyer.name).toBeTruthy();

    // Before the session starts: 409, nothing recorded.
    const early = await as(admin).put(`/api/admin/sessions/${sessionId}/attendance`, { delegates: [{ delegate_id: danaId, attended: true }] }).expect(409);
    expect(early.body.message).toMatch(/once the session has started/);
    expect(await shop.sql('select count(*)::int as count from training_certificates')).toEqual([{ count: 0 }]);

    await started(sessionId);
    const marked = (await as(admin).put(`/api/admin/sessions/${sessionId}/attendance`, { delegates: [{ delegate_id: danaId, attended: true }] }).expect(200)).body;
    const place = (marked.places as RegisterPlace[]).find((p) => p.delegate?.id === danaId)!;
    expect(place).toMatchObject({ attended: true, certificate_code: expect.any(String) });
    const code = place.certificate_code!;
    expect(marked.attendance_open).toBe(true);

    const verified = (await http().get(`/api/certificates/${code}`).expect(200)).body;
    expect(verified).toMatchObject({ code, learner_name: 'Dana Delegate', course_title: 'First Aid at Work Open Course', status: 'valid', expires_at: null });
    const [row] = await shop.sql<{ delegate_ref: string; score: number | null; attendance_marked_by: number }>(
      `select c.delegate_ref, c.score, d.attendance_marked_by from training_certificates c join training_delegates d on d.certificate_code = c.code where c.code = ?`, [code],
    );
    expect(row).toMatchObject({ delegate_ref: String(danaId), score: null });
    expect(Number(row!.attendance_marked_by)).toBeGreaterThan(0);

    // Marking again (a second save, a double click) issues nothing more.
    const again = (await as(admin).put(`/api/admin/sessions/${sessionId}/attendance`, { delegates: [{ delegate_id: danaId, attended: true }] }).expect(200)).body;
    expect((again.places as RegisterPlace[])[0]!.certificate_code).toBe(code);
    expect(await shop.sql('select count(*)::int as count from training_certificates where delegate_ref = ?', [String(danaId)])).toEqual([{ count: 1 }]);

    const mail = await waitForMail(shop, dana, 'Your certificate for "First Aid at Work Open Course"');
    expect(mail.text).toContain(`/certificates/${code}`);
    expect(mail.text).toContain(`/api/certificates/${code}.pdf`);
    expect(mail.text).toContain('Dana Delegate');
  });

  it('reminds an attended delegate and their buyer 30 days before the certificate expires, once, in open-course words', async () => {
    await waitForFirstRecurringRun(shop, 'training.refresher-reminders'); // the worker's start-up sweep is over
    const robin = await buyer('register-refresher');
    const { sessionId, orderId } = await sessionWithOrder(robin, 1, 12);
    const eli = uniqueEmail('eli-delegate');
    const [eliId] = await nameDelegates(orderId, [{ seat: 1, name: 'Eli Delegate', email: eli }]);
    await started(sessionId);
    const marked = (await as(admin).put(`/api/admin/sessions/${sessionId}/attendance`, { delegates: [{ delegate_id: eliId, attended: true }] }).expect(200)).body;
    const code = (marked.places as RegisterPlace[]).find((p) => p.delegate?.id === eliId)!.certificate_code!;
    await shop.sql(`update training_certificates set expires_at = now() + interval '20 days' where code = ?`, [code]);

    const job = 'training.refresher-reminders';
    const sweep = () => inContext(shop, () => shop.app.get(JobHandlerRegistry).get(job)!({}, { id: 0, type: job, attempt: 1, maxAttempts: 1 }));
    await Promise.all([sweep(), sweep()]);
    await waitForQueueIdle(shop);
    const mailTo = async (address: string) => (await http().get('/api/dev/mailbox').query({ to: address }).expect(200)).body as MailboxMessage[];
    const reminders = (await mailTo(eli)).filter((m) => m.subject.startsWith('Your "First Aid at Work Open Course" certificate expires on'));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.text).toContain('a place on a refresher course');
    expect(reminders[0]!.text).toContain(`?option=${course}#options`);
    const digest = (await mailTo(robin.email)).filter((m) => m.subject.startsWith('Refresher training due'));
    expect(digest).toHaveLength(1);
    expect(digest[0]!.subject).toBe('Refresher training due: 1 certificate expires within 30 days');
    expect(digest[0]!.text).toContain(`Eli Delegate (${eli}), certificate ${code}`);
    expect(digest[0]!.text).toContain('Book refresher places (1 needed): ');
    expect(digest[0]!.text).toContain('book them places on a refresher course');
  });

  it('issues one certificate when several staff save the same delegate at once', async () => {
    const casey = await buyer('register-race');
    const { sessionId, orderId } = await sessionWithOrder(casey, 1, 11);
    const [hana] = await nameDelegates(orderId, [{ seat: 1, name: 'Hana Racing', email: uniqueEmail('hana') }]);
    await started(sessionId);
    const saves = await Promise.all(Array.from({ length: 4 }, () =>
      as(admin).put(`/api/admin/sessions/${sessionId}/attendance`, { delegates: [{ delegate_id: hana, attended: true }] })));
    expect(saves.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(saves.map((res) => (res.body.places as RegisterPlace[])[0]!.certificate_code)).size).toBe(1);
    expect(await shop.sql('select count(*)::int as count from training_certificates where delegate_ref = ?', [String(hana)])).toEqual([{ count: 1 }]);
  });

  itOnce('lists attended delegates in the buyer\'s training records, the expiring filter and the CSV', async () => {
    const buyerOne = await buyer('records-buyer');
    // Course content's validity decides the certificate's expiry (12 months after the session's end).
    await as(admin).put(`/api/admin/products/${productId}/course`, { duration: null, chapters: [], questions: [], pass_mark: 80, validity_months: 12 }).expect(200);
    const { sessionId, orderId } = await sessionWithOrder(buyerOne, 1, 12);
    const [eliId] = await nameDelegates(orderId, [{ seat: 1, name: 'Eli Attended', email: uniqueEmail('eli') }]);
    await started(sessionId);
    const marked = (await as(admin).put(`/api/admin/sessions/${sessionId}/attendance`, { delegates: [{ delegate_id: eliId, attended: true }] }).expect(200)).body;
    const code = (marked.places as RegisterPlace[])[0]!.certificate_code!;
    const [session] = await shop.sql<{ ends_at: string }>('select ends_at from training_sessions where id = ?', [sessionId]);
    const expected = new Date(session!.ends_at);
    expected.setUTCMonth(expected.getUTCMonth() + 12);

    const records = (await as(buyerOne.bearer).get('/api/account/training-records').expect(200)).body as Array<Record<string, unknown>>;
    expect(records).toEqual([{
      name: 'Eli Attended', email: expect.any(String), course: 'First Aid at Work Open Course', completed_at: new Date(session!.ends_at).toISOString(),
      score: null, expires_at: expect.any(String), certificate_code: code, status: 'valid',
      refresher_url: null, // expires in more than 60 days (ADR 0052)
    }]);
    expect(Math.abs(new Date(records[0]!.expires_at as string).getTime() - expected.getTime())).toBeLessThan(3 * 86_400_000);

    // Not expiring yet; once it is within 60 days the filter and its CSV list it.
    expect((await as(buyerOne.bearer).get('/api/account/training-records?expiring_within_days=60').expect(200)).body).toEqual([]);
    await shop.sql(`update training_certificates set expires_at = now() + interval '30 days' where code = ?`, [code]);
    const expiring = (await as(buyerOne.bearer).get('/api/account/training-records?expiring_within_days=60').expect(200)).body as Array<{ certificate_code: string }>;
    expect(expiring.map((r) => r.certificate_code)).toEqual([code]);
    const csv = await as(buyerOne.bearer).get('/api/account/training-records.csv?expiring_within_days=60').expect(200);
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(new RegExp(`^Eli Attended,.*,First Aid at Work Open Course,.*,,.*,${code},valid$`));

    // Another buyer's records do not show it.
    const other = await buyer('records-other');
    expect((await as(other.bearer).get('/api/account/training-records').expect(200)).body).toEqual([]);
  });

  itOnce('refuses a delegate of another session (422 on that entry), unmarking revokes, and only staff of the area may use it', async () => {
    const casey = await buyer('register-refusals');
    const first = await sessionWithOrder(casey, 1, 14);
    const second = await sessionWithOrder(casey, 1, 15);
    const [mine] = await nameDelegates(first.orderId, [{ seat: 1, name: 'Finn First', email: uniqueEmail('finn') }]);
    const [theirs] = await nameDelegates(second.orderId, [{ seat: 1, name: 'Gail Second', email: uniqueEmail('gail') }]);
    await started(first.sessionId);

    const refused = await as(admin).put(`/api/admin/sessions/${first.sessionId}/attendance`, {
      delegates: [{ delegate_id: mine, attended: true }, { delegate_id: theirs, attended: true }],
    }).expect(422);
    expect(Object.keys(refused.body.errors)).toEqual(['delegates.1.delegate_id']);
    expect(await shop.sql('select count(*)::int as count from training_delegates where attended_at is not null and id = any(?::int[])', [`{${mine},${theirs}}`])).toEqual([{ count: 0 }]);
    expect((await as(admin).put(`/api/admin/sessions/${first.sessionId}/attendance`, { delegates: [{ delegate_id: 'x', attended: 'yes' }] }).expect(422)).body.errors)
      .toHaveProperty(['delegates.0.delegate_id']);
    await as(admin).put('/api/admin/sessions/999999/attendance', { delegates: [] }).expect(404);
    await as(admin).get('/api/admin/sessions/999999/register').expect(404);

    // Unmarking an attended delegate revokes the certificate; marking again issues a new one.
    const code = ((await as(admin).put(`/api/admin/sessions/${first.sessionId}/attendance`, { delegates: [{ delegate_id: mine, attended: true }] }).expect(200))
      .body.places as RegisterPlace[])[0]!.certificate_code!;
    const unmarked = (await as(admin).put(`/api/admin/sessions/${first.sessionId}/attendance`, { delegates: [{ delegate_id: mine, attended: false }] }).expect(200)).body;
    expect((unmarked.places as RegisterPlace[])[0]).toMatchObject({ attended: false, certificate_code: null });
    expect((await http().get(`/api/certificates/${code}`).expect(200)).body).toMatchObject({ status: 'revoked' });
    expect((await as(casey.bearer).get('/api/account/training-records').expect(200)).body).toEqual([]);

    // A cancelled session takes no attendance.
    await as(admin).post(`/api/admin/sessions/${second.sessionId}/cancel`).expect(200);
    await started(second.sessionId);
    expect((await as(admin).put(`/api/admin/sessions/${second.sessionId}/attendance`, { delegates: [{ delegate_id: theirs, attended: true }] }).expect(409)).body.message)
      .toMatch(/cancelled/);

    // Customers get 403, the anonymous 401, staff without the catalogue area 403.
    await as(casey.bearer).get(`/api/admin/sessions/${first.sessionId}/register`).expect(403);
    await as(casey.bearer).put(`/api/admin/sessions/${first.sessionId}/attendance`, { delegates: [] }).expect(403);
    await http().get(`/api/admin/sessions/${first.sessionId}/register`).expect(401);
    const content = await buyer('register-content-staff');
    await shop.sql(`update users set role = 'admin', staff_role = 'content' where id = ?`, [content.id]);
    const editor = (await signInByApi(shop, { email: content.email, password: GOOD_PASSWORD })).bearer;
    await as(editor).get(`/api/admin/sessions/${first.sessionId}/register`).expect(403);
  });
});
