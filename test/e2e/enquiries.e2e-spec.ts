import request from 'supertest';
import { bearerFor, nextIp, uniqueEmail } from '../support/identity-client.js';
import { waitForMail } from '../support/mailbox.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { databaseKind } from '../support/test-database.js';

const RECEIVED = { message: 'Thank you — we have received your enquiry and will reply within one working day.' };
/** The test app runs with MAIL_FROM's default, "HS Training Direct <no-reply@localhost>": enquiries go to its address. */
const STAFF = 'no-reply@localhost';
const APP_NAME = 'HS Training Direct';

describe(`enquiries API and pages (${databaseKind})`, () => {
  let shop: TestApp;
  let admin: string;
  let customer: string;
  const http = () => request(shop.app.getHttpServer());
  const send = (body: object, ip = nextIp()) => http().post('/api/enquiries').set('X-Forwarded-For', ip).send(body);
  const valid = (overrides: object = {}) => ({
    type: 'contact',
    name: 'Jo Bloggs',
    company: 'Acme Training Ltd',
    email: uniqueEmail('enquiry'),
    phone: '0113 496 0000',
    message: 'Do you offer site licences for the manual handling course?',
    ...overrides,
  });

  beforeAll(async () => {
    shop = await startTestApp({ TRUST_PROXY: '127.0.0.1', QUEUE_POLL_MS: '20', PUBLIC_URL: 'http://shop.test' });
    const login = (email: string, password: string) => bearerFor(shop, { email, password });
    admin = await login('admin@example.com', 'demo-admin-password');
    customer = await login('customer@example.com', 'demo-customer-password');
  });
  afterAll(() => shop.close());

  it('stores the enquiry and e-mails staff (MAIL_FROM address), with reply-to the enquirer', async () => {
    const body = valid({ type: 'partnership', name: '  Priya Shah ', message: '  We run first-aid courses in Leeds and would like to resell your videos.  ' });
    expect((await send(body).expect(201)).body).toEqual(RECEIVED);

    const rows = await shop.sql<Record<string, unknown>>('select * from enquiries where email = ?', [body.email]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: 'partnership', name: 'Priya Shah', company: 'Acme Training Ltd', phone: '0113 496 0000',
      message: 'We run first-aid courses in Leeds and would like to resell your videos.',
    });
    expect(rows[0]!.ip).toMatch(/^203\.0\.113\.\d+$/);
    expect(rows[0]!.created_at).toBeTruthy();

    const mail = await waitForMail(shop, STAFF, 'New partnership enquiry from Priya Shah');
    for (const text of ['partnership', 'Priya Shah', 'Acme Training Ltd', body.email, '0113 496 0000', 'resell your videos']) expect(mail.text).toContain(text);
    const raw = await http().get(`/dev/mailbox/${mail.id}/raw`).expect(200);
    expect(raw.text).toMatch(new RegExp(`^Reply-To: .*${body.email.replace(/[.]/g, '\\.')}`, 'im'));
  });

  it('takes company and phone as optional (blank → null)', async () => {
    const body = valid({ company: '', phone: undefined, type: 'recruitment', name: 'Sam Carter' });
    await send(body).expect(201);
    const [row] = await shop.sql<{ company: string | null; phone: string | null }>('select company, phone from enquiries where email = ?', [body.email]);
    expect(row).toEqual({ company: null, phone: null });
    const mail = await waitForMail(shop, STAFF, 'New recruitment enquiry from Sam Carter');
    expect(mail.text).toContain(body.email);
  });

  it.each([
    ['an unknown type', 'type', { type: 'sales' }],
    ['a missing type', 'type', { type: undefined }],
    ['a short message', 'message', { message: '  Hi there  ' }],
    ['an overlong message', 'message', { message: 'x'.repeat(5001) }],
    ['a bad e-mail', 'email', { email: 'not-an-email' }],
    ['an empty name', 'name', { name: '   ' }],
    ['an overlong name', 'name', { name: 'n'.repeat(101) }],
    ['a name over two lines', 'name', { name: 'Jo\nBloggs' }],
    ['an overlong company', 'company', { company: 'c'.repeat(201) }],
    ['a bad phone', 'phone', { phone: 'call me' }],
  ])('refuses %s (422 errors.%s)', async (_case, field, overrides) => {
    const body = valid(overrides);
    const res = await send(body).expect(422);
    expect(Object.keys(res.body.errors)).toEqual([field]);
    expect(await shop.sql('select id from enquiries where email = ?', [body.email])).toHaveLength(0);
  });

  it('refuses unknown fields and NUL characters', async () => {
    const unknown = await send(valid({ subscribe: true })).expect(422);
    expect(unknown.body.errors).toEqual({ subscribe: ['subscribe is not an accepted field.'] });
    await send(valid({ message: 'Hello there\u0000 this has a NUL' })).expect(422);
  });

  it('answers 429 with Retry-After after 5 enquiries in 10 minutes from one client', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) await send(valid(), ip).expect(201);
    const limited = await send(valid(), ip).expect(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(600);
    await send(valid(), nextIp()).expect(201); // another client is not affected
  });

  describe('admin list', () => {
    it('answers 401 to anonymous callers and 403 to customers', async () => {
      await http().get('/api/admin/enquiries').expect(401);
      await http().get('/api/admin/enquiries').set('Authorization', customer).expect(403);
    });

    it('lists newest first, paginated, filtered by type', async () => {
      const tag = Date.now().toString(36);
      for (const name of ['First', 'Second', 'Third']) {
        await send(valid({ type: 'distribution', name: `${name} ${tag}` })).expect(201);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const page1 = await http().get('/api/admin/enquiries').query({ type: 'distribution', per_page: 2 }).set('Authorization', admin).expect(200);
      expect(page1.body.meta).toMatchObject({ page: 1, per_page: 2 });
      expect(page1.body.meta.total).toBeGreaterThanOrEqual(3);
      expect(page1.body.data.map((e: { name: string }) => e.name)).toEqual([`Third ${tag}`, `Second ${tag}`]);
      expect(page1.body.data[0]).toEqual({
        id: expect.any(Number), type: 'distribution', name: `Third ${tag}`, company: 'Acme Training Ltd', email: expect.stringContaining('@'),
        phone: '0113 496 0000', message: expect.any(String), created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      const page2 = await http().get('/api/admin/enquiries').query({ type: 'distribution', per_page: 2, page: 2 }).set('Authorization', admin).expect(200);
      expect(page2.body.data[0].name).toBe(`First ${tag}`);

      const all = await http().get('/api/admin/enquiries').query({ per_page: 100 }).set('Authorization', admin).expect(200);
      expect(new Set(all.body.data.map((e: { type: string }) => e.type)).size).toBeGreaterThan(1);
      const times = all.body.data.map((e: { created_at: string }) => Date.parse(e.created_at));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      for (const type of ['contact', 'recruitment']) {
        const res = await http().get('/api/admin/enquiries').query({ type }).set('Authorization', admin).expect(200);
        expect(res.body.data.length).toBeGreaterThan(0);
        expect(res.body.data.every((e: { type: string }) => e.type === type)).toBe(true);
      }
    });

    it('refuses a bad filter or paging (422)', async () => {
      await http().get('/api/admin/enquiries').query({ type: 'sales' }).set('Authorization', admin).expect(422);
      await http().get('/api/admin/enquiries').query({ per_page: 500 }).set('Authorization', admin).expect(422);
      await http().get('/api/admin/enquiries').query({ page: 0 }).set('Authorization', admin).expect(422);
    });
  });

  describe('pages', () => {
    it.each([
      ['/joinus/recruitment', 'joinus-recruitment', 'recruitment'],
      ['/joinus/distribution', 'joinus-distribution', 'distribution'],
      ['/joinus/partnership', 'joinus-partnership', 'partnership'],
      ['/contact', 'contact-main', 'contact'],
    ])('%s renders its widget and the enquiry form', async (path, widget, type) => {
      const res = await http().get(path).expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain(`data-widget="${widget}"`);
      expect(res.text).toContain(`data-enquiry-form="${type}"`);
      for (const field of ['name', 'company', 'email', 'phone', 'message']) expect(res.text).toContain(`name="${field}"`);
      expect(/<title>([^<]*)<\/title>/.exec(res.text)?.[1]).toMatch(new RegExp(` \\| ${APP_NAME}$`));
    });

    it('/contact shows the phone number and postal address', async () => {
      const res = await http().get('/contact').expect(200);
      expect(res.text).toContain('data-contact-details=""');
      expect(res.text).toMatch(/data-contact-phone=""[^>]*>[^<]*\d/);
    });
  });
});
