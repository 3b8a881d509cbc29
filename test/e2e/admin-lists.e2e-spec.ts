import request from 'supertest';
import { createProduct } from '../support/catalogue-fixtures.js';
import { bearerFor, DEMO_ADMIN, DEMO_CUSTOMER, signInByApi } from '../support/identity-client.js';
import { createCustomer, placeOrder } from '../support/orders-fixtures.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { databaseKind } from '../support/test-database.js';

/** The portal's lists for one user (orders, widgets), the newsletter list and the CSV downloads. */
describe(`Admin lists and downloads (${databaseKind})`, () => {
  let shop: TestApp;
  let admin: string;
  let adminId: number;
  let customer: string;
  const http = () => request(shop.app.getHttpServer());
  const get = (path: string, token = admin) => http().get(path).set('Authorization', token);
  /** A CSV body as text, without its byte-order mark, split into records. */
  const records = (text: string) => text.replace(/^\uFEFF/, '').split('\r\n').filter((line) => line !== '');

  beforeAll(async () => {
    shop = await startTestApp();
    const signedIn = await signInByApi(shop, DEMO_ADMIN);
    admin = signedIn.bearer;
    adminId = signedIn.user.id;
    customer = await bearerFor(shop, DEMO_CUSTOMER);
  }, 60_000);
  afterAll(() => shop?.close(), 30_000);

  it('filters the admin orders by customer, and validates the filter', async () => {
    const { optionIds: [optionId] } = await createProduct(shop.sql, { options: [{ kind: 'download', qty: null, price: 1000 }] });
    const mine = await createCustomer(shop);
    const other = await createCustomer(shop);
    const first = await placeOrder(shop, mine.id, [{ optionId: optionId!, qty: 1 }]);
    const second = await placeOrder(shop, mine.id, [{ optionId: optionId!, qty: 2 }]);
    await placeOrder(shop, other.id, [{ optionId: optionId!, qty: 1 }]);

    const res = await get(`/api/admin/orders?customer=${mine.id}`).expect(200);
    expect(res.body.meta).toEqual({ page: 1, per_page: 20, total: 2, last_page: 1, total_exact: true });
    expect(res.body.data.map((o: { id: number }) => o.id)).toEqual([second.order.id, first.order.id]);
    expect(res.body.data[0].customer).toEqual({ id: mine.id, email: mine.email });
    expect((await get(`/api/admin/orders?customer=${mine.id}&per_page=1&page=2`).expect(200)).body.data[0].id).toBe(first.order.id);
    expect((await get('/api/admin/orders?customer=999999').expect(200)).body.meta.total).toBe(0);
    // Pages in the older half are read from the other end and turned round (ADR 0054): page by page, the same order.
    for (let i = 0; i < 3; i++) await placeOrder(shop, (await createCustomer(shop)).id, [{ optionId: optionId!, qty: 1 }]);
    const all = (await get('/api/admin/orders?per_page=100').expect(200)).body.data.map((o: { id: number }) => o.id);
    const paged: number[] = [];
    for (let page = 1; page <= all.length + 1; page++) {
      paged.push(...(await get(`/api/admin/orders?per_page=2&page=${page}`).expect(200)).body.data.map((o: { id: number }) => o.id));
    }
    expect(all.length).toBeGreaterThanOrEqual(6);
    expect(paged).toEqual(all);

    for (const bad of ['abc', '0', '-3', '1.5', '99999999999']) {
      const refused = await get(`/api/admin/orders?customer=${bad}`).expect(422);
      expect(Object.keys(refused.body.errors)).toEqual(['customer']);
    }
    await get(`/api/admin/orders?customer=${mine.id}`, customer).expect(403);
    await http().get(`/api/admin/orders?customer=${mine.id}`).expect(401);
  });

  it("lists the widgets a user edited last, newest edit first, paginated; 404 for an unknown user", async () => {
    const a = await http().post('/api/admin/widgets').set('Authorization', admin).send({ name: 'tab-widget-a', html: '<p>A</p>' }).expect(201);
    const b = await http().post('/api/admin/widgets').set('Authorization', admin).send({ name: 'tab-widget-b', html: '<p>B</p>' }).expect(201);
    await http().put(`/api/admin/widgets/${a.body.id}`).set('Authorization', admin).send({ html: '<p>A again</p>' }).expect(200);
    const other = await createCustomer(shop);
    await shop.sql('update widgets set updated_by = ? where name = ?', [other.id, 'home-intro']);

    const res = await get(`/api/admin/users/${adminId}/widgets`).expect(200);
    expect(res.body.meta).toEqual({ page: 1, per_page: 25, total: 2, last_page: 1 });
    expect(res.body.data.map((w: { name: string }) => w.name)).toEqual(['tab-widget-a', 'tab-widget-b']);
    expect(res.body.data[0]).toEqual({ id: a.body.id, name: 'tab-widget-a', html: '<p>A again</p>', updated_at: expect.any(String), updated_by: adminId });
    const paged = await get(`/api/admin/users/${adminId}/widgets?per_page=1&page=2`).expect(200);
    expect(paged.body.data.map((w: { id: number }) => w.id)).toEqual([b.body.id]);
    expect(paged.body.meta).toEqual({ page: 2, per_page: 1, total: 2, last_page: 2 });
    expect((await get(`/api/admin/users/${other.id}/widgets`).expect(200)).body.data.map((w: { name: string }) => w.name)).toEqual(['home-intro']);

    await get('/api/admin/users/999999/widgets').expect(404);
    expect(Object.keys((await get(`/api/admin/users/${adminId}/widgets?per_page=500`).expect(422)).body.errors)).toEqual(['per_page']);
    await get(`/api/admin/users/${adminId}/widgets`, customer).expect(403);
    await http().get(`/api/admin/users/${adminId}/widgets`).expect(401);
  });

  it('lists newsletter subscribers newest first, searched by e-mail', async () => {
    await shop.sql(
      `insert into newsletter_subscribers (email, consented_at, unsubscribe_token_hash, unsubscribed_at, created_at) values
       ('old.reader@acme-training.co.uk', '2026-01-01T10:00:00Z', 'h1', null, '2026-01-01T10:00:00Z'),
       ('gone.reader@acme-training.co.uk', '2026-02-01T10:00:00Z', 'h2', '2026-03-01T10:00:00Z', '2026-02-01T10:00:00Z'),
       ('new.reader@fire-safe.co.uk', '2026-04-01T10:00:00Z', 'h3', null, '2026-04-01T10:00:00Z')`,
    );
    const res = await get('/api/admin/newsletter-subscribers').expect(200);
    expect(res.body.meta).toEqual({ page: 1, per_page: 25, total: 3, last_page: 1 });
    expect(res.body.data.map((s: { email: string }) => s.email)).toEqual([
      'new.reader@fire-safe.co.uk', 'gone.reader@acme-training.co.uk', 'old.reader@acme-training.co.uk',
    ]);
    expect(res.body.data[1]).toEqual({
      id: expect.any(Number), email: 'gone.reader@acme-training.co.uk', subscribed: false, consented_at: '2026-02-01T10:00:00.000Z',
      unsubscribed_at: '2026-03-01T10:00:00.000Z', created_at: '2026-02-01T10:00:00.000Z',
    });
    const found = await get('/api/admin/newsletter-subscribers?search=ACME-training').expect(200);
    expect(found.body.meta.total).toBe(2);
    expect((await get('/api/admin/newsletter-subscribers?search=%25').expect(200)).body.meta.total).toBe(0);
    expect(Object.keys((await get('/api/admin/newsletter-subscribers?page=0').expect(422)).body.errors)).toEqual(['page']);
    await get('/api/admin/newsletter-subscribers', customer).expect(403);
    await http().get('/api/admin/newsletter-subscribers').expect(401);
  });

  it('downloads the subscribers as CSV, formulas defused, following the list\'s search', async () => {
    await shop.sql(
      `insert into newsletter_subscribers (email, consented_at, unsubscribe_token_hash, created_at) values ('=cmd@evil.example', now(), 'h4', now())`,
    );
    const res = await get('/api/admin/newsletter-subscribers.csv').buffer(true).parse((r, done) => {
      let text = '';
      r.setEncoding('utf8');
      r.on('data', (chunk: string) => (text += chunk));
      r.on('end', () => done(null, text));
    }).expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('attachment; filename="newsletter-subscribers.csv"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const lines = records(res.body as string);
    expect(lines[0]).toBe('id,email,subscribed,consented_at,unsubscribed_at,created_at');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toMatch(/^\d+,'=cmd@evil\.example,yes,/);
    expect(lines).toContainEqual(expect.stringMatching(/^\d+,gone\.reader@acme-training\.co\.uk,no,2026-02-01T10:00:00\.000Z,2026-03-01T10:00:00\.000Z,/));
    // With the list's search, the file holds what the list shows.
    const searched = await get('/api/admin/newsletter-subscribers.csv?search=ACME-TRAINING').buffer(true).parse((r, done) => {
      let text = '';
      r.setEncoding('utf8');
      r.on('data', (chunk: string) => (text += chunk));
      r.on('end', () => done(null, text));
    }).expect(200);
    const found = (await get('/api/admin/newsletter-subscribers?search=acme-training&per_page=100').expect(200)).body.data.map((s: { email: string }) => s.email);
    expect(found.length).toBeGreaterThan(0);
    expect(records(searched.body as string).slice(1).map((line) => line.split(',')[1])).toEqual(found);
    expect(Object.keys((await get('/api/admin/newsletter-subscribers.csv?page=2').expect(422)).body.errors)).toEqual(['page']);
    await get('/api/admin/newsletter-subscribers.csv', customer).expect(403);
    await http().get('/api/admin/newsletter-subscribers.csv').expect(401);
  });

  it('downloads the enquiries as CSV with proper quoting, and keeps the JSON list as it was', async () => {
    for (let i = 1; i <= 3; i += 1) {
      await shop.sql(
        `insert into enquiries (type, name, company, email, phone, message, ip, created_at) values (?, ?, ?, ?, ?, ?, '203.0.113.1', ?)`,
        [i === 3 ? 'contact' : 'partnership', i === 2 ? '@Mallory' : `Jo ${i}`, i === 1 ? 'Acme, "Safety" Ltd' : null, `jo${i}@acme-training.co.uk`,
          i === 2 ? '+44 113 496 0000' : null, i === 3 ? 'Line one\nline two, with =SUM(A1)' : '=HYPERLINK("http://evil.example")', `2026-05-0${i}T09:00:00Z`],
      );
    }
    const text = (path: string) => get(path).buffer(true).parse((r, done) => {
      let body = '';
      r.setEncoding('utf8');
      r.on('data', (chunk: string) => (body += chunk));
      r.on('end', () => done(null, body));
    });
    const res = await text('/api/admin/enquiries.csv').expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect((res.body as string).startsWith('\uFEFF')).toBe(true);
    const body = (res.body as string).replace(/^\uFEFF/, '');
    const ids = new Map((await shop.sql<{ id: number; email: string }>('select id, email from enquiries')).map((row) => [row.email, row.id]));
    expect(body).toBe(
      'id,type,name,company,email,phone,message,created_at\r\n' +
      `${ids.get('jo3@acme-training.co.uk')},contact,Jo 3,,jo3@acme-training.co.uk,,"Line one\nline two, with =SUM(A1)",2026-05-03T09:00:00.000Z\r\n` +
      `${ids.get('jo2@acme-training.co.uk')},partnership,'@Mallory,,jo2@acme-training.co.uk,'+44 113 496 0000,"'=HYPERLINK(""http://evil.example"")",2026-05-02T09:00:00.000Z\r\n` +
      `${ids.get('jo1@acme-training.co.uk')},partnership,Jo 1,"Acme, ""Safety"" Ltd",jo1@acme-training.co.uk,,"'=HYPERLINK(""http://evil.example"")",2026-05-01T09:00:00.000Z\r\n`,
    );
    expect(records((await text('/api/admin/enquiries.csv?type=contact').expect(200)).body as string)).toHaveLength(2);
    expect(Object.keys((await get('/api/admin/enquiries.csv?type=spam').expect(422)).body.errors)).toEqual(['type']);
    await get('/api/admin/enquiries.csv?page=2').expect(422);

    // The JSON list answers as before: {data: [{id, type, name, company, email, phone, message, created_at}], meta}.
    const list = await get('/api/admin/enquiries?type=partnership&per_page=1').expect(200);
    expect(list.body.meta).toEqual({ page: 1, per_page: 1, total: 2, last_page: 2 });
    expect(Object.keys(list.body.data[0]).sort()).toEqual(['company', 'created_at', 'email', 'id', 'message', 'name', 'phone', 'type']);
    expect(list.body.data[0].name).toBe('@Mallory');
    await get('/api/admin/enquiries.csv', customer).expect(403);
    await http().get('/api/admin/enquiries.csv').expect(401);
  });
});
