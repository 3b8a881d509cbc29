import request from 'supertest';
import { signInByApi } from '../support/identity-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { databaseKind } from '../support/test-database.js';

describe(`admin widgets API (${databaseKind})`, () => {
  let shop: TestApp;
  let adminToken: string;
  let adminId: number;
  let customerToken: string;
  const http = () => request(shop.app.getHttpServer());
  const asAdmin = (req: request.Test) => req.set('Authorization', `Bearer ${adminToken}`);
  const signIn = (email: string, password: string) => signInByApi(shop, { email, password });

  beforeAll(async () => {
    shop = await startTestApp({ TRUST_PROXY: '127.0.0.1', QUEUE_POLL_MS: '20' });
    const admin = await signIn('admin@example.com', 'demo-admin-password');
    adminToken = admin.token;
    adminId = admin.user.id;
    customerToken = (await signIn('customer@example.com', 'demo-customer-password')).token;
  });
  afterAll(() => shop.close());

  const create = (body: object) => asAdmin(http().post('/api/admin/widgets')).send(body);

  describe('access', () => {
    it.each([
      ['get', '/api/admin/widgets'],
      ['post', '/api/admin/widgets'],
      ['get', '/api/admin/widgets/1'],
      ['put', '/api/admin/widgets/1'],
      ['delete', '/api/admin/widgets/1'],
    ] as const)('refuses %s %s to anonymous (401) and customers (403)', async (method, path) => {
      await http()[method](path).send({ name: 'x', html: 'x' }).expect(401);
      await http()[method](path).set('Authorization', `Bearer ${customerToken}`).send({ name: 'x', html: 'x' }).expect(403);
    });
  });

  describe('create, read, update, delete', () => {
    it('creates, reads, updates and deletes a widget, recording who saved it and when', async () => {
      const created = await create({ name: 'crud-widget', html: '<p>Hello</p>' }).expect(201);
      expect(created.body).toEqual({ id: expect.any(Number), name: 'crud-widget', html: '<p>Hello</p>', updated_at: expect.any(String), updated_by: adminId });
      const id = created.body.id as number;

      const read = await asAdmin(http().get(`/api/admin/widgets/${id}`)).expect(200);
      expect(read.body).toEqual(created.body);
      expect((await http().get('/api/widget').query({ name: 'crud-widget' }).expect(200)).body).toEqual({ id, html: '<p>Hello</p>' });

      const [row] = await shop.sql<{ updated_by: number }>('select updated_by from widgets where id = ?', [id]);
      expect(row!.updated_by).toBe(adminId);

      await new Promise((resolve) => setTimeout(resolve, 5));
      const updated = await asAdmin(http().put(`/api/admin/widgets/${id}`)).send({ html: '<p>Changed</p>' }).expect(200);
      expect(updated.body).toMatchObject({ id, name: 'crud-widget', html: '<p>Changed</p>', updated_by: adminId });
      expect(new Date(updated.body.updated_at).getTime()).toBeGreaterThan(new Date(created.body.updated_at).getTime());

      const renamed = await asAdmin(http().put(`/api/admin/widgets/${id}`)).send({ name: 'crud-widget-renamed' }).expect(200);
      expect(renamed.body).toMatchObject({ name: 'crud-widget-renamed', html: '<p>Changed</p>' });
      await http().get('/api/widget').query({ name: 'crud-widget' }).expect(404);

      await asAdmin(http().delete(`/api/admin/widgets/${id}`)).expect(204);
      await asAdmin(http().get(`/api/admin/widgets/${id}`)).expect(404);
      await http().get('/api/widget').query({ name: 'crud-widget-renamed' }).expect(404);
    });

    it.each([
      ['get', '/api/admin/widgets/999999'],
      ['put', '/api/admin/widgets/999999'],
      ['delete', '/api/admin/widgets/999999'],
      ['get', '/api/admin/widgets/not-a-number'],
    ] as const)('answers 404 for %s %s', async (method, path) => {
      await asAdmin(http()[method](path)).send({ html: '<p>x</p>' }).expect(404);
    });
  });

  describe('list', () => {
    beforeAll(async () => {
      for (const name of ['list-alpha', 'list-bravo', 'list-charlie']) await create({ name, html: `<p>${name}</p>` }).expect(201);
    });

    it('pages with {data, meta} and finds by part of the name', async () => {
      const res = await asAdmin(http().get('/api/admin/widgets')).query({ search: 'LIST-', per_page: 2 }).expect(200);
      expect(res.body.meta).toEqual({ page: 1, per_page: 2, total: 3, last_page: 2 });
      expect(res.body.data.map((w: { name: string }) => w.name)).toEqual(['list-alpha', 'list-bravo']);
      expect(Object.keys(res.body.data[0]).sort()).toEqual(['html', 'id', 'name', 'updated_at', 'updated_by']);
      const second = await asAdmin(http().get('/api/admin/widgets')).query({ search: 'list-', per_page: 2, page: 2 }).expect(200);
      expect(second.body.data.map((w: { name: string }) => w.name)).toEqual(['list-charlie']);
    });

    it('sorts by name or by updated_at, either way', async () => {
      const names = async (sort: string) =>
        ((await asAdmin(http().get('/api/admin/widgets')).query({ search: 'list-', sort }).expect(200)).body.data as Array<{ name: string }>).map((w) => w.name);
      expect(await names('-name')).toEqual(['list-charlie', 'list-bravo', 'list-alpha']);
      await asAdmin(http().put(`/api/admin/widgets/${(await asAdmin(http().get('/api/admin/widgets')).query({ search: 'list-alpha' })).body.data[0].id}`))
        .send({ html: '<p>touched</p>' }).expect(200);
      expect((await names('-updated_at'))[0]).toBe('list-alpha');
      expect((await names('updated_at')).at(-1)).toBe('list-alpha');
    });

    it('refuses a bad sort or page size (422)', async () => {
      const res = await asAdmin(http().get('/api/admin/widgets')).query({ sort: 'html', per_page: 1000 }).expect(422);
      expect(Object.keys(res.body.errors).sort()).toEqual(['per_page', 'sort']);
    });
  });

  describe('validation', () => {
    it.each([
      ['a missing name', { html: '<p>x</p>' }, 'name'],
      ['an upper-case name', { name: 'Bad-Name', html: '<p>x</p>' }, 'name'],
      ['a name starting with a dash', { name: '-bad', html: '<p>x</p>' }, 'name'],
      ['a name with spaces', { name: 'bad name', html: '<p>x</p>' }, 'name'],
      ['an overlong name', { name: 'a'.repeat(101), html: '<p>x</p>' }, 'name'],
      ['missing html', { name: 'no-html' }, 'html'],
      ['html over 200 kB', { name: 'too-long', html: 'x'.repeat(200_001) }, 'html'],
    ])('refuses %s (422)', async (_case, body, field) => {
      const res = await create(body).expect(422);
      expect(Object.keys(res.body.errors)).toEqual([field]);
    });

    it('refuses unknown fields, such as updated_by', async () => {
      const res = await create({ name: 'sneaky', html: '<p>x</p>', updated_by: 1 }).expect(422);
      expect(res.body.errors).toEqual({ updated_by: ['updated_by is not an accepted field.'] });
    });

    it('refuses a taken name on create and on rename (422 errors.name)', async () => {
      const res = await create({ name: 'home-intro', html: '<p>x</p>' }).expect(422);
      expect(res.body.errors).toEqual({ name: ['A widget with this name already exists.'] });
      const other = await create({ name: 'rename-me', html: '<p>x</p>' }).expect(201);
      const clash = await asAdmin(http().put(`/api/admin/widgets/${other.body.id}`)).send({ name: 'home-intro' }).expect(422);
      expect(clash.body.errors).toEqual({ name: ['A widget with this name already exists.'] });
      await asAdmin(http().put(`/api/admin/widgets/${other.body.id}`)).send({ name: 'rename-me' }).expect(200); // its own name is fine
    });

    it('refuses null for update fields', async () => {
      const other = await create({ name: 'null-update', html: '<p>x</p>' }).expect(201);
      const res = await asAdmin(http().put(`/api/admin/widgets/${other.body.id}`)).send({ html: null }).expect(422);
      expect(Object.keys(res.body.errors)).toEqual(['html']);
    });
  });

  describe('sanitising on save', () => {
    const DIRTY =
      '<p>Intro</p><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">bad link</a>' +
      '<iframe src="https://evil.example"></iframe><p style="color:red" onclick="alert(1)">styled</p>' +
      '<iframe src="https://www.youtube-nocookie.com/embed/abc"></iframe>';
    const expectClean = (html: string) => {
      expect(html).not.toMatch(/<script|onerror|onclick|javascript:|evil\.example|style=/i);
      expect(html).toContain('<iframe src="https://www.youtube-nocookie.com/embed/abc"></iframe>');
      expect(html).toContain('<p>Intro</p>');
      expect(html).toContain('<a>bad link</a>');
    };

    it('never stores or serves scripts, handlers, javascript: links or foreign iframes; keeps allowed video embeds', async () => {
      const created = await create({ name: 'dirty-widget', html: DIRTY }).expect(201);
      expectClean(created.body.html);
      expectClean((await asAdmin(http().get(`/api/admin/widgets/${created.body.id}`)).expect(200)).body.html);
      expectClean((await http().get('/api/widget').query({ name: 'dirty-widget' }).expect(200)).body.html);
      const [row] = await shop.sql<{ html: string }>('select html from widgets where id = ?', [created.body.id]);
      expectClean(row!.html);
    });

    it('sanitises on update too, and the rendered home page shows only the clean markup', async () => {
      const list = await asAdmin(http().get('/api/admin/widgets')).query({ search: 'home-intro' }).expect(200);
      const id = list.body.data[0].id as number;
      const updated = await asAdmin(http().put(`/api/admin/widgets/${id}`)).send({ html: DIRTY }).expect(200);
      expectClean(updated.body.html);
      const page = await http().get('/').expect(200);
      const section = /<section[^>]*data-widget="home-intro"[\s\S]*?<\/section>/.exec(page.text)?.[0] ?? '';
      expect(section).toContain('<p>Intro</p>');
      expectClean(section.replace(/<a class="widget__edit"[\s\S]*?<\/a>/, ''));
    });
  });
});
