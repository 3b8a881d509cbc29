import { jest } from '@jest/globals';
import { MikroORM, RequestContext } from '@mikro-orm/core';
import request from 'supertest';
import { SeoService, type SeoEntryInput } from '../../src/modules/content/index.js';
import { SEO_REPOSITORY, type SeoRepository } from '../../src/modules/content/application/ports/seo-repository.port.js';
import { nextIp } from '../support/identity-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { databaseKind } from '../support/test-database.js';

describe(`SEO entries, sitemap and robots (${databaseKind})`, () => {
  let shop: TestApp;
  let admin: string;
  let customer: string;
  const http = () => request(shop.app.getHttpServer());

  beforeAll(async () => {
    shop = await startTestApp({ TRUST_PROXY: '127.0.0.1', PUBLIC_URL: 'https://shop.example.co.uk' });
    const login = async (email: string, password: string) =>
      `Bearer ${(await http().post('/api/login').set('X-Forwarded-For', nextIp()).send({ email, password }).expect(200)).body.token as string}`;
    admin = await login('admin@example.com', 'demo-admin-password');
    customer = await login('customer@example.com', 'demo-customer-password');
  });
  afterAll(() => shop.close());

  const entry = { path: '/category/posters', title: 'Workplace Safety Posters | HS Training Direct', description: 'Laminated A2 and A3 safety posters for UK workplaces.' };

  it('admin endpoints answer 401 to anonymous callers and 403 to customers', async () => {
    await http().get('/api/admin/seo').expect(401);
    await http().post('/api/admin/seo').send(entry).expect(401);
    await http().get('/api/admin/seo').set('Authorization', customer).expect(403);
    await http().post('/api/admin/seo').set('Authorization', customer).send(entry).expect(403);
  });

  it('creates, reads, lists, updates and deletes an entry', async () => {
    const created = await http().post('/api/admin/seo').set('Authorization', admin).send({ ...entry, path: '/training' }).expect(201);
    expect(created.body).toMatchObject({ path: '/training', title: entry.title, canonical_url: null, share_image: null });
    const id = created.body.id as number;
    await http().get(`/api/admin/seo/${id}`).set('Authorization', admin).expect(200);
    const list = await http().get('/api/admin/seo').query({ search: 'training' }).set('Authorization', admin).expect(200);
    expect(list.body.data.map((e: { path: string }) => e.path)).toContain('/training');
    const updated = await http().put(`/api/admin/seo/${id}`).set('Authorization', admin)
      .send({ ...entry, path: '/training', title: 'Training courses', share_image: '/assets/static/logo.svg' }).expect(200);
    expect(updated.body).toMatchObject({ title: 'Training courses', share_image: '/assets/static/logo.svg' });
    await http().delete(`/api/admin/seo/${id}`).set('Authorization', admin).expect(204);
    await http().get(`/api/admin/seo/${id}`).set('Authorization', admin).expect(404);
    await http().get('/api/admin/seo/not-a-number').set('Authorization', admin).expect(404);
  });

  it('answers 422 with fields for bad entries and for a duplicate path', async () => {
    const bad = await http().post('/api/admin/seo').set('Authorization', admin)
      .send({ path: 'category/posters/', title: '', description: 'x', canonical_url: 'javascript:alert(1)', share_image: 'ftp://x' }).expect(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['canonical_url', 'path', 'share_image', 'title']);
    await http().post('/api/admin/seo').set('Authorization', admin).send({ ...entry, path: '/delivery' }).expect(201);
    const duplicate = await http().post('/api/admin/seo').set('Authorization', admin).send({ ...entry, path: '/delivery' }).expect(422);
    expect(duplicate.body.errors).toEqual({ path: ['An SEO entry for this path exists already.'] });
  });

  it("puts the entry for a page's path into its head, before the page's own defaults", async () => {
    const before = await http().get('/').expect(200);
    expect(before.text).toContain('<link rel="canonical" href="https://shop.example.co.uk/"');
    expect(before.text).toMatch(/<title>Health &amp; Safety Training Videos/);

    await http().post('/api/admin/seo').set('Authorization', admin).send({
      path: '/', title: 'HS Training Direct: safety training that sticks', description: 'Safety videos and courses for UK employers.',
      canonical_url: 'https://www.hs-training.example/', share_image: '/assets/static/share.png',
    }).expect(201);
    const after = await http().get('/?utm_source=newsletter').expect(200);
    expect(after.text).toContain('<title>HS Training Direct: safety training that sticks</title>');
    expect(after.text).toMatch(/<meta name="description" content="Safety videos and courses for UK employers."/);
    expect(after.text).toContain('<link rel="canonical" href="https://www.hs-training.example/"');
    expect(after.text).toContain('<meta property="og:image" content="https://shop.example.co.uk/assets/static/share.png"');
    // Client-side navigation gets the same entry with the page's data.
    const json = await http().get('/index.pageContext.json').expect(200);
    expect(JSON.stringify(json.body)).toContain('HS Training Direct: safety training that sticks');
  });

  it('shows an entry written without HTTP (the command line\'s use case) on a cached page at once', async () => {
    const first = await http().get('/category').expect(200); // anonymous: now in the page cache
    expect(first.text).not.toContain('Every safety product we sell');
    const input = { path: '/category', title: 'Every safety product we sell', description: 'All our DVDs, courses and posters.', canonical_url: null, share_image: null };
    await RequestContext.create(shop.app.get(MikroORM).em, () =>
      shop.app.get(SeoService).upsertByPath(input as unknown as SeoEntryInput, { dryRun: false }),
    );
    const second = await http().get('/category').expect(200);
    expect(second.text).toContain('<title>Every safety product we sell</title>');
  });

  it('renders a page whose path has no entry without looking it up, and still finds the entries there are (ADR 0092)', async () => {
    // The real repository, watched: which paths reach the database.
    const repository = shop.app.get<SeoRepository>(SEO_REPOSITORY);
    const findByPath = jest.spyOn(repository, 'findByPath');
    const listPaths = jest.spyOn(repository, 'listPaths');
    try {
      // A change clears the caches, the pages' and the paths known to have an entry.
      await http().post('/api/admin/seo').set('Authorization', admin)
        .send({ path: '/terms', title: 'Terms of sale for business buyers', description: 'How we sell to UK businesses.' }).expect(201);
      for (const path of ['/about', '/privacy', '/contact']) await http().get(path).expect(200);
      expect(findByPath).not.toHaveBeenCalled();
      expect(listPaths).toHaveBeenCalledTimes(1);
      const terms = await http().get('/terms').expect(200);
      expect(terms.text).toContain('<title>Terms of sale for business buyers</title>');
      expect(findByPath.mock.calls.map(([path]) => path)).toEqual(['/terms']);
      expect(listPaths).toHaveBeenCalledTimes(1);
    } finally {
      findByPath.mockRestore();
      listPaths.mockRestore();
    }
  });

  it('serves robots.txt that keeps crawlers out of private areas and points at the sitemap', async () => {
    const robots = await http().get('/robots.txt').expect(200);
    expect(robots.headers['content-type']).toMatch(/text\/plain/);
    for (const path of ['/admin', '/account', '/basket', '/checkout']) expect(robots.text).toContain(`Disallow: ${path}`);
    expect(robots.text).toContain('Sitemap: https://shop.example.co.uk/sitemap.xml');
  });

  it('serves sitemap.xml with the information pages under the public address', async () => {
    const sitemap = await http().get('/sitemap.xml').expect(200);
    expect(sitemap.headers['content-type']).toMatch(/application\/xml/);
    expect(sitemap.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    for (const path of ['/', '/about', '/training', '/riskassessments', '/contact', '/privacy', '/terms', '/delivery', '/blog']) {
      expect(sitemap.text).toContain(`<loc>https://shop.example.co.uk${path}</loc>`);
    }
  });

  it('lists published blog posts with their last change, and never drafts', async () => {
    const post = await http().post('/api/admin/blog').set('Authorization', admin)
      .send({ title: 'A draft about ladders', excerpt: 'Not yet', body: '<p>Draft</p>', status: 'draft' });
    expect(post.status).toBe(201);
    const sitemap = await http().get('/sitemap.xml').expect(200);
    const posts = [...sitemap.text.matchAll(/<url><loc>https:\/\/shop\.example\.co\.uk\/blog\/([a-z0-9-]+)<\/loc><lastmod>([^<]+)<\/lastmod><\/url>/g)];
    expect(posts.length).toBeGreaterThan(0);
    expect(posts.map((m) => m[1])).not.toContain(post.body.slug);
    for (const m of posts) expect(Number.isNaN(Date.parse(m[2]!))).toBe(false);
  });
});
