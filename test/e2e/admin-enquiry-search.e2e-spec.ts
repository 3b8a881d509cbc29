import request from 'supertest';
import { bearerFor, nextIp, uniqueEmail } from '../support/identity-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { databaseKind } from '../support/test-database.js';

/**
 * Issue 14: the portal's enquiries list is searched by part of the name, company or e-mail address, and its CSV
 * download holds what the list shows.
 */
describe(`GET /api/admin/enquiries?search= and enquiries.csv?search= (${databaseKind})`, () => {
  let shop: TestApp;
  let admin: string;
  const http = () => request(shop.app.getHttpServer());
  const tag = Date.now().toString(36);
  const send = (overrides: object) =>
    http()
      .post('/api/enquiries')
      .set('X-Forwarded-For', nextIp())
      .send({ type: 'contact', name: 'Jo Bloggs', email: uniqueEmail('search'), message: 'Do you offer site licences for the manual handling course?', ...overrides })
      .expect(201);
  const names = async (query: object) => {
    const res = await http().get('/api/admin/enquiries').query({ per_page: 100, ...query }).set('Authorization', admin).expect(200);
    return { names: res.body.data.map((e: { name: string }) => e.name) as string[], total: res.body.meta.total as number };
  };

  beforeAll(async () => {
    shop = await startTestApp({ TRUST_PROXY: '127.0.0.1' });
    admin = await bearerFor(shop, { email: 'admin@example.com', password: 'demo-admin-password' });
    await send({ name: `Harriet Quill ${tag}`, company: 'Fenwick Scaffolding Ltd' });
    await send({ name: `Omar Fenwick ${tag}`, type: 'recruitment' });
    await send({ name: `Lee 100%_sure ${tag}`, email: `lee.${tag}@northgate-trust.example` });
  });
  afterAll(() => shop.close());

  it('finds by part of the name, the company or the e-mail address, in any case, with the total of the matches', async () => {
    expect(await names({ search: `quill ${tag}` })).toEqual({ names: [`Harriet Quill ${tag}`], total: 1 });
    // "fenwick" is one's company and the other's surname: newest first.
    expect(await names({ search: `FENWICK` })).toEqual({ names: [`Omar Fenwick ${tag}`, `Harriet Quill ${tag}`], total: 2 });
    expect(await names({ search: `lee.${tag}@northgate` })).toEqual({ names: [`Lee 100%_sure ${tag}`], total: 1 });
  });

  it('combines with the type filter, and matches LIKE wildcards as themselves', async () => {
    expect(await names({ search: 'fenwick', type: 'recruitment' })).toEqual({ names: [`Omar Fenwick ${tag}`], total: 1 });
    expect(await names({ search: '100%_sure' })).toEqual({ names: [`Lee 100%_sure ${tag}`], total: 1 });
    for (const wildcard of ['%', '_']) {
      const found = await names({ search: wildcard });
      expect(found.names).toContain(`Lee 100%_sure ${tag}`);
      expect(found.names.filter((name) => !name.includes(wildcard))).toEqual([]); // not "anything"
    }
  });

  it('takes a blank search as none and refuses an overlong one (422)', async () => {
    const all = await names({});
    expect((await names({ search: '' })).total).toBe(all.total);
    const res = await http().get('/api/admin/enquiries').query({ search: 'x'.repeat(201) }).set('Authorization', admin).expect(422);
    expect(res.body.errors.search).toBeDefined();
  });

  it('downloads as CSV what the search and the type filter show, every page of it', async () => {
    const csv = async (query: object) => {
      const res = await http().get('/api/admin/enquiries.csv').query(query).set('Authorization', admin).buffer(true).parse((r, done) => {
        let text = '';
        r.setEncoding('utf8');
        r.on('data', (chunk: string) => (text += chunk));
        r.on('end', () => done(null, text));
      }).expect(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      const [header, ...rows] = (res.body as string).replace(/^\uFEFF/, '').split('\r\n').filter((line) => line !== '');
      expect(header).toBe('id,type,name,company,email,phone,message,created_at');
      return rows.map((row) => row.split(',')[2]);
    };
    expect(await csv({ search: 'FENWICK' })).toEqual([`Omar Fenwick ${tag}`, `Harriet Quill ${tag}`]);
    expect(await csv({ search: 'fenwick', type: 'recruitment' })).toEqual([`Omar Fenwick ${tag}`]);
    expect(await csv({ search: '100%_sure' })).toEqual([`Lee 100%_sure ${tag}`]);
    expect(await csv({ search: `no-such-${tag}` })).toEqual([]);
    // Without a search the file holds every enquiry, as before; a blank search is none.
    const all = (await names({})).total;
    expect(await csv({})).toHaveLength(all);
    expect(await csv({ search: '' })).toHaveLength(all);
    const long = await http().get('/api/admin/enquiries.csv').query({ search: 'x'.repeat(201) }).set('Authorization', admin).expect(422);
    expect(Object.keys(long.body.errors)).toEqual(['search']);
    await http().get('/api/admin/enquiries.csv').query({ search: 'fenwick', page: 2 }).set('Authorization', admin).expect(422);
  });
});
