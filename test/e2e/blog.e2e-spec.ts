import { MikroORM, RequestContext } from '@mikro-orm/core';
import sharp from 'sharp';
import request from 'supertest';
import { BlogAdminService, DEMO_BLOG_POSTS } from '../../src/modules/content/index.js';
import { FILE_STORAGE, type FileStorage } from '../../src/platform/storage/index.js';
import { bearerFor } from '../support/identity-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { databaseKind } from '../support/test-database.js';

const APP_NAME = 'HS Training Direct';
const PUBLIC_URL = 'http://blog.shop.test';

/** Attributes of the first start tag `<name …>` whose attributes satisfy `where` (values HTML-decoded). */
function tagsOf(html: string, name: string): Array<Record<string, string>> {
  return [...html.matchAll(new RegExp(`<${name}(?=[\\s>/])[^>]*>`, 'gi'))].map((m) => {
    const attrs: Record<string, string> = {};
    for (const a of m[0].matchAll(/([^\s=/>"'<]+)\s*=\s*"([^"]*)"/g)) attrs[a[1]!.toLowerCase()] = decode(a[2]!);
    return attrs;
  });
}
const decode = (s: string) =>
  s.replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16))).replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&quot;/g, '"').replace(/&#39;|&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const meta = (html: string, key: 'name' | 'property', value: string) => tagsOf(html, 'meta').filter((m) => m[key] === value).map((m) => m.content);
const titleOf = (html: string) => decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');

describe(`blog (${databaseKind})`, () => {
  let shop: TestApp;
  const http = () => request(shop.app.getHttpServer());
  let admin: string;
  let customer: string;

  const login = (email: string, password: string) => bearerFor(shop, { email, password });
  const post = (body: object) => http().post('/api/admin/blog').set('Authorization', admin).send(body);
  let counter = 0;
  const slug = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}`;
  const at = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString();

  beforeAll(async () => {
    shop = await startTestApp({ PUBLIC_URL });
    const orm = shop.app.get(MikroORM);
    await RequestContext.create(orm.em, async () => {
      // (The test app may seed them already; either way every demo post exists afterwards.)
      await shop.app.get(BlogAdminService).addMissing(DEMO_BLOG_POSTS);
    });
    admin = await login('admin@example.com', 'demo-admin-password');
    customer = await login('customer@example.com', 'demo-customer-password');
  }, 60_000);
  afterAll(() => shop?.close(), 30_000);

  describe('demo posts', () => {
    it('are added once: a second run adds none and keeps edits', async () => {
      const orm = shop.app.get(MikroORM);
      const first = DEMO_BLOG_POSTS[0]!;
      const listed = await http().get('/api/admin/blog').query({ search: first.title, per_page: 100 }).set('Authorization', admin).expect(200);
      const id = (listed.body.data as Array<{ id: number; slug: string }>).find((p) => p.slug === first.slug)!.id;
      await http().put(`/api/admin/blog/${id}`).set('Authorization', admin)
        .send({ slug: first.slug, title: 'Edited by staff', body: '<p>Edited</p>', status: 'published' }).expect(200);
      const added = await RequestContext.create(orm.em, () => shop.app.get(BlogAdminService).addMissing(DEMO_BLOG_POSTS));
      expect(added).toBe(0);
      expect((await http().get(`/api/blog/${first.slug}`).expect(200)).body.title).toBe('Edited by staff');
      await http().put(`/api/admin/blog/${id}`).set('Authorization', admin)
        .send({ slug: first.slug, title: first.title, excerpt: first.excerpt, body: first.body, status: 'published' }).expect(200);
    });
  });

  describe('public API', () => {
    it('lists published posts only, newest first, with paging meta and author names', async () => {
      const older = slug('older');
      const newer = slug('newer');
      const draft = slug('draft');
      const future = slug('future');
      await post({ slug: older, title: 'Older post', excerpt: 'Older', body: '<p>Old</p>', status: 'published', published_at: at(-2) }).expect(201);
      await post({ slug: newer, title: 'Newer post', excerpt: 'Newer', body: '<p>New</p>', status: 'published', published_at: at(-1) }).expect(201);
      await post({ slug: draft, title: 'Draft post', body: '<p>Draft</p>' }).expect(201);
      await post({ slug: future, title: 'Scheduled post', body: '<p>Later</p>', status: 'published', published_at: at(3) }).expect(201);

      const res = await http().get('/api/blog').query({ per_page: 50 }).expect(200);
      const slugs = (res.body.data as Array<{ slug: string }>).map((p) => p.slug);
      expect(slugs).toEqual(expect.arrayContaining([older, newer, ...DEMO_BLOG_POSTS.map((d) => d.slug)]));
      expect(slugs).not.toContain(draft);
      expect(slugs).not.toContain(future);
      const dates = (res.body.data as Array<{ published_at: string }>).map((p) => Date.parse(p.published_at));
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
      expect(slugs.indexOf(newer)).toBeLessThan(slugs.indexOf(older));
      expect(res.body.meta).toEqual({ page: 1, per_page: 50, total: slugs.length, last_page: 1 });

      const item = (res.body.data as Array<Record<string, unknown>>).find((p) => p.slug === newer);
      expect(item).toEqual({
        slug: newer, title: 'Newer post', excerpt: 'Newer', cover_image: null, cover_width: null, cover_height: null, cover_alt: '',
        published_at: expect.any(String), author_name: 'Alex Admin',
      });
      const demo = (res.body.data as Array<Record<string, unknown>>).find((p) => p.slug === DEMO_BLOG_POSTS[1]!.slug);
      expect(demo?.author_name).toBeNull(); // seeded without an author

      const page2 = await http().get('/api/blog').query({ page: 2, per_page: 2 }).expect(200);
      expect(page2.body.meta).toEqual({ page: 2, per_page: 2, total: slugs.length, last_page: Math.ceil(slugs.length / 2) });
      expect((page2.body.data as Array<{ slug: string }>).map((p) => p.slug)).toEqual(slugs.slice(2, 4));
    });

    it.each([
      [{ per_page: 51 }, 'per_page'],
      [{ per_page: 0 }, 'per_page'],
      [{ page: 0 }, 'page'],
      [{ page: 'two' }, 'page'],
    ])('refuses bad paging %j with 422', async (query, field) => {
      const res = await http().get('/api/blog').query(query).expect(422);
      expect(Object.keys(res.body.errors)).toEqual([field]);
    });

    it('shows a published post by slug; drafts, scheduled and unknown posts are 404', async () => {
      const live = slug('live');
      const draft = slug('hidden-draft');
      const future = slug('hidden-future');
      await post({ slug: live, title: 'Live post', excerpt: 'Short', body: '<h2>Hi</h2><p>There</p>', status: 'published', cover_image: '/assets/blog/x.jpg' }).expect(201);
      await post({ slug: draft, title: 'Draft', body: '<p>x</p>', status: 'draft' }).expect(201);
      await post({ slug: future, title: 'Future', body: '<p>x</p>', status: 'published', published_at: at(1) }).expect(201);

      const res = await http().get(`/api/blog/${live}`).expect(200);
      expect(res.body).toEqual({
        slug: live, title: 'Live post', excerpt: 'Short', body: '<h2>Hi</h2><p>There</p>', cover_image: '/assets/blog/x.jpg',
        cover_width: null, cover_height: null, cover_alt: '', published_at: expect.any(String), author_name: 'Alex Admin',
      });
      for (const hidden of [draft, future, 'no-such-post']) {
        const missing = await http().get(`/api/blog/${hidden}`).expect(404);
        expect(missing.body).toMatchObject({ status: 404 });
      }
    });

    it('keeps the first publication time when a post is unpublished and published again', async () => {
      const s = slug('republish');
      const created = await post({ slug: s, title: 'Republish', body: '<p>x</p>', status: 'published' }).expect(201);
      const first = created.body.published_at as string;
      expect(Date.parse(first)).toBeLessThanOrEqual(Date.now());
      const put = (status: string) => http().put(`/api/admin/blog/${created.body.id}`).set('Authorization', admin).send({ title: 'Republish', body: '<p>x</p>', status });
      expect((await put('draft').expect(200)).body).toMatchObject({ status: 'draft', published_at: first, is_public: false });
      await http().get(`/api/blog/${s}`).expect(404);
      expect((await put('published').expect(200)).body).toMatchObject({ status: 'published', published_at: first, is_public: true });
    });
  });

  describe('sanitising', () => {
    it('never gives back scripts, event handlers or javascript: links', async () => {
      const s = slug('xss');
      const body =
        '<p>Safe <strong>text</strong></p><script>alert(1)</script><img src="x" onerror="alert(2)">' +
        '<a href="javascript:alert(3)">click</a><a href="https://www.hse.gov.uk/">HSE</a><p onclick="alert(4)" style="color:red">p</p>';
      const created = await post({ slug: s, title: 'XSS', body, status: 'published' }).expect(201);
      const stored = [(created.body as { body: string }).body, (await http().get(`/api/blog/${s}`).expect(200)).body.body as string];
      const page = (await http().get(`/blog/${s}`).expect(200)).text;
      for (const html of stored) {
        expect(html).toContain('<strong>text</strong>');
        expect(html).toContain('href="https://www.hse.gov.uk/"');
        expect(html).not.toMatch(/<script|onerror|onclick|javascript:|style=/i);
      }
      const article = /<div class="post__body"[^>]*>([\s\S]*?)<\/div>/.exec(page)?.[1] ?? '';
      expect(article).toContain('<strong>text</strong>');
      expect(article).not.toMatch(/<script|onerror|onclick|javascript:/i);
    });
  });

  describe('admin API', () => {
    it('answers 401 to anonymous callers and 403 to customers, on every route', async () => {
      const routes: Array<[string, string]> = [
        ['get', '/api/admin/blog'], ['post', '/api/admin/blog'], ['get', '/api/admin/blog/1'], ['put', '/api/admin/blog/1'], ['delete', '/api/admin/blog/1'],
        ['post', '/api/admin/blog/1/cover'], ['delete', '/api/admin/blog/1/cover'],
      ];
      for (const [method, path] of routes) {
        const call = () => (http() as unknown as Record<string, (p: string) => request.Test>)[method]!(path);
        expect({ path, method, status: (await call()).status }).toEqual({ path, method, status: 401 });
        expect({ path, method, status: (await call().set('Authorization', customer)).status }).toEqual({ path, method, status: 403 });
      }
    });

    it('creates, reads, lists, searches, updates and deletes a post; the author is the signed-in admin', async () => {
      const s = slug('crud');
      const created = await post({ slug: s, title: 'Asbestos awareness: who needs it?', excerpt: 'Who needs training', body: '<p>Body</p>' }).expect(201);
      expect(created.body).toMatchObject({
        id: expect.any(Number), slug: s, title: 'Asbestos awareness: who needs it?', status: 'draft', published_at: null, is_public: false,
        author_name: 'Alex Admin', body: '<p>Body</p>', cover_image: null,
      });
      const id = created.body.id as number;
      expect((await http().get(`/api/admin/blog/${id}`).set('Authorization', admin).expect(200)).body).toEqual(created.body);

      const list = await http().get('/api/admin/blog').query({ search: 'ASBESTOS awareness' }).set('Authorization', admin).expect(200);
      expect((list.body.data as Array<{ id: number }>).map((p) => p.id)).toEqual([id]);
      expect(list.body.data[0]).not.toHaveProperty('body');
      expect(list.body.meta).toMatchObject({ page: 1, total: 1 });
      const drafts = await http().get('/api/admin/blog').query({ status: 'draft', per_page: 100 }).set('Authorization', admin).expect(200);
      expect((drafts.body.data as Array<{ status: string }>).every((p) => p.status === 'draft')).toBe(true);

      const updated = await http().put(`/api/admin/blog/${id}`).set('Authorization', admin)
        .send({ title: 'Asbestos awareness', body: '<p>New body</p>', status: 'published', cover_image: 'https://images.example.com/a.jpg' }).expect(200);
      expect(updated.body).toMatchObject({ slug: s, title: 'Asbestos awareness', status: 'published', is_public: true, cover_image: 'https://images.example.com/a.jpg' });
      expect((await http().get(`/api/blog/${s}`).expect(200)).body.title).toBe('Asbestos awareness');

      await http().delete(`/api/admin/blog/${id}`).set('Authorization', admin).expect(204);
      await http().get(`/api/admin/blog/${id}`).set('Authorization', admin).expect(404);
      await http().get(`/api/blog/${s}`).expect(404);
      await http().delete(`/api/admin/blog/${id}`).set('Authorization', admin).expect(404);
    });

    it('makes a slug from the title when none is given', async () => {
      const res = await post({ title: `Fire marshal training: how many? ${counter++}`, body: '<p>x</p>' }).expect(201);
      expect(res.body.slug).toMatch(/^fire-marshal-training-how-many-\d+$/);
    });

    it('refuses a duplicate slug, a bad slug, a missing title, a bad cover image and unknown fields with 422 field errors', async () => {
      const s = slug('dupe');
      const first = await post({ slug: s, title: 'First', body: '<p>x</p>' }).expect(201);
      expect((await post({ slug: s, title: 'Second', body: '<p>x</p>' }).expect(422)).body.errors).toEqual({ slug: ['Another post already uses this slug.'] });

      const other = await post({ slug: slug('other'), title: 'Other', body: '<p>x</p>' }).expect(201);
      const clash = await http().put(`/api/admin/blog/${other.body.id}`).set('Authorization', admin).send({ slug: s, title: 'Other', body: '<p>x</p>' }).expect(422);
      expect(Object.keys(clash.body.errors)).toEqual(['slug']);
      // Saving a post under its own slug is fine.
      await http().put(`/api/admin/blog/${first.body.id}`).set('Authorization', admin).send({ slug: s, title: 'First!', body: '<p>x</p>' }).expect(200);

      for (const bad of ['Has Capitals', 'trailing-', 'double--dash', 'a'.repeat(121), 'spaces here', '../x']) {
        const res = await post({ slug: bad, title: 'Bad slug', body: '<p>x</p>' }).expect(422);
        expect({ bad, fields: Object.keys(res.body.errors) }).toEqual({ bad, fields: ['slug'] });
      }
      expect(Object.keys((await post({ slug: slug('notitle'), body: '<p>x</p>' }).expect(422)).body.errors)).toEqual(['title']);
      expect(Object.keys((await post({ slug: slug('blank'), title: '   ', body: '<p>x</p>' }).expect(422)).body.errors)).toEqual(['title']);
      expect(Object.keys((await post({ slug: slug('long'), title: 't'.repeat(201), body: '<p>x</p>' }).expect(422)).body.errors)).toEqual(['title']);
      for (const cover of ['javascript:alert(1)', 'http://insecure.example.com/a.jpg', '//evil.example.com/a.jpg', 'data:image/png;base64,AAAA', '/assets/../secret']) {
        const res = await post({ slug: slug('cover'), title: 'Cover', body: '<p>x</p>', cover_image: cover }).expect(422);
        expect({ cover, fields: Object.keys(res.body.errors) }).toEqual({ cover, fields: ['cover_image'] });
      }
      expect(Object.keys((await post({ slug: slug('status'), title: 'S', body: '<p>x</p>', status: 'live' }).expect(422)).body.errors)).toEqual(['status']);
      expect(Object.keys((await post({ slug: slug('date'), title: 'D', body: '<p>x</p>', published_at: 'tomorrow' }).expect(422)).body.errors)).toEqual(['published_at']);
      expect((await post({ slug: slug('extra'), title: 'E', body: '<p>x</p>', author_id: 1 }).expect(422)).body.errors).toEqual({ author_id: ['author_id is not an accepted field.'] });
    });
  });

  describe('cover uploads', () => {
    let storage: FileStorage;
    let wide: Buffer;
    let jpeg: Buffer;
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const keyOf = (url: string) => `public/${url.slice('/media/'.length)}`;
    const stored = async (url: string) => {
      const object = await storage.get(keyOf(url));
      object?.body.destroy();
      return object !== null;
    };
    const upload = (id: number, bytes: Buffer, filename: string, contentType: string, token = admin) =>
      http().post(`/api/admin/blog/${id}/cover`).set('Authorization', token).attach('file', bytes, { filename, contentType });
    const published = async (prefix: string) => {
      const s = slug(prefix);
      const res = await post({ slug: s, title: `Cover ${s}`, excerpt: 'With a cover', body: '<p>x</p>', status: 'published' }).expect(201);
      return { id: res.body.id as number, slug: s };
    };

    beforeAll(async () => {
      storage = shop.app.get<FileStorage>(FILE_STORAGE);
      wide = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#2060c0' } }).png().toBuffer();
      jpeg = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#c03020' } }).jpeg().toBuffer();
    });

    it('stores an upload as WebP under /media/blog/ at most 1600 px wide; pages show it with its size and description', async () => {
      const { id, slug: s } = await published('cover-up');
      const res = await upload(id, wide, 'cover.png', 'image/png').expect(200);
      expect(res.body).toMatchObject({ id, cover_width: 1600, cover_height: 800, cover_alt: '' });
      const url = res.body.cover_image as string;
      expect(url).toMatch(new RegExp(`^/media/blog/${id}/[A-Za-z0-9_-]+\\.webp$`));
      const served = await http().get(url).expect(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(await sharp(served.body as Buffer).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 800 });

      // The description is a field of the post; a PUT that leaves the cover out keeps it.
      await http().put(`/api/admin/blog/${id}`).set('Authorization', admin)
        .send({ title: `Cover ${s}`, excerpt: 'With a cover', body: '<p>x</p>', status: 'published', cover_alt: 'A scaffolder clipping on a harness' }).expect(200);
      expect((await http().get(`/api/blog/${s}`).expect(200)).body).toMatchObject({
        cover_image: url, cover_width: 1600, cover_height: 800, cover_alt: 'A scaffolder clipping on a harness',
      });
      const page = (await http().get(`/blog/${s}`).expect(200)).text;
      expect(tagsOf(page, 'img').find((img) => img.class === 'post__cover')).toMatchObject({
        src: url, width: '1600', height: '800', alt: 'A scaffolder clipping on a harness',
      });
      expect(meta(page, 'property', 'og:image')).toEqual([`${PUBLIC_URL}${url}`]);
      expect(meta(page, 'property', 'og:image:width')).toEqual(['1600']);
      expect(meta(page, 'property', 'og:image:alt')).toEqual(['A scaffolder clipping on a harness']);
      // In the list the picture repeats the title's link, so it is hidden from screen readers and has an empty alt.
      const list = (await http().get('/blog').expect(200)).text;
      expect(tagsOf(list, 'img').find((img) => img.src === url)).toMatchObject({ class: 'post-card__cover', width: '1600', height: '800', alt: '' });
    });

    it('replacing the cover deletes the old file; a PUT of its own address keeps it, another address or null removes it', async () => {
      const { id } = await published('cover-swap');
      const first = (await upload(id, wide, 'first.png', 'image/png').expect(200)).body.cover_image as string;
      const second = await upload(id, jpeg, 'second.jpg', 'image/jpeg').expect(200);
      const secondUrl = second.body.cover_image as string;
      expect(secondUrl).not.toBe(first);
      expect(second.body).toMatchObject({ cover_width: 600, cover_height: 400 });
      expect(await stored(first)).toBe(false);
      await http().get(first).expect(404);
      expect(await stored(secondUrl)).toBe(true);

      const put = (cover: string | null) =>
        http().put(`/api/admin/blog/${id}`).set('Authorization', admin).send({ title: 'Swap', body: '<p>x</p>', cover_image: cover }).expect(200);
      expect((await put(secondUrl)).body).toMatchObject({ cover_image: secondUrl, cover_width: 600 });
      expect(await stored(secondUrl)).toBe(true);
      expect((await put('https://images.example.com/harness.jpg')).body).toMatchObject({
        cover_image: 'https://images.example.com/harness.jpg', cover_width: null, cover_height: null,
      });
      expect(await stored(secondUrl)).toBe(false);

      const third = (await upload(id, jpeg, 'third.jpg', 'image/jpeg').expect(200)).body.cover_image as string;
      expect((await put(null)).body.cover_image).toBeNull();
      expect(await stored(third)).toBe(false);
    });

    it('DELETE …/cover removes it (and its file); deleting the post deletes its cover', async () => {
      const { id, slug: s } = await published('cover-del');
      const url = (await upload(id, wide, 'c.png', 'image/png').expect(200)).body.cover_image as string;
      const removed = await http().delete(`/api/admin/blog/${id}/cover`).set('Authorization', admin).expect(200);
      expect(removed.body).toMatchObject({ id, cover_image: null, cover_width: null, cover_height: null });
      expect(await stored(url)).toBe(false);
      expect((await http().get(`/api/blog/${s}`).expect(200)).body.cover_image).toBeNull();
      // Removing a cover that is not there is fine.
      await http().delete(`/api/admin/blog/${id}/cover`).set('Authorization', admin).expect(200);

      const again = (await upload(id, jpeg, 'c.jpg', 'image/jpeg').expect(200)).body.cover_image as string;
      await http().delete(`/api/admin/blog/${id}`).set('Authorization', admin).expect(204);
      expect(await stored(again)).toBe(false);
    });

    it('refuses what is not a PNG, JPEG or WebP (SVG above all), over 5 MB or with other fields with 422; 403 for a customer', async () => {
      const { id } = await published('cover-bad');
      const text = await upload(id, Buffer.from('not really a picture'), 'cover.png', 'image/png').expect(422);
      expect(text.body.errors.file[0]).toMatch(/PNG|JPG|WEBP/);
      const vector = await upload(id, svg, 'cover.svg', 'image/svg+xml').expect(422);
      expect(Object.keys(vector.body.errors)).toEqual(['file']);
      const big = Buffer.concat([jpeg, Buffer.alloc(5 * 1024 * 1024)]);
      expect((await upload(id, big, 'big.jpg', 'image/jpeg').expect(422)).body.errors.file[0]).toMatch(/at most 5 MB/);
      const extra = await http().post(`/api/admin/blog/${id}/cover`).set('Authorization', admin).field('alt', 'x').attach('file', jpeg, 'c.jpg').expect(422);
      expect(Object.keys(extra.body.errors)).toEqual(['alt']);
      await http().post(`/api/admin/blog/${id}/cover`).set('Authorization', admin).send({}).expect(422);
      await upload(999_999, jpeg, 'c.jpg', 'image/jpeg').expect(404);
      await upload(id, jpeg, 'c.jpg', 'image/jpeg', customer).expect(403);
      expect((await http().get(`/api/admin/blog/${id}`).set('Authorization', admin).expect(200)).body.cover_image).toBeNull();
    });
  });

  describe('pages', () => {
    it('/blog lists published posts newest first, linking to each, with its title and description', async () => {
      const res = await http().get('/blog').expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(titleOf(res.text)).toBe(`Blog | ${APP_NAME}`);
      expect(meta(res.text, 'name', 'description')[0]).toMatch(/health and safety/i);
      const newestDemo = DEMO_BLOG_POSTS[DEMO_BLOG_POSTS.length - 1]!;
      expect(res.text).toContain(`href="/blog/${newestDemo.slug}"`);
      expect(res.text).toContain(decode(newestDemo.title).replace(/&/g, '&amp;'));
      expect(tagsOf(res.text, 'link').find((l) => l.rel === 'canonical')?.href).toBe(`${PUBLIC_URL}/blog`);
      expect(res.text).not.toMatch(/\sstyle="/);
    });

    it('/blog paginates with ?page= links; a page past the end is 404', async () => {
      const total = (await http().get('/api/blog').expect(200)).body.meta.total as number;
      for (let i = total; i <= 10; i++) await post({ slug: slug('filler'), title: `Filler ${i}`, body: '<p>x</p>', status: 'published', published_at: at(-30) }).expect(201);
      const first = await http().get('/blog').expect(200);
      expect(first.text).toContain('href="/blog?page=2"'); // eleven posts or more: two pages of ten
      expect((first.text.match(/data-blog-post=/g) ?? []).length).toBe(10);
      const second = await http().get('/blog?page=2').expect(200);
      expect(titleOf(second.text)).toBe(`Blog – page 2 | ${APP_NAME}`);
      await http().get('/blog?page=999').expect(404);
      await http().get('/blog?page=abc').expect(404);
    });

    it('/blog/{slug} has the post, its title, description, canonical URL and share metadata', async () => {
      const s = slug('page');
      await post({
        slug: s, title: 'Fire marshal training: how many do you need? & why', excerpt: 'A sensible ratio for your premises.',
        body: '<p>Body of the post</p>', status: 'published', cover_image: '/assets/blog/fire.jpg',
      }).expect(201);
      const res = await http().get(`/blog/${s}`).expect(200);
      const title = 'Fire marshal training: how many do you need? & why';
      expect(titleOf(res.text)).toBe(`${title} | ${APP_NAME}`);
      expect(meta(res.text, 'name', 'description')).toEqual(['A sensible ratio for your premises.']);
      expect(meta(res.text, 'property', 'og:title')).toEqual([`${title} | ${APP_NAME}`]);
      expect(meta(res.text, 'property', 'og:description')).toEqual(['A sensible ratio for your premises.']);
      expect(meta(res.text, 'property', 'og:type')).toEqual(['article']);
      expect(meta(res.text, 'property', 'og:image')).toEqual([`${PUBLIC_URL}/assets/blog/fire.jpg`]);
      expect(tagsOf(res.text, 'link').filter((l) => l.rel === 'canonical').map((l) => l.href)).toEqual([`${PUBLIC_URL}/blog/${s}`]);
      expect(res.text).toContain('<p>Body of the post</p>');
      expect(res.text).toContain('Alex Admin');
      expect(res.text).not.toMatch(/\sstyle="/);
    });

    it('/blog/{slug} without a cover has no og:image', async () => {
      const s = DEMO_BLOG_POSTS[2]!.slug;
      const res = await http().get(`/blog/${s}`).expect(200);
      expect(meta(res.text, 'property', 'og:image')).toEqual([]);
      expect(meta(res.text, 'property', 'og:type')).toEqual(['article']);
    });

    it('a draft, a scheduled post and an unknown slug answer the 404 page', async () => {
      const draft = slug('page-draft');
      const future = slug('page-future');
      await post({ slug: draft, title: 'Secret draft', body: '<p>Secret draft body</p>' }).expect(201);
      await post({ slug: future, title: 'Secret future', body: '<p>Secret future body</p>', status: 'published', published_at: at(2) }).expect(201);
      for (const s of [draft, future, 'no-such-post']) {
        const res = await http().get(`/blog/${s}`).expect(404);
        expect(res.text).toContain('data-error-page="404"');
        expect(res.text).not.toContain('Secret');
      }
    });
  });
});
