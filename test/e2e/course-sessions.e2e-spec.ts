import { CheckoutService } from '../../src/modules/orders/index.js';
import { createProduct } from '../support/catalogue-fixtures.js';
import { courseFixtures } from '../support/course-fixtures.js';
import { bearerFor, CookieClient, DEMO_ADMIN, GOOD_PASSWORD, nextIp, signInByApi, uniqueEmail } from '../support/identity-client.js';
import { checkoutInput, createCustomer, inContext } from '../support/orders-fixtures.js';
import { binaryParser, pdfText } from '../support/pdf-text.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { databaseKind } from '../support/test-database.js';
import { waitUntil } from '../support/eventually.js';
import { itOnce } from '../support/once-across-databases.js';

const at = (days: number, hour: number) => new Date(Date.UTC(2030, 0, days) + hour * 3_600_000).toISOString();

/**
 * Issue 27, first slice (ADR 0046): staff's sessions of course options, the public list of dates, a course line in
 * the basket naming its session (422 without), places taken atomically at checkout (12 buyers for the last place:
 * one order) and given back when the order is cancelled; the order and its invoice name the date.
 */
describe(`Course sessions (${databaseKind})`, () => {
  let shop: TestApp;
  let admin: string;
  let editor: string;
  let productId: number;
  let course: number; // "Open course — 1 place"
  let dvd: number;
  const { http, as, customer, createSession } = courseFixtures(() => shop);
  const session = (fields: object = {}) => ({ option_id: course, starts_at: at(10, 9), ends_at: at(10, 16), venue: 'Leeds Training Centre', capacity: 8, ...fields });

  beforeAll(async () => {
    shop = await startTestApp({ LOG_LEVEL: 'error', QUEUE_POLL_MS: '50' });
    admin = await bearerFor(shop, DEMO_ADMIN);
    const content = await customer('content-staff');
    await shop.sql(`update users set role = 'admin', staff_role = 'content' where id = ?`, [content.id]);
    editor = (await signInByApi(shop, { email: (await shop.sql<{ email: string }>('select email from users where id = ?', [content.id]))[0]!.email, password: GOOD_PASSWORD })).bearer;
    const product = await createProduct(shop.sql, {
      title: 'Fire Marshal Open Course', options: [{ name: 'Open course — 1 place', kind: 'course', price: 15_000 }, { name: 'DVD', price: 4_000 }],
    });
    productId = product.id;
    [course, dvd] = product.optionIds as [number, number];
  }, 60_000);
  afterAll(() => shop?.close(), 30_000);

  itOnce('lets catalogue staff create, list by date, read, edit and delete sessions; content staff get 403', async () => {
    const created = await as(admin).post('/api/admin/sessions', session({ notes: 'Bring photo ID.' })).expect(201);
    expect(created.body).toMatchObject({
      option_id: course, product_id: productId, product_title: 'Fire Marshal Open Course', option_name: 'Open course — 1 place',
      starts_at: at(10, 9), venue: 'Leeds Training Centre', online: false, capacity: 8, places_taken: 0, places_left: 8, status: 'scheduled',
      label: 'Thu 10 Jan 2030, 09:00–16:00, Leeds Training Centre',
    });
    const later = await as(admin).post('/api/admin/sessions', session({ starts_at: at(40, 9), ends_at: at(40, 12), online: true, venue: null, joining_url: 'https://meet.example.com/fm' })).expect(201);
    expect(later.body).toMatchObject({ online: true, joining_url: 'https://meet.example.com/fm', venue: null });

    const listed = await as(admin).get(`/api/admin/sessions?product=${productId}&from=2030-01-01&to=2030-01-31`).expect(200);
    expect(listed.body.data.map((row: { id: number }) => row.id)).toEqual([created.body.id]);
    expect(listed.body.meta).toMatchObject({ total: 1 });
    expect((await as(admin).get(`/api/admin/sessions?product=${productId}`).expect(200)).body.data.map((row: { id: number }) => row.id)).toEqual([created.body.id, later.body.id]);

    const edited = await as(admin).put(`/api/admin/sessions/${created.body.id}`, { capacity: 10, venue: 'Leeds, LS1 4AP' }).expect(200);
    expect(edited.body).toMatchObject({ capacity: 10, venue: 'Leeds, LS1 4AP', starts_at: at(10, 9), notes: 'Bring photo ID.' });
    expect((await as(admin).get(`/api/admin/sessions/${created.body.id}`).expect(200)).body).toMatchObject({ capacity: 10 });

    await as(editor).get('/api/admin/sessions').expect(403);
    await as(editor).post('/api/admin/sessions', session()).expect(403);
    await http().get('/api/admin/sessions').expect(401);

    await as(admin).delete(`/api/admin/sessions/${later.body.id}`).expect(204);
    await as(admin).get(`/api/admin/sessions/${later.body.id}`).expect(404);
  });

  itOnce('refuses bad sessions with 422 naming the field', async () => {
    const refused = async (body: object) => (await as(admin).post('/api/admin/sessions', body).expect(422)).body.errors;
    expect(await refused(session({ ends_at: at(10, 8) }))).toHaveProperty('ends_at');
    expect(await refused(session({ venue: null }))).toHaveProperty('venue');
    expect(await refused(session({ online: true, venue: null, joining_url: 'http://meet.example.com/x' }))).toHaveProperty('joining_url');
    expect(await refused(session({ online: true, venue: null }))).toHaveProperty('joining_url');
    expect(await refused(session({ option_id: dvd }))).toHaveProperty('option_id');
    expect(await refused(session({ capacity: 0 }))).toHaveProperty('capacity');
    expect(await refused(session({ starts_at: 'next tuesday' }))).toHaveProperty('starts_at');
  });

  itOnce('lists a product\'s upcoming scheduled sessions publicly, with places left and no staff details', async () => {
    const upcoming = await createSession(admin, session({ starts_at: at(20, 9), ends_at: at(20, 16), capacity: 3 }));
    const cancelled = await createSession(admin, session({ starts_at: at(21, 9), ends_at: at(21, 16), status: 'cancelled' }));
    const [past] = await shop.sql<{ id: number }>(
      `insert into training_sessions (product_id, option_id, starts_at, ends_at, venue, capacity) values (?, ?, now() - interval '2 days', now() - interval '1 day', 'Past', 5) returning id`,
      [productId, course],
    );
    const { body } = await http().get(`/api/products/${productId}/sessions`).expect(200);
    const ids = body.map((row: { id: number }) => row.id);
    expect(ids).toContain(upcoming.id);
    expect(ids).not.toContain(cancelled.id);
    expect(ids).not.toContain(past!.id);
    expect(body.find((row: { id: number }) => row.id === upcoming.id)).toEqual({
      id: upcoming.id, option_id: course, starts_at: at(20, 9), ends_at: at(20, 16), venue: 'Leeds Training Centre', online: false, capacity: 3, places_left: 3,
      label: 'Sun 20 Jan 2030, 09:00–16:00, Leeds Training Centre',
    });
    expect((await http().get('/api/products/999999/sessions').expect(200)).body).toEqual([]);
  });

  itOnce('needs a bookable session for a course line in the basket; two dates are two lines that name their session', async () => {
    const buyer = await customer('course-basket');
    const first = await createSession(admin, session({ starts_at: at(30, 9), ends_at: at(30, 16) }));
    const second = await createSession(admin, session({ starts_at: at(31, 9), ends_at: at(31, 16), venue: 'Manchester' }));
    const full = await createSession(admin, session({ starts_at: at(32, 9), ends_at: at(32, 16), capacity: 1 }));
    await shop.sql('update training_sessions set places_taken = 1 where id = ?', [full.id]);
    const other = await createSession(admin, session({ status: 'cancelled' }));
    const [past] = await shop.sql<{ id: number }>(
      `insert into training_sessions (product_id, option_id, starts_at, ends_at, venue, capacity) values (?, ?, now() - interval '2 days', now() - interval '1 day', 'Past', 5) returning id`,
      [productId, course],
    );

    const add = (body: object) => as(buyer.bearer).post('/api/basket/items', body);
    for (const body of [{ option_id: course }, { option_id: course, session_id: full.id }, { option_id: course, session_id: other.id }, { option_id: course, session_id: past!.id }, { option_id: course, session_id: 999_999 }, { option_id: dvd, session_id: first.id }]) {
      const res = await add(body).expect(422);
      expect(res.body.errors).toHaveProperty('session_id');
    }
    await add({ option_id: course, session_id: first.id }).expect(200);
    await add({ option_id: course, session_id: second.id }).expect(200);
    const basket = (await add({ option_id: course, session_id: first.id }).expect(200)).body;
    expect(basket.items.map((item: { qty: number; booking: unknown }) => [item.qty, item.booking])).toEqual([
      [1, { ref: String(second.id), label: 'Thu 31 Jan 2030, 09:00–16:00, Manchester', places_left: 8 }],
      [2, { ref: String(first.id), label: 'Wed 30 Jan 2030, 09:00–16:00, Leeds Training Centre', places_left: 8 }],
    ]);
  });

  it('merges a guest\'s course lines into the customer\'s basket at sign-in, one line per session', async () => {
    const june = await createSession(admin, session({ starts_at: at(150, 9), ends_at: at(150, 16) }));
    const july = await createSession(admin, session({ starts_at: at(180, 9), ends_at: at(180, 16) }));
    const email = uniqueEmail('course-merge');
    const visitor = new CookieClient(shop, nextIp());
    expect((await visitor.post('/api/register', { first_name: 'Mo', last_name: 'Merge', email, password: GOOD_PASSWORD, password_confirmation: GOOD_PASSWORD })).status).toBeLessThan(300);
    await visitor.post('/api/basket/items', { option_id: course, session_id: june.id }); // signed in: the customer's basket
    await visitor.post('/api/logout');
    await visitor.post('/api/basket/items', { option_id: course, session_id: june.id }); // as a guest again
    await visitor.post('/api/basket/items', { option_id: course, session_id: july.id });
    expect((await visitor.post('/api/login', { email, password: GOOD_PASSWORD })).status).toBe(200);
    const merged = (await visitor.get('/api/basket')).body as { items: Array<{ qty: number; booking: { ref: string } }> };
    expect(merged.items.map((item) => [item.booking.ref, item.qty]).sort()).toEqual([[String(june.id), 2], [String(july.id), 1]].sort());
  });

  it('gives the last place to exactly one of 12 racing buyers, and a cancelled order gives it back', async () => {
    const last = await createSession(admin, session({ starts_at: at(50, 9), ends_at: at(50, 16), capacity: 1 }));
    const buyers = await Promise.all(Array.from({ length: 12 }, () => createCustomer(shop)));
    const outcomes = await Promise.allSettled(buyers.map((buyer) => inContext(shop, () =>
      shop.app.get(CheckoutService).place(buyer.id, [{ optionId: course, qty: 1, bookingRef: String(last.id), bookingLabel: 'the last place' }], checkoutInput()))));
    const placed = outcomes.filter((o): o is PromiseFulfilledResult<Awaited<ReturnType<CheckoutService['place']>>> => o.status === 'fulfilled');
    expect(placed).toHaveLength(1);
    for (const refused of outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected')) {
      expect(String(refused.reason.message)).toMatch(/is now full, so nothing was ordered/);
    }
    const buyerIds = buyers.map((buyer) => buyer.id);
    expect(await shop.sql('select count(*)::int as count from orders where customer_id = any(?::int[])', [`{${buyerIds.join(',')}}`])).toEqual([{ count: 1 }]);
    expect((await as(admin).get(`/api/admin/sessions/${last.id}`).expect(200)).body).toMatchObject({ places_taken: 1, places_left: 0 });

    const orderId = placed[0]!.value.order.id;
    await as(admin).post(`/api/admin/orders/${orderId}/transitions`, { to: 'cancelled', note: 'Customer rang to cancel.' }).expect(200);
    expect((await as(admin).get(`/api/admin/sessions/${last.id}`).expect(200)).body).toMatchObject({ places_taken: 0, places_left: 1 });
    expect(await shop.sql('select count(*)::int as count from training_session_places where order_id = ? and released_at is not null', [orderId])).toEqual([{ count: 1 }]);
  });

  it('takes places through basket and checkout, and the order and its invoice name the session\'s date and venue', async () => {
    const buyer = await customer('course-order');
    await shop.sql('update users set account_terms = true where id = ?', [buyer.id]);
    const date = await createSession(admin, session({ starts_at: at(60, 9), ends_at: at(60, 16), venue: 'York', capacity: 5 }));
    await as(buyer.bearer).post('/api/basket/items', { option_id: course, session_id: date.id }).expect(200);
    await as(buyer.bearer).post('/api/basket/items', { option_id: course, session_id: date.id }).expect(200);
    const placed = await as(buyer.bearer).post('/api/checkout', { billing_address: checkoutInput().billingAddress, accept_terms: true, payment_method: 'invoice', po_number: 'PO-COURSE-1' }).expect(201);
    const label = 'Fri 1 Mar 2030, 09:00–16:00, York';
    expect(placed.body.order.lines).toEqual([expect.objectContaining({ option_name: 'Open course — 1 place', qty: 2, booking: label })]);
    expect((await as(buyer.bearer).get(`/api/orders/${placed.body.order.id}`).expect(200)).body.lines[0]).toMatchObject({ booking: label });
    expect((await as(admin).get(`/api/admin/sessions/${date.id}`).expect(200)).body).toMatchObject({ places_taken: 2, places_left: 3 });
    const pdf = await as(buyer.bearer).get(`/api/orders/${placed.body.order.id}/invoice.pdf`).buffer(true).parse(binaryParser).expect(200);
    const text = (await pdfText(pdf.body as Buffer)).replace(/\s+/g, ' ');
    expect(text).toContain('— Fri 1 Mar 2030, 09:00'); // the description column wraps the rest of the label
    expect(text).toContain('York');
    // The invoice e-mail's lines are the invoice's: they name the date too.
    const mail = await waitUntil(async () => {
      const box = (await http().get('/api/dev/mailbox').query({ to: buyer.email }).expect(200)).body as Array<{ subject: string; text: string }>;
      return box.find((message) => message.subject.startsWith('Invoice '));
    }, { what: 'the invoice e-mail' });
    expect(mail.text.replace(/\s+/g, ' ')).toContain(`Open course — 1 place) — ${label}`);
    // A session with places taken is not deleted, nor shrunk below them.
    await as(admin).delete(`/api/admin/sessions/${date.id}`).expect(409);
    expect((await as(admin).put(`/api/admin/sessions/${date.id}`, { capacity: 1 }).expect(422)).body.errors).toHaveProperty('capacity');
  });
});
