import request from 'supertest';
import { BACKFILL_OPTION_SEATS } from '../../migrations/Migration20261128000050OptionSeats.js';
import { OrderProcess } from '../../src/modules/orders/index.js';
import { createProduct } from '../support/catalogue-fixtures.js';
import { bearerFor, DEMO_ADMIN, GOOD_PASSWORD, nextIp, signInByApi, uniqueEmail } from '../support/identity-client.js';
import { waitForMail } from '../support/mailbox.js';
import { completedEvent, inContext, placeOrder, stripeSignature } from '../support/orders-fixtures.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { databaseKind } from '../support/test-database.js';

const SECRET = 'whsec_training_licences_secret_0123456789';
const SUBJECT = 'You are invited to the online course "Fire Marshal Online"';

interface Person {
  id: number;
  email: string;
  bearer: string;
}

/**
 * Issue 26, licences (ADR 0040): a paid or on-account order line of kind online_access becomes a licence of
 * seats × qty; the buyer invites learners (all or nothing, never more than the seats, even racing), takes seats
 * back; a learner accepts the e-mailed single-use link; a refund revokes the unfinished seats.
 */
describe(`Training licences (${databaseKind})`, () => {
  let shop: TestApp;
  let admin: string;
  let buyer: Person;
  let fiveSeats: number; // "Online licence — 5 users": bought twice, a licence of 10
  let download: number;
  const http = () => request(shop.app.getHttpServer());
  const as = (person: Person) => ({
    get: (path: string) => http().get(path).set('Authorization', person.bearer),
    post: (path: string, body: object = {}) => http().post(path).set('Authorization', person.bearer).send(body),
    delete: (path: string) => http().delete(path).set('Authorization', person.bearer),
  });
  const webhook = (body: string) =>
    http().post('/api/payments/test/webhook').set('content-type', 'application/json').set('stripe-signature', stripeSignature(body, SECRET)).send(body);

  async function person(prefix: string, names = { first_name: 'Sam', last_name: 'Learner' }): Promise<Person> {
    const email = uniqueEmail(prefix);
    await http().post('/api/register').set('X-Forwarded-For', nextIp()).send({ email, password: GOOD_PASSWORD, password_confirmation: GOOD_PASSWORD, ...names }).expect(201);
    const signedIn = await signInByApi(shop, { email, password: GOOD_PASSWORD });
    return { id: signedIn.user.id, email, bearer: signedIn.bearer };
  }

  /** A card order of these lines, paid through the test provider's signed webhook. */
  async function paidOrder(customer: Person, lines: Array<{ optionId: number; qty: number }>): Promise<number> {
    const placed = (await placeOrder(shop, customer.id, lines)).order;
    const [row] = await shop.sql<{ payment_reference: string; grand_total: number }>('select payment_reference, grand_total from orders where id = ?', [placed.id]);
    expect((await webhook(completedEvent(`evt_training_${placed.id}`, row!.payment_reference, placed.id, row!.grand_total))).status).toBe(200);
    return placed.id;
  }

  async function licenceOf(customer: Person, orderId: number) {
    const licences = (await as(customer).get('/api/account/licences').expect(200)).body as Array<{ id: number; order_id: number; seats: number; seats_used: number; learners: Array<{ id: number; email: string; status: string }> }>;
    return licences.find((licence) => licence.order_id === orderId)!;
  }

  async function linkFor(email: string): Promise<string> {
    const mail = await waitForMail(shop, email, SUBJECT);
    const link = /\/learn\/invitations\/([A-Za-z0-9_-]+)/.exec(mail.text);
    expect(link).not.toBeNull();
    return link![1]!;
  }

  /**
   * A copy of the buyer's account (their password), not a registration: the file's registrations are at their limit.
   * The bench's buyer (ADR 0013) by default: `licences` licences of `seats` seats, every seat taken, four in five passed
   * with a certificate (completed 0…seats-1 days ago, 12 months' validity); set-based.
   */
  async function bigBuyer(prefix: string, { licences, seats, orderBase }: { licences: number; seats: number; orderBase: number }): Promise<Person> {
    const email = uniqueEmail(prefix);
    await shop.sql(
      `insert into users (email, password_hash, first_name, last_name, role, email_verified_at)
       select ?, password_hash, first_name, last_name, role, now() from users where id = ?`,
      [email, buyer.id],
    );
    const signedIn = await signInByApi(shop, { email, password: GOOD_PASSWORD });
    const big: Person = { id: signedIn.user.id, email, bearer: signedIn.bearer };
    const [option] = await shop.sql<{ product_id: number }>('select product_id from product_options where id = ?', [fiveSeats]);
    await shop.sql(
      `insert into training_licences (order_id, order_line_id, customer_id, product_id, option_id, seats)
       select ? + c, ? + c, ?, ?, ?, ? from generate_series(0, ? - 1) c`,
      [orderBase, orderBase, big.id, option!.product_id, fiveSeats, seats, licences],
    );
    await shop.sql(
      `insert into training_enrolments (licence_id, email, name, status, invited_at, enrolled_at, completed_at, score, certificate_code)
       select l.id, 'big.learner.' || l.id || '.' || n || '@acme.co.uk', 'Learner ' || n, case when n % 5 = 4 then 'enrolled' else 'completed' end,
              now() - interval '100 days', now() - interval '99 days', case when n % 5 <> 4 then now() - make_interval(days => n) end,
              case when n % 5 <> 4 then 90 end, case when n % 5 <> 4 then 'BIG-' || l.id || '-' || n end
       from training_licences l, generate_series(0, ? - 1) n where l.customer_id = ?`,
      [seats, big.id],
    );
    await shop.sql(
      `insert into training_certificates (code, enrolment_id, learner_name, product_id, course_title, score, completed_at, expires_at)
       select e.certificate_code, e.id, e.name, l.product_id, 'Fire Marshal Online', e.score, e.completed_at, e.completed_at + interval '12 months'
       from training_enrolments e join training_licences l on l.id = e.licence_id where l.customer_id = ? and e.status = 'completed'`,
      [big.id],
    );
    return big;
  }

  beforeAll(async () => {
    shop = await startTestApp({ QUEUE_POLL_MS: '50', PAYMENT_TEST_WEBHOOK_SECRET: SECRET });
    admin = await bearerFor(shop, DEMO_ADMIN);
    buyer = await person('training-buyer', { first_name: 'Morgan', last_name: 'Manager' });
    const product = await createProduct(shop.sql, {
      title: 'Fire Marshal Online', options: [{ name: 'Online licence — 5 users', kind: 'online_access', seats: 5, price: 9_900 }, { name: 'Workbook', kind: 'download', price: 500 }],
    });
    [fiveSeats, download] = product.optionIds as [number, number];
  }, 60_000);
  afterAll(() => shop?.close(), 30_000);

  it('backfills the seats of online options made before seats existed from the number in their name (migration 20261128000050)', async () => {
    const names = ['Online licence — 10 users', 'Online course — 1 learner', 'Online course — 50 Learners', 'Site licence (25 seats)', 'Online access'];
    const { optionIds } = await createProduct(shop.sql, { options: [...names.map((name) => ({ name, kind: 'online_access' as const, seats: null })), { name: 'DVD — 10 users' }] });
    await shop.sql(BACKFILL_OPTION_SEATS);
    const rows = await shop.sql<{ id: number; seats: number | null }>('select id, seats from product_options where id = any(?::int[]) order by id', [`{${optionIds.join(',')}}`]);
    expect(rows.map((row) => row.seats)).toEqual([10, 1, 50, 25, 1, null]);
  });

  it('turns a paid card order line into a licence of seats × qty, once, and nothing for other kinds', async () => {
    const orderId = await paidOrder(buyer, [{ optionId: fiveSeats, qty: 2 }, { optionId: download, qty: 1 }]);
    const licence = await licenceOf(buyer, orderId);
    expect(licence).toMatchObject({ order_id: orderId, product: { title: 'Fire Marshal Online' }, seats: 10, seats_used: 0, seats_free: 10, revoked: false, learners: [] });
    expect(await shop.sql('select count(*)::int as count from training_licences where order_id = ?', [orderId])).toEqual([{ count: 1 }]);
    // Nobody else sees it.
    const other = await person('training-other');
    expect((await as(other).get('/api/account/licences').expect(200)).body).toEqual([]);
    await http().get('/api/account/licences').expect(401);
  });

  it('gives an order placed on account its licence at once, and the later payment does not double it', async () => {
    const council = await person('training-council');
    await shop.sql('update users set account_terms = true where id = ?', [council.id]);
    const placed = (await placeOrder(shop, council.id, [{ optionId: fiveSeats, qty: 1 }], { paymentMethod: 'invoice', poNumber: 'PO-TRAIN-1' })).order;
    expect(await licenceOf(council, placed.id)).toMatchObject({ seats: 5 });
    await inContext(shop, () => shop.app.get(OrderProcess).transition(placed.id, 'paid', 'payment'));
    expect((await shop.sql<{ status: string }>('select status from orders where id = ?', [placed.id]))[0]!.status).toBe('paid');
    expect(await shop.sql('select count(*)::int as count, sum(seats)::int as seats from training_licences where order_id = ?', [placed.id])).toEqual([{ count: 1, seats: 5 }]);
  });

  it('invites all or nobody: 201 with the learners, 422 on a bad or already invited address, 409 naming the free seats', async () => {
    const orderId = await paidOrder(buyer, [{ optionId: fiveSeats, qty: 1 }]);
    const { id } = await licenceOf(buyer, orderId);
    const invitations = `/api/account/licences/${id}/invitations`;

    const bad = await as(buyer).post(invitations, { emails: ['ok@acme.co.uk', 'not-an-address'] }).expect(422);
    expect(bad.body.errors).toEqual({ 'emails[1]': ['"not-an-address" is not an e-mail address.'] });
    await as(buyer).post(invitations, { emails: [] }).expect(422);
    await as(buyer).post(invitations, { emails: Array.from({ length: 501 }, (_, i) => `p${i}@acme.co.uk`) }).expect(422);
    expect((await licenceOf(buyer, orderId)).seats_used).toBe(0);

    const first = await as(buyer).post(invitations, { emails: ['Ann@Acme.co.uk', 'bob@acme.co.uk', 'ann@acme.co.uk'] }).expect(201);
    expect(first.body).toMatchObject({ invited: [{ email: 'ann@acme.co.uk', status: 'invited', name: null }, { email: 'bob@acme.co.uk', status: 'invited' }], seats_free: 3 });
    expect(first.body.invited).toHaveLength(2); // the repeated address is invited once

    const again = await as(buyer).post(invitations, { emails: ['cat@acme.co.uk', 'BOB@acme.co.uk'] }).expect(422);
    expect(again.body.errors).toEqual({ 'emails[1]': ['bob@acme.co.uk already holds a seat on this licence.'] });

    const tooMany = await as(buyer).post(invitations, { emails: ['cat@acme.co.uk', 'dan@acme.co.uk', 'eve@acme.co.uk', 'fay@acme.co.uk'] }).expect(409);
    expect(tooMany.body.message).toBe('This licence has 3 free seats, but you asked to invite 4. Nobody was invited: remove 1 and try again.');
    expect((await licenceOf(buyer, orderId)).seats_used).toBe(2);

    const mail = await waitForMail(shop, 'ann@acme.co.uk', SUBJECT);
    expect(mail.text).toContain('Morgan Manager has given you a seat on the online course "Fire Marshal Online"');
    expect(mail.text).toMatch(/http:\/\/[^/]+\/learn\/invitations\/[A-Za-z0-9_-]{43}\n/);
  });

  it('gives exactly 10 of 12 racing single invitations for 10 free seats', async () => {
    const orderId = await paidOrder(buyer, [{ optionId: fiveSeats, qty: 2 }]);
    const { id } = await licenceOf(buyer, orderId);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => as(buyer).post(`/api/account/licences/${id}/invitations`, { emails: [`racer${i}@acme.co.uk`] })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([...Array<number>(10).fill(201), 409, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.message).toMatch(/^This licence has no free seats/);
    expect(await shop.sql(`select count(*)::int as count from training_enrolments where licence_id = ? and status = 'invited'`, [id])).toEqual([{ count: 10 }]);
    expect((await licenceOf(buyer, orderId)).seats_used).toBe(10);
  });

  it('takes a seat back (204, the link dies, the seat is free), not a completed one (409), and never another customer\'s (404)', async () => {
    const orderId = await paidOrder(buyer, [{ optionId: fiveSeats, qty: 1 }]);
    const { id } = await licenceOf(buyer, orderId);
    const invited = await as(buyer).post(`/api/account/licences/${id}/invitations`, { emails: ['gil@acme.co.uk', 'hal@acme.co.uk'] }).expect(201);
    const [gil, hal] = invited.body.invited as [{ id: number }, { id: number }];
    const token = await linkFor('gil@acme.co.uk');

    const stranger = await person('training-stranger');
    await as(stranger).delete(`/api/account/licences/${id}/learners/${gil.id}`).expect(404);
    await as(stranger).post(`/api/account/licences/${id}/invitations`, { emails: ['x@acme.co.uk'] }).expect(404);
    await as(buyer).delete(`/api/account/licences/${id}/learners/999999`).expect(404);
    await as(buyer).delete(`/api/account/licences/abc/learners/${gil.id}`).expect(404);

    await as(buyer).delete(`/api/account/licences/${id}/learners/${gil.id}`).expect(204);
    const after = await licenceOf(buyer, orderId);
    expect(after).toMatchObject({ seats_used: 1 });
    expect(after.learners.map((learner) => learner.email)).toEqual(['hal@acme.co.uk']);
    await as(buyer).delete(`/api/account/licences/${id}/learners/${gil.id}`).expect(404);
    const withdrawn = await as(stranger).post(`/api/learn/invitations/${token}`).expect(410);
    expect(withdrawn.body.message).toBe('This invitation was withdrawn by whoever sent it. Ask them if you still need the course.');
    // The same address can be invited again: a new seat, a new link.
    await as(buyer).post(`/api/account/licences/${id}/invitations`, { emails: ['gil@acme.co.uk'] }).expect(201);

    await shop.sql(`update training_enrolments set status = 'completed', completed_at = now(), score = 90 where id = ?`, [hal.id]);
    const completed = await as(buyer).delete(`/api/account/licences/${id}/learners/${hal.id}`).expect(409);
    expect(completed.body.message).toBe('This learner has completed the course: the seat stays used and cannot be taken back.');
  });

  it('lets a signed-in learner accept the link once (201), refuses it used (410), expired (410), unknown (404), a second seat (409)', async () => {
    const orderId = await paidOrder(buyer, [{ optionId: fiveSeats, qty: 1 }]);
    const { id } = await licenceOf(buyer, orderId);
    const ivy = await person('training-ivy', { first_name: 'Ivy', last_name: 'Learner' });
    await as(buyer).post(`/api/account/licences/${id}/invitations`, { emails: [ivy.email, 'jo@acme.co.uk', 'kim@acme.co.uk'] }).expect(201);
    const [ivyToken, joToken, kimToken] = [await linkFor(ivy.email), await linkFor('jo@acme.co.uk'), await linkFor('kim@acme.co.uk')];

    await http().post(`/api/learn/invitations/${ivyToken}`).expect(401);
    const accepted = await as(ivy).post(`/api/learn/invitations/${ivyToken}`).expect(201);
    expect(accepted.body).toEqual({ enrolment_id: expect.any(Number) });
    expect((await as(ivy).post(`/api/learn/invitations/${ivyToken}`).expect(201)).body).toEqual(accepted.body); // a double click
    const learner = (await licenceOf(buyer, orderId)).learners.find((l) => l.email === ivy.email);
    expect(learner).toMatchObject({ id: accepted.body.enrolment_id, status: 'enrolled', name: 'Ivy Learner' });

    const someoneElse = await person('training-else');
    const used = await as(someoneElse).post(`/api/learn/invitations/${ivyToken}`).expect(410);
    expect(used.body.message).toBe('This invitation has already been used by another account. Ask whoever invited you to send a new one.');
    expect((await as(ivy).post(`/api/learn/invitations/${joToken}`).expect(409)).body.message).toMatch(/already hold a seat on this licence/);

    await shop.sql(`update training_enrolments set invitation_expires_at = now() - interval '1 minute' where email = 'jo@acme.co.uk' and licence_id = ?`, [id]);
    expect((await as(someoneElse).post(`/api/learn/invitations/${joToken}`).expect(410)).body.message).toMatch(/^This invitation has expired/);
    await as(someoneElse).post('/api/learn/invitations/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA').expect(404);
    await as(someoneElse).post('/api/learn/invitations/short').expect(404);

    // A profile without a name must give one: it goes on the certificate.
    const nameless = await person('training-nameless');
    await shop.sql(`update users set first_name = '', last_name = '' where id = ?`, [nameless.id]);
    const unnamed = await as(nameless).post(`/api/learn/invitations/${kimToken}`).expect(422);
    expect(unnamed.body.errors).toEqual({ name: ['Enter your name as it should appear on your certificate.'] });
    await as(nameless).post(`/api/learn/invitations/${kimToken}`, { name: '  Kim Park ' }).expect(201);
    expect((await licenceOf(buyer, orderId)).learners.find((l) => l.email === 'kim@acme.co.uk')).toMatchObject({ status: 'enrolled', name: 'Kim Park' });

    expect((await as(ivy).get('/api/learn').expect(200)).body).toEqual([
      { id: accepted.body.enrolment_id, product: { id: expect.any(Number), slug: expect.any(String), title: 'Fire Marshal Online' }, status: 'enrolled', progress: 0, certificate_code: null },
    ]);
    expect((await as(someoneElse).get('/api/learn').expect(200)).body).toEqual([]);
  });

  it('revokes the unfinished seats when staff refund the order; completed learners keep theirs', async () => {
    const orderId = await paidOrder(buyer, [{ optionId: fiveSeats, qty: 1 }]);
    const { id } = await licenceOf(buyer, orderId);
    const [done, busy] = [await person('training-done'), await person('training-busy')];
    await as(buyer).post(`/api/account/licences/${id}/invitations`, { emails: [done.email, busy.email, 'waiting@acme.co.uk'] }).expect(201);
    const doneId = (await as(done).post(`/api/learn/invitations/${await linkFor(done.email)}`).expect(201)).body.enrolment_id as number;
    const busyId = (await as(busy).post(`/api/learn/invitations/${await linkFor(busy.email)}`).expect(201)).body.enrolment_id as number;
    await shop.sql(`update training_enrolments set status = 'completed', completed_at = now(), score = 85, certificate_code = 'CERT-TEST-1' where id = ?`, [doneId]);
    const waitingToken = await linkFor('waiting@acme.co.uk');

    await http().post(`/api/admin/orders/${orderId}/transitions`).set('Authorization', admin).send({ to: 'refunded' }).expect(200);

    const licence = await licenceOf(buyer, orderId);
    expect(licence).toMatchObject({ revoked: true, seats_free: 0, seats_used: 1 });
    expect(Object.fromEntries(licence.learners.map((l) => [l.email, l.status]))).toEqual({ [done.email]: 'completed', [busy.email]: 'revoked', 'waiting@acme.co.uk': 'revoked' });
    expect((await as(done).get('/api/learn').expect(200)).body).toMatchObject([{ id: doneId, status: 'completed', progress: 1, certificate_code: 'CERT-TEST-1' }]);
    expect((await as(busy).get('/api/learn').expect(200)).body).toEqual([]);
    const stranger = await person('training-late');
    expect((await as(stranger).post(`/api/learn/invitations/${waitingToken}`).expect(410)).body.message).toMatch(/licence it came from was cancelled/);
    expect((await as(buyer).post(`/api/account/licences/${id}/invitations`, { emails: ['new@acme.co.uk'] }).expect(409)).body.message).toMatch(/revoked/);
    await as(buyer).delete(`/api/account/licences/${id}/learners/${busyId}`).expect(404);
  });

  it('keeps /account/training small for a buyer with 500 learners: 5 learners a licence, 50 records a page, each licence its own pages (ADR 0057)', async () => {
    const big = await bigBuyer('training-big-buyer', { licences: 10, seats: 50, orderBase: 800_000 });

    const html = (await as(big).get('/account/training').expect(200)).text;
    // 640 kB before ADR 0057, every learner and record in it; ~102.6 kB before ADR 0065 cut the page context to what is shown (98 kB).
    expect(html.length).toBeLessThan(100_000);
    // No character above U+00FF, not even the options' names' dashes: the page's own marks are drawn by CSS, and the
    // data's are written as references in the HTML and as \u escapes in the page context (ADR 0085). One such character
    // anywhere makes V8 hold the whole ~100 kB document as two bytes a character, over its 128 kB large-object line, so
    // every copy Vike and the response make of it costs several times more.
    expect(html.match(/[\u0100-\uffff]/g) ?? []).toEqual([]);
    expect(html).toContain('<span class="licence__option">Online licence &#8212; 5 users</span>');
    expect(html).toContain('"option_name":"Online licence \\u2014 5 users"');
    const page = html.replaceAll('<!-- -->', '');
    expect(page.match(/data-record="/g)).toHaveLength(50);
    expect(page.match(/data-learner="/g)).toHaveLength(50);
    // The marks drawn by CSS (ADR 0085): each status carries its class, the page's gaps and empty scores no character.
    expect(page.match(/class="records__status records__status--valid">Valid</g)).toHaveLength(50);
    expect(page).toMatch(/<li class="pagination__gap" aria-hidden="true"><\/li>/);
    expect(page).toContain('<td data-label="Score"><span class="no-value"><span class="visually-hidden">No score</span></span></td>');
    expect(page).toContain('400 records, page 1 of 8');
    expect(page.match(/data-licence-all=""/g)).toHaveLength(10);
    expect(page).toMatch(/<nav[^>]*aria-label="Pages of the training records"/);
    expect(page).toMatch(/href="\/account\/training\?page=2#records-title"/);
    expect(page).toMatch(/aria-current="page"[^>]*><span class="visually-hidden">Page <\/span>1</);
    // The page context serialised for hydration carries what the cards and the table show, no more (ADR 0065).
    const context = JSON.parse(/<script id="vike_pageContext"[^>]*>([^<]*)<\/script>/.exec(html)![1]!) as {
      data: { licences: Array<Record<string, unknown> & { learners: Array<Record<string, unknown>> }>; records: unknown[]; recordsMeta: unknown };
    };
    expect(context.data.licences).toHaveLength(10);
    expect(Object.keys(context.data.licences[0]!).sort()).toEqual(['id', 'learner_count', 'learners', 'option_name', 'order_id', 'product', 'revoked', 'seats', 'seats_free', 'seats_used']);
    expect(context.data.licences[0]!.product).toEqual({ title: 'Fire Marshal Online' });
    expect(context.data.licences[0]!.option_name).toBe('Online licence — 5 users'); // the \u2014 escape parses back to the dash
    expect(context.data.licences.map((l) => l.learners.length)).toEqual(Array.from({ length: 10 }, () => 5));
    expect(Object.keys(context.data.licences[0]!.learners[0]!).sort()).toEqual(['completed_at', 'email', 'id', 'name', 'score', 'status']);
    expect(context.data.records).toHaveLength(50);
    expect(context.data.recordsMeta).toEqual({ page: 1, per_page: 50, total: 400, last_page: 8 });

    const last = (await as(big).get('/account/training?page=8').expect(200)).text.replaceAll('<!-- -->', '');
    expect(last.match(/data-record="/g)).toHaveLength(50);
    expect(last).toContain('400 records, page 8 of 8');
    const beyond = (await as(big).get('/account/training?page=9').expect(200)).text.replaceAll('<!-- -->', '');
    expect(beyond).toContain('There is no page 9.');
    expect(beyond).toContain('400 records, page 9 of 8'); // a page past the end has no row to carry the total: counted apart
    // The filter stays in the address: none of these certificates expires within 60 days (all completed this year, 12 months' validity).
    const expiring = (await as(big).get('/account/training?expiring=60').expect(200)).text.replaceAll('<!-- -->', '');
    expect(expiring).toContain('No certificate expires within 60 days.');

    const [first] = await shop.sql<{ id: number }>('select id from training_licences where customer_id = ? order by id limit 1', [big.id]);
    const licence = (await as(big).get(`/account/training/licences/${first!.id}`).expect(200)).text.replaceAll('<!-- -->', '');
    expect(licence.match(/data-learner="/g)).toHaveLength(50);
    expect(licence).toContain('50 learners, oldest invitation first.');
    expect(licence).toContain('50 of 50 seats');
    expect(licence).not.toContain('data-pagination');
    const licenceContext = JSON.parse(/<script id="vike_pageContext"[^>]*>([^<]*)<\/script>/.exec(licence)![1]!) as { data: { licence: { learners: Array<Record<string, unknown>> } } };
    expect(licenceContext.data.licence.learners).toHaveLength(50);
    expect(licenceContext.data.licence.learners.some((learner) => 'invited_at' in learner || 'certificate_code' in learner)).toBe(false);
    // 10 more learners whose seats were revoked: 60 learners, two pages, the seats unchanged.
    await shop.sql(
      `insert into training_enrolments (licence_id, email, status, invited_at) select ?, 'revoked.' || n || '@acme.co.uk', 'revoked', now() from generate_series(1, 10) n`,
      [first!.id],
    );
    const second = (await as(big).get(`/account/training/licences/${first!.id}?page=2`).expect(200)).text.replaceAll('<!-- -->', '');
    expect(second.match(/data-learner="/g)).toHaveLength(10);
    expect(second).toContain('60 learners, page 2 of 2, oldest invitation first.');
    expect(second).toContain('50 of 50 seats');
    expect(second).toMatch(/<nav[^>]*aria-label="Pages of the licence&#x27;s learners"/);
    expect(second).toMatch(/aria-current="page"[^>]*><span class="visually-hidden">Page <\/span>2</);
    await as(buyer).get(`/account/training/licences/${first!.id}`).expect(404);
    await as(big).get('/account/training/licences/abc').expect(404);
    // The API still lists every learner of every licence.
    const api = (await as(big).get('/api/account/licences').expect(200)).body as Array<{ learners: unknown[]; learner_count: number; seats_used: number }>;
    expect(api.map((l) => [l.learners.length, l.learner_count, l.seats_used])).toEqual(Array.from({ length: 10 }, (_, i) => (i === 9 ? [60, 60, 50] : [50, 50, 50])));
  });
  describe('paging the API (ADR 0062)', () => {
    // 6 licences of 500 seats: 3,000 learners, 2,400 records, more than the records' old cap of 2,000.
    let big: Person;
    let licences: number[];
    const linksOf = (header: string | undefined) =>
      Object.fromEntries((header ?? '').split(', ').map((link) => /^<([^>]+)>; rel="(\w+)"$/.exec(link)!).map((m) => [m[2]!, m[1]!]));

    beforeAll(async () => {
      big = await bigBuyer('training-paged-buyer', { licences: 6, seats: 500, orderBase: 810_000 });
      licences = (await shop.sql<{ id: number }>('select id from training_licences where customer_id = ? order by id', [big.id])).map((row) => Number(row.id));
    }, 60_000);

    it('pages the training records with page/per_page, says the total and the next page in headers, and the capped default says there is more', async () => {
      // The default answer keeps its shape and its 2,000 cap, but no longer hides the rest.
      const first = await as(big).get('/api/account/training-records').expect(200);
      expect(first.body).toHaveLength(2000);
      expect(first.headers['x-total-count']).toBe('2400');
      expect(linksOf(first.headers.link)).toEqual({
        first: '/api/account/training-records?page=1&per_page=2000', next: '/api/account/training-records?page=2&per_page=2000',
        last: '/api/account/training-records?page=2&per_page=2000',
      });
      const second = await as(big).get(linksOf(first.headers.link).next!).expect(200);
      expect(second.body).toHaveLength(400);
      expect(linksOf(second.headers.link)).toMatchObject({ prev: '/api/account/training-records?page=1&per_page=2000' });
      expect(linksOf(second.headers.link).next).toBeUndefined();

      // Pages of 1,000 partition the records: every certificate once, newest completion first across pages.
      const codes: string[] = [];
      const completions: string[] = [];
      for (let page = 1; page <= 3; page += 1) {
        const body = (await as(big).get(`/api/account/training-records?page=${page}&per_page=1000`).expect(200)).body as Array<{ certificate_code: string; completed_at: string }>;
        codes.push(...body.map((row) => row.certificate_code));
        completions.push(...body.map((row) => row.completed_at));
      }
      expect(codes).toHaveLength(2400);
      expect(new Set(codes).size).toBe(2400);
      expect(new Set(completions).size).toBeGreaterThan(100);
      expect(completions).toEqual([...completions].sort().reverse()); // ISO text sorts as the instants do
      const beyond = await as(big).get('/api/account/training-records?page=4&per_page=1000').expect(200);
      expect(beyond.body).toEqual([]);
      expect(beyond.headers['x-total-count']).toBe('2400');
      expect(linksOf(beyond.headers.link)).toMatchObject({ prev: '/api/account/training-records?page=3&per_page=1000', last: '/api/account/training-records?page=3&per_page=1000' });

      // The filter stays in the links; the count is the filtered one (completed 0–499 days ago, valid 12 months).
      const [expected] = await shop.sql<{ n: number }>(
        `select count(*) as n from training_certificates c join training_enrolments e on e.id = c.enrolment_id join training_licences l on l.id = e.licence_id
         where l.customer_id = ? and c.expires_at > now() and c.expires_at <= now() + interval '60 days'`,
        [big.id],
      );
      const expiring = await as(big).get('/api/account/training-records?expiring_within_days=60&per_page=10').expect(200);
      expect(Number(expected!.n)).toBeGreaterThan(10);
      expect(expiring.headers['x-total-count']).toBe(String(expected!.n));
      expect(expiring.body).toHaveLength(10);
      const expiries = (expiring.body as Array<{ expires_at: string }>).map((row) => row.expires_at);
      expect(expiries).toEqual([...expiries].sort()); // soonest first
      expect(linksOf(expiring.headers.link).next).toBe('/api/account/training-records?expiring_within_days=60&per_page=10&page=2');

      // The CSV still streams every row: a header and 2,400 records.
      const csv = await as(big).get('/api/account/training-records.csv').expect(200);
      expect(csv.text.trimEnd().split(/\r?\n/)).toHaveLength(2401);

      // A buyer with fewer records than a page: one page, no next.
      const small = await as(buyer).get('/api/account/training-records').expect(200);
      expect(small.headers['x-total-count']).toBe(String(small.body.length));
      expect(linksOf(small.headers.link).next).toBeUndefined();
    });

    it('refuses bad records paging with 422 naming the field', async () => {
      const refused = async (query: string, field: string, reason: RegExp) => {
        const answer = await as(big).get(`/api/account/training-records?${query}`).expect(422);
        expect(answer.body.errors[field].join(' ')).toMatch(reason);
      };
      await refused('page=0', 'page', /at least 1/);
      await refused('page=two', 'page', /whole number/);
      await refused('per_page=2001', 'per_page', /at most 2000/);
      await refused('per_page=1.5', 'per_page', /whole number/);
      await refused('per_page=0&expiring_within_days=60', 'per_page', /at least 1/);
    });

    it('pages and searches one licence\'s learners, its owner only (404 otherwise), and lets the list embed fewer learners', async () => {
      const [licence] = licences as [number];
      const page = await as(big).get(`/api/account/licences/${licence}/learners`).expect(200);
      expect(page.body.meta).toEqual({ page: 1, per_page: 50, total: 500, last_page: 10 });
      const learners = page.body.data as Array<{ id: number; email: string; name: string; status: string }>;
      expect(learners).toHaveLength(50);
      expect(learners.map((l) => l.id)).toEqual([...learners.map((l) => l.id)].sort((a, b) => a - b)); // oldest invitation first
      expect(learners[0]).toMatchObject({ email: expect.stringMatching(new RegExp(`^big\\.learner\\.${licence}\\.\\d+@acme\\.co\\.uk$`)), status: expect.stringMatching(/^(completed|enrolled)$/) });
      const last = (await as(big).get(`/api/account/licences/${licence}/learners?page=5&per_page=100`).expect(200)).body;
      expect(last.data).toHaveLength(100);
      expect(last.meta).toEqual({ page: 5, per_page: 100, total: 500, last_page: 5 });
      const seen = new Set<number>();
      for (let n = 1; n <= 5; n += 1) {
        for (const learner of (await as(big).get(`/api/account/licences/${licence}/learners?page=${n}&per_page=100`).expect(200)).body.data as Array<{ id: number }>) seen.add(learner.id);
      }
      expect(seen.size).toBe(500); // the pages partition the learners

      // Search: part of the address or the name, case-insensitive, wildcards taken literally.
      const byEmail = (await as(big).get(`/api/account/licences/${licence}/learners`).query({ search: 'LEARNER.' + licence + '.49@' }).expect(200)).body;
      expect(byEmail.data.map((l: { name: string }) => l.name)).toEqual(['Learner 49']);
      const byName = (await as(big).get(`/api/account/licences/${licence}/learners`).query({ search: 'learner 12', per_page: 5 }).expect(200)).body;
      expect(byName.meta).toEqual({ page: 1, per_page: 5, total: 11, last_page: 3 }); // 12, 120–129
      expect((await as(big).get(`/api/account/licences/${licence}/learners`).query({ search: '%' }).expect(200)).body.meta.total).toBe(0);
      expect((await as(big).get(`/api/account/licences/${licence}/learners`).query({ search: 'learner_1' }).expect(200)).body.meta.total).toBe(0);
      // A withdrawn learner is not listed (as on the page).
      await shop.sql(`insert into training_enrolments (licence_id, email, status, invited_at) values (?, 'gone@acme.co.uk', 'withdrawn', now())`, [licence]);
      expect((await as(big).get(`/api/account/licences/${licence}/learners`).query({ search: 'gone@' }).expect(200)).body.meta.total).toBe(0);

      // Only the owner: another customer's licence, an unknown one and a non-number are all 404.
      await as(buyer).get(`/api/account/licences/${licence}/learners`).expect(404);
      await as(big).get('/api/account/licences/999999999/learners').expect(404);
      await as(big).get('/api/account/licences/abc/learners').expect(404);
      await http().get(`/api/account/licences/${licence}/learners`).expect(401);

      for (const [query, field] of [['page=0', 'page'], ['per_page=101', 'per_page'], ['per_page=x', 'per_page'], [`search=${'a'.repeat(201)}`, 'search']] as const) {
        expect((await as(big).get(`/api/account/licences/${licence}/learners?${query}`).expect(422)).body.errors[field]).toBeDefined();
      }

      // The list: every learner by default (the contract), only the first N with ?learners=N, the counts unchanged.
      type Listed = { id: number; learners: Array<{ id: number }>; learner_count: number; seats_used: number };
      const all = (await as(big).get('/api/account/licences').expect(200)).body as Listed[];
      expect(all.map((l) => l.learners.length)).toEqual([500, 500, 500, 500, 500, 500]);
      const none = (await as(big).get('/api/account/licences?learners=0').expect(200)).body as Listed[];
      expect(none.map((l) => [l.learners.length, l.learner_count, l.seats_used])).toEqual(Array.from({ length: 6 }, () => [0, 500, 500]));
      const three = (await as(big).get('/api/account/licences?learners=3').expect(200)).body as Listed[];
      expect(three.find((l) => l.id === licence)!.learners.map((l) => l.id)).toEqual(learners.slice(0, 3).map((l) => l.id));
      for (const bad of ['-1', '101', 'all']) {
        expect((await as(big).get(`/api/account/licences?learners=${bad}`).expect(422)).body.errors.learners).toBeDefined();
      }
    });
  });
});
