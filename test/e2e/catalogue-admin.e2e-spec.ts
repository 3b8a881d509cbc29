import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { UPLOAD_MAX_BYTES } from '../../src/modules/catalogue/application/admin/uploaded-file.js';
import { FILE_STORAGE, type FileStorage } from '../../src/platform/storage/index.js';
import { createBrand, createCategory, createProduct } from '../support/catalogue-fixtures.js';
import { bearerFor } from '../support/identity-client.js';
import { baseUrlOf, postStreamedUpload } from '../support/streamed-upload.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { databaseKind } from '../support/test-database.js';

/** The Administration Portal's catalogue API: access, validation, CRUD, price_from, uploads and stored objects. */
describe(`catalogue admin API (${databaseKind})`, () => {
  let shop: TestApp;
  let admin: string;
  let customer: string;
  let storage: FileStorage;
  const http = () => request(shop.app.getHttpServer());
  const as = (token: string) => ({
    get: (path: string) => http().get(path).set('Authorization', token),
    post: (path: string) => http().post(path).set('Authorization', token),
    put: (path: string) => http().put(path).set('Authorization', token),
    patch: (path: string) => http().patch(path).set('Authorization', token),
    delete: (path: string) => http().delete(path).set('Authorization', token),
  });
  const staff = () => as(admin);
  let counter = 0;
  const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}`;
  const code = () => unique('SKU').toUpperCase();
  const keyOfUrl = (url: string) => `public/${url.slice('/media/'.length)}`;
  const stored = async (key: string) => {
    const object = await storage.get(key);
    object?.body.destroy();
    return object !== null;
  };

  const login = (email: string, password: string) => bearerFor(shop, { email, password });

  let png: Buffer;
  let jpeg: Buffer;
  let webp: Buffer;
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
  // The smallest thing file-type recognises as MP4: an ftyp box with the mp42 brand.
  const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.from([0, 0, 0, 0]), Buffer.from('mp42isom'), Buffer.alloc(64)]);
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');

  beforeAll(async () => {
    shop = await startTestApp();
    storage = shop.app.get<FileStorage>(FILE_STORAGE);
    admin = await login('admin@example.com', 'demo-admin-password');
    customer = await login('customer@example.com', 'demo-customer-password');
    const picture = () => sharp({ create: { width: 40, height: 30, channels: 3, background: '#c03020' } });
    png = await picture().png().toBuffer();
    jpeg = await picture().jpeg().toBuffer();
    webp = await picture().webp().toBuffer();
  }, 60_000);
  afterAll(() => shop?.close(), 30_000);

  const newProduct = async (fields: Record<string, unknown> = {}) => {
    const res = await staff().post('/api/admin/products').send({ title: unique('Product'), code: code(), ...fields }).expect(201);
    return res.body as { id: number; slug: string; code: string; price_from: number | null };
  };
  const uploadFile = (productId: number, bytes: Buffer, filename: string, contentType: string) =>
    staff().post(`/api/admin/products/${productId}/files`).attach('file', bytes, { filename, contentType });

  describe('access', () => {
    const routes: Array<[method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string]> = [
      ['get', '/api/admin/categories'], ['post', '/api/admin/categories'], ['put', '/api/admin/categories/1'], ['delete', '/api/admin/categories/1'],
      ['get', '/api/admin/brands'], ['post', '/api/admin/brands'], ['post', '/api/admin/brands/1/logo'], ['delete', '/api/admin/brands/1/logo'],
      ['get', '/api/admin/products'], ['post', '/api/admin/products'], ['get', '/api/admin/products/1'], ['put', '/api/admin/products/1'],
      ['delete', '/api/admin/products/1'], ['put', '/api/admin/products/1/categories'], ['post', '/api/admin/products/1/options'],
      ['put', '/api/admin/products/1/options/1'], ['delete', '/api/admin/products/1/options/1'], ['post', '/api/admin/products/1/images'],
      ['patch', '/api/admin/products/1/images/1'], ['delete', '/api/admin/products/1/images/1'], ['post', '/api/admin/products/1/videos'],
      ['delete', '/api/admin/products/1/videos/1'], ['post', '/api/admin/products/1/files'], ['delete', '/api/admin/products/1/files/1'],
      ['get', '/api/admin/products/1/files/1/download'],
    ];

    it.each(routes)('%s %s: 401 signed out, 403 for a customer', async (method, path) => {
      await http()[method](path).expect(401);
      await as(customer)[method](path).expect(403);
    });
  });

  describe('categories', () => {
    it('creates, shows, updates and lists with product counts that include drafts', async () => {
      const slug = unique('fire-safety');
      const created = await staff().post('/api/admin/categories').send({ slug, name: 'Fire Safety', description: 'Extinguishers and more', sort_order: 5 }).expect(201);
      expect(created.body).toMatchObject({ slug, name: 'Fire Safety', description: 'Extinguishers and more', sort_order: 5, product_count: 0, published_count: 0 });
      const id = created.body.id as number;
      await createProduct(shop.sql, { categoryIds: [id] });
      await createProduct(shop.sql, { categoryIds: [id], status: 'draft' });

      const shown = await staff().get(`/api/admin/categories/${id}`).expect(200);
      expect(shown.body).toMatchObject({ product_count: 2, published_count: 1 });

      const updated = await staff().put(`/api/admin/categories/${id}`).send({ name: 'Fire Safety Training' }).expect(200);
      expect(updated.body).toMatchObject({ slug, name: 'Fire Safety Training', description: 'Extinguishers and more', sort_order: 5, product_count: 2 });

      const listed = await staff().get('/api/admin/categories').query({ search: slug }).expect(200);
      expect(listed.body.data).toEqual([expect.objectContaining({ id, product_count: 2, published_count: 1 })]);
      expect(listed.body.meta).toEqual({ page: 1, per_page: 25, total: 1, last_page: 1 });
    });

    it('sorts and pages', async () => {
      const prefix = unique('sortcat');
      for (const [name, order] of [['Bravo', 2], ['Alpha', 3], ['Charlie', 1]] as const) {
        await staff().post('/api/admin/categories').send({ slug: `${prefix}-${name.toLowerCase()}`, name: `${prefix} ${name}`, sort_order: order }).expect(201);
      }
      const byName = await staff().get('/api/admin/categories').query({ search: prefix, sort: '-name', per_page: 2 }).expect(200);
      expect(byName.body.data.map((c: { name: string }) => c.name)).toEqual([`${prefix} Charlie`, `${prefix} Bravo`]);
      expect(byName.body.meta).toEqual({ page: 1, per_page: 2, total: 3, last_page: 2 });
      const page2 = await staff().get('/api/admin/categories').query({ search: prefix, sort: 'sort_order', per_page: 2, page: 2 }).expect(200);
      expect(page2.body.data.map((c: { name: string }) => c.name)).toEqual([`${prefix} Alpha`]);
    });

    it('refuses bad input with the field and reason', async () => {
      const taken = await createCategory(shop.sql);
      const dup = await staff().post('/api/admin/categories').send({ slug: taken.slug, name: 'Dup' }).expect(422);
      expect(dup.body.errors.slug[0]).toMatch(/already has the slug/);
      const bad = await staff().post('/api/admin/categories').send({ slug: 'Not A Slug', name: '' }).expect(422);
      expect(Object.keys(bad.body.errors).sort()).toEqual(['name', 'slug']);
      const other = await createCategory(shop.sql);
      const moved = await staff().put(`/api/admin/categories/${other.id}`).send({ slug: taken.slug }).expect(422);
      expect(moved.body.errors.slug).toBeDefined();
      expect((await staff().put(`/api/admin/categories/${other.id}`).send({ name: null }).expect(422)).body.errors.name).toBeDefined();
      expect((await staff().post('/api/admin/categories').send({ slug: unique('x'), name: 'X', colour: 'red' }).expect(422)).body.errors.colour).toBeDefined();
      expect((await staff().get('/api/admin/categories').query({ sort: 'colour' }).expect(422)).body.errors.sort).toBeDefined();
      expect((await staff().get('/api/admin/categories').query({ per_page: 101 }).expect(422)).body.errors.per_page).toBeDefined();
      await staff().get('/api/admin/categories/999999').expect(404);
      await staff().get('/api/admin/categories/abc').expect(404);
    });

    it('refuses to delete a category that still holds products (409), deletes an empty one', async () => {
      const full = await createCategory(shop.sql, { name: 'Holding' });
      await createProduct(shop.sql, { categoryIds: [full.id], status: 'draft' });
      const refused = await staff().delete(`/api/admin/categories/${full.id}`).expect(409);
      expect(refused.body.message).toMatch(/still holds 1 product\b.*Move them/);
      const empty = await createCategory(shop.sql);
      await staff().delete(`/api/admin/categories/${empty.id}`).expect(204);
      await staff().get(`/api/admin/categories/${empty.id}`).expect(404);
    });
  });

  describe('brands', () => {
    it('creates, updates, lists with product counts and validates', async () => {
      const name = unique('SafeCo');
      const created = await staff().post('/api/admin/brands').send({ name, website: 'https://safeco.example' }).expect(201);
      expect(created.body).toMatchObject({ name, website: 'https://safeco.example', logo_url: null, product_count: 0, sort_order: 0 });
      const id = created.body.id as number;
      await createProduct(shop.sql, { brandId: id, status: 'draft' });
      const updated = await staff().put(`/api/admin/brands/${id}`).send({ website: null, sort_order: 3 }).expect(200);
      expect(updated.body).toMatchObject({ name, website: null, sort_order: 3, product_count: 1 });
      const listed = await staff().get('/api/admin/brands').query({ search: name }).expect(200);
      expect(listed.body.data).toEqual([expect.objectContaining({ id, product_count: 1 })]);

      expect((await staff().post('/api/admin/brands').send({ name }).expect(422)).body.errors.name[0]).toMatch(/already called/);
      expect((await staff().post('/api/admin/brands').send({ name: unique('B'), website: 'javascript:alert(1)' }).expect(422)).body.errors.website).toBeDefined();
      expect((await staff().get('/api/admin/brands').query({ sort: 'website' }).expect(422)).body.errors.sort).toBeDefined();
    });

    it('takes a logo (PNG, JPEG or WebP ≤ 2 MB), replaces it deleting the old one, and removes it', async () => {
      const brand = await createBrand(shop.sql);
      const first = await staff().post(`/api/admin/brands/${brand.id}/logo`).attach('file', png, { filename: 'logo.png', contentType: 'image/png' }).expect(200);
      const firstUrl = first.body.logo_url as string;
      expect(firstUrl).toMatch(/^\/media\/brands\/[A-Za-z0-9_-]+\.webp$/);
      const served = await http().get(firstUrl).expect(200);
      expect(served.headers['content-type']).toBe('image/webp');

      const second = await staff().post(`/api/admin/brands/${brand.id}/logo`).attach('file', jpeg, { filename: 'logo.jpg', contentType: 'image/jpeg' }).expect(200);
      const secondUrl = second.body.logo_url as string;
      expect(secondUrl).not.toBe(firstUrl);
      expect(await stored(keyOfUrl(firstUrl))).toBe(false);
      await http().get(firstUrl).expect(404);
      expect((await http().get('/api/brands').expect(200)).body).toEqual(expect.arrayContaining([expect.objectContaining({ id: brand.id, logo_url: secondUrl })]));

      const removed = await staff().delete(`/api/admin/brands/${brand.id}/logo`).expect(200);
      expect(removed.body.logo_url).toBeNull();
      expect(await stored(keyOfUrl(secondUrl))).toBe(false);
    });

    it('refuses logos that are not raster images by content, SVG, or too large', async () => {
      const brand = await createBrand(shop.sql);
      const logo = () => staff().post(`/api/admin/brands/${brand.id}/logo`);
      const text = await logo().attach('file', Buffer.from('not really a picture'), { filename: 'logo.png', contentType: 'image/png' }).expect(422);
      expect(text.body.errors.file[0]).toMatch(/PNG|JPG|WEBP/);
      const vector = await logo().attach('file', svg, { filename: 'logo.svg', contentType: 'image/svg+xml' }).expect(422);
      expect(vector.body.errors.file).toBeDefined();
      const pdfLogo = await logo().attach('file', pdf, { filename: 'logo.png', contentType: 'image/png' }).expect(422);
      expect(pdfLogo.body.errors.file).toBeDefined();
      const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]);
      const large = await logo().attach('file', big, { filename: 'logo.png', contentType: 'image/png' }).expect(422);
      expect(large.body.errors.file[0]).toMatch(/at most 2 MB/);
      await logo().send({}).expect(422);
      await staff().post('/api/admin/brands/999999/logo').attach('file', png, { filename: 'logo.png', contentType: 'image/png' }).expect(404);
    });

    it('deletes a brand with its logo; its products stay, without a brand', async () => {
      const brand = await createBrand(shop.sql);
      const product = await createProduct(shop.sql, { brandId: brand.id });
      const withLogo = await staff().post(`/api/admin/brands/${brand.id}/logo`).attach('file', webp, { filename: 'l.webp', contentType: 'image/webp' }).expect(200);
      await staff().delete(`/api/admin/brands/${brand.id}`).expect(204);
      await staff().get(`/api/admin/brands/${brand.id}`).expect(404);
      expect(await stored(keyOfUrl(withLogo.body.logo_url as string))).toBe(false);
      expect((await staff().get(`/api/admin/products/${product.id}`).expect(200)).body).toMatchObject({ brand_id: null, brand: null });
    });
  });

  describe('products', () => {
    it('creates a draft with a slug from the title and sanitised description; shows the full admin view', async () => {
      const category = await createCategory(shop.sql);
      const brand = await createBrand(shop.sql);
      const title = `Manual Handling ${unique('Edition')}`;
      const sku = code();
      const res = await staff().post('/api/admin/products').send({
        title, code: sku, summary: 'Lifting safely', description: '<p onclick="x()">Lift <script>alert(1)</script><a href="javascript:evil()">here</a></p>',
        brand_id: brand.id, category_ids: [category.id], running_time: 22, year: 2025, language: 'English', accreditation: 'RoSPA approved',
      }).expect(201);
      expect(res.body).toMatchObject({
        title, code: sku, slug: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'), status: 'draft', featured: false, summary: 'Lifting safely',
        brand_id: brand.id, brand: { id: brand.id, name: brand.name }, category_ids: [category.id], running_time: 22, year: 2025,
        language: 'English', accreditation: 'RoSPA approved', price_from: null, options: [], images: [], videos: [], files: [],
      });
      expect(res.body.description).not.toMatch(/script|onclick|javascript/);
      expect(res.body.description).toContain('Lift');

      // Same title again: the made-up slug gets a number rather than failing.
      const again = await staff().post('/api/admin/products').send({ title, code: code() }).expect(201);
      expect(again.body.slug).toBe(`${res.body.slug as string}-2`);

      const shown = await staff().get(`/api/admin/products/${res.body.id as number}`).expect(200);
      expect(shown.body).toEqual(res.body);
      // A draft is invisible to visitors…
      await http().get(`/api/products/${res.body.id as number}`).expect(404);
      // …until published.
      await staff().put(`/api/admin/products/${res.body.id as number}`).send({ status: 'published', featured: true }).expect(200);
      expect((await http().get(`/api/products/${res.body.slug as string}`).expect(200)).body).toMatchObject({ title, featured: true });
    });

    it('refuses duplicates and bad input with the field', async () => {
      const existing = await newProduct();
      expect((await staff().post('/api/admin/products').send({ title: 'X', slug: existing.slug, code: code() }).expect(422)).body.errors.slug[0]).toMatch(/already has the slug/);
      expect((await staff().post('/api/admin/products').send({ title: 'X', code: existing.code }).expect(422)).body.errors.code[0]).toMatch(/already has the code/);
      const other = await newProduct();
      expect((await staff().put(`/api/admin/products/${other.id}`).send({ code: existing.code }).expect(422)).body.errors.code).toBeDefined();
      expect((await staff().put(`/api/admin/products/${other.id}`).send({ slug: existing.slug }).expect(422)).body.errors.slug).toBeDefined();
      expect((await staff().post('/api/admin/products').send({ title: 'X', code: code(), brand_id: 999999 }).expect(422)).body.errors.brand_id).toBeDefined();
      expect((await staff().post('/api/admin/products').send({ title: 'X', code: code(), category_ids: [999999] }).expect(422)).body.errors.category_ids[0]).toMatch(/999999/);
      const bad = await staff().post('/api/admin/products').send({ title: '', code: 'has spaces', status: 'live', year: 1200, slug: 'Bad Slug' }).expect(422);
      expect(Object.keys(bad.body.errors).sort()).toEqual(['code', 'slug', 'status', 'title', 'year']);
      expect((await staff().post('/api/admin/products').send({ title: '★★★', code: code() }).expect(422)).body.errors.slug).toBeDefined();
      await staff().put('/api/admin/products/999999').send({ title: 'Gone' }).expect(404);
    });

    it('lists drafts too, searchable by title or code, filtered by category, status, brand, sorted', async () => {
      const category = await createCategory(shop.sql);
      const brand = await createBrand(shop.sql);
      const tag = unique('Ladder');
      const a = await newProduct({ title: `${tag} Alpha`, category_ids: [category.id], brand_id: brand.id });
      const b = await newProduct({ title: `${tag} Bravo`, category_ids: [category.id], status: 'published' });
      const c = await newProduct({ title: `${tag} Charlie`, brand_id: brand.id, status: 'published' });

      const titles = (body: { data: Array<{ id: number }> }) => body.data.map((p) => p.id);
      const list = (query: Record<string, string | number | boolean>) => staff().get('/api/admin/products').query(query).expect(200);
      expect(titles((await list({ search: tag, sort: 'title' })).body)).toEqual([a.id, b.id, c.id]);
      expect(titles((await list({ search: tag, sort: '-title' })).body)).toEqual([c.id, b.id, a.id]);
      expect(titles((await list({ search: a.code.toLowerCase() })).body)).toEqual([a.id]);
      expect(titles((await list({ category: category.id, sort: 'title' })).body)).toEqual([a.id, b.id]);
      expect(titles((await list({ search: tag, status: 'draft' })).body)).toEqual([a.id]);
      expect(titles((await list({ brand: brand.id, sort: 'title' })).body)).toEqual([a.id, c.id]);
      const page = await list({ search: tag, sort: 'title', per_page: 2, page: 2 });
      expect(titles(page.body)).toEqual([c.id]);
      expect(page.body.meta).toEqual({ page: 2, per_page: 2, total: 3, last_page: 2 });
      expect(page.body.data[0]).toMatchObject({ status: 'published', brand: { id: brand.id, name: brand.name }, option_count: 0, category_ids: [], image_url: null });
      expect((await list({ search: tag, sort: 'title' })).body.data[1]).toMatchObject({ brand: null, category_ids: [category.id] });

      expect((await staff().get('/api/admin/products').query({ sort: 'popularity' }).expect(422)).body.errors.sort).toBeDefined();
      expect((await staff().get('/api/admin/products').query({ status: 'deleted' }).expect(422)).body.errors.status).toBeDefined();
      expect((await staff().get('/api/admin/products').query({ category: 'posters' }).expect(422)).body.errors.category).toBeDefined();
      expect((await staff().get('/api/admin/products').query({ page: 0 }).expect(422)).body.errors.page).toBeDefined();
    });

    it('replaces the categories of a product', async () => {
      const one = await createCategory(shop.sql);
      const two = await createCategory(shop.sql);
      const product = await newProduct({ category_ids: [one.id] });
      const res = await staff().put(`/api/admin/products/${product.id}/categories`).send({ category_ids: [two.id, one.id, two.id] }).expect(200);
      expect(res.body.category_ids).toEqual([one.id, two.id].sort((x, y) => x - y));
      expect((await staff().put(`/api/admin/products/${product.id}/categories`).send({ category_ids: [] }).expect(200)).body.category_ids).toEqual([]);
      expect((await staff().put(`/api/admin/products/${product.id}/categories`).send({ category_ids: 'all' }).expect(422)).body.errors.category_ids).toBeDefined();
      expect((await staff().put(`/api/admin/products/${product.id}/categories`).send({ category_ids: [999999] }).expect(422)).body.errors.category_ids).toBeDefined();
    });
  });

  describe('options and price_from', () => {
    const priceFrom = async (productId: number) => (await staff().get(`/api/admin/products/${productId}`).expect(200)).body.price_from as number | null;

    it('keeps price_from at the lowest active option price through every change', async () => {
      const product = await newProduct({ status: 'published' });
      const options = `/api/admin/products/${product.id}/options`;
      const dvd = await staff().post(options).send({ name: 'DVD', code: code(), price: 19_500, weight: 250, qty: 3, kind: 'physical' }).expect(201);
      expect(dvd.body).toMatchObject({ name: 'DVD', price: 19_500, price_inc_vat: 23_400, weight: 250, qty: 3, kind: 'physical', active: true, sort_order: 0, file_id: null, in_stock: true });
      expect(await priceFrom(product.id)).toBe(19_500);

      const online = await staff().post(options).send({ name: 'Online licence', code: code(), price: 9_900, kind: 'online_access', seats: 10 }).expect(201);
      expect(online.body).toMatchObject({ qty: null, weight: 0, sort_order: 1, seats: 10 });
      expect(await priceFrom(product.id)).toBe(9_900);
      expect((await http().get(`/api/products/${product.id}`).expect(200)).body.price_from).toBe(9_900);

      await staff().put(`${options}/${online.body.id as number}`).send({ active: false }).expect(200);
      expect(await priceFrom(product.id)).toBe(19_500);
      await staff().put(`${options}/${dvd.body.id as number}`).send({ price: 15_000, qty: null }).expect(200);
      expect(await priceFrom(product.id)).toBe(15_000);
      await staff().put(`${options}/${online.body.id as number}`).send({ active: true }).expect(200);
      expect(await priceFrom(product.id)).toBe(9_900);
      await staff().delete(`${options}/${online.body.id as number}`).expect(204);
      expect(await priceFrom(product.id)).toBe(15_000);
      await staff().put(`${options}/${dvd.body.id as number}`).send({ active: false }).expect(200);
      expect(await priceFrom(product.id)).toBeNull();
      const [row] = await shop.sql<{ price_from: number | null }>('select price_from from products where id = ?', [product.id]);
      expect(row!.price_from).toBeNull();
      await staff().delete(`${options}/${dvd.body.id as number}`).expect(204);
      expect((await staff().get(`/api/admin/products/${product.id}`).expect(200)).body.options).toEqual([]);
    });

    it('keeps price_from right when options of one product change at the same time', async () => {
      const product = await newProduct();
      const prices = [4_200, 1_700, 9_900, 2_500, 3_100, 1_800];
      const created = await Promise.all(prices.map((price) =>
        staff().post(`/api/admin/products/${product.id}/options`).send({ name: `Option ${price}`, code: code(), price, kind: 'physical' }).expect(201)));
      expect(await priceFrom(product.id)).toBe(1_700);
      // Switch off the two cheapest while a cheaper one arrives: whatever the order, the result is the same.
      const cheapest = created.filter((res) => (res.body.price as number) < 2_000).map((res) => res.body.id as number);
      await Promise.all([
        ...cheapest.map((id) => staff().put(`/api/admin/products/${product.id}/options/${id}`).send({ active: false }).expect(200)),
        staff().post(`/api/admin/products/${product.id}/options`).send({ name: 'Poster', code: code(), price: 2_000, kind: 'physical' }).expect(201),
      ]);
      expect(await priceFrom(product.id)).toBe(2_000);
    });

    it('validates options: pence, grams, stock, kind, unique code, the unlocked file', async () => {
      const product = await newProduct();
      const options = `/api/admin/products/${product.id}/options`;
      const bad = await staff().post(options).send({ name: '', code: 'no spaces', price: -1, weight: 1.5, qty: -1, kind: 'dvd' }).expect(422);
      expect(Object.keys(bad.body.errors).sort()).toEqual(['code', 'kind', 'name', 'price', 'qty', 'weight']);
      expect((await staff().post(options).send({ name: 'DVD', code: code(), price: '12.50', kind: 'physical' }).expect(422)).body.errors.price).toBeDefined();

      const taken = await staff().post(options).send({ name: 'DVD', code: code(), price: 100, kind: 'physical' }).expect(201);
      expect((await staff().post(options).send({ name: 'Again', code: taken.body.code, price: 100, kind: 'physical' }).expect(422)).body.errors.code[0]).toMatch(/already has the code/);

      const missing = await staff().post(options).send({ name: 'PowerPoint pack', code: code(), price: 4_900, kind: 'download' }).expect(422);
      expect(missing.body.errors.file_id[0]).toMatch(/needs the file/);
      const elsewhere = await newProduct();
      const foreign = await uploadFile(elsewhere.id, pdf, 'pack.pdf', 'application/pdf').expect(201);
      const wrongFile = await staff().post(options).send({ name: 'Pack', code: code(), price: 4_900, kind: 'download', file_id: foreign.body.id }).expect(422);
      expect(wrongFile.body.errors.file_id[0]).toMatch(/No file of this product/);

      const own = await uploadFile(product.id, pdf, 'pack.pdf', 'application/pdf').expect(201);
      const download = await staff().post(options).send({ name: 'Pack', code: code(), price: 4_900, kind: 'download', file_id: own.body.id }).expect(201);
      expect(download.body).toMatchObject({ kind: 'download', file_id: own.body.id });
      expect((await staff().put(`${options}/${download.body.id as number}`).send({ file_id: null }).expect(422)).body.errors.file_id).toBeDefined();

      await staff().put(`${options}/999999`).send({ price: 1 }).expect(404);
      await staff().put(`/api/admin/products/${elsewhere.id}/options/${taken.body.id as number}`).send({ price: 1 }).expect(404);
      await staff().post('/api/admin/products/999999/options').send({ name: 'DVD', code: code(), price: 100, kind: 'physical' }).expect(404);
    });
  });

  describe('images', () => {
    it('stores an uploaded image as WebP with its size, edits alt and order, and deletes it with its object', async () => {
      const product = await newProduct();
      const images = `/api/admin/products/${product.id}/images`;
      const first = await staff().post(images).attach('file', png, { filename: 'photo.png', contentType: 'image/png' }).field('alt', 'A red square').expect(201);
      expect(first.body).toMatchObject({ alt: 'A red square', width: 40, height: 30, sort_order: 0 });
      expect(first.body.url).toMatch(new RegExp(`^/media/products/${product.id}/[A-Za-z0-9_-]+\\.webp$`));
      const served = await http().get(first.body.url as string).expect(200);
      expect(served.headers['content-type']).toBe('image/webp');

      const second = await staff().post(images).attach('file', jpeg, { filename: 'x.jpg', contentType: 'image/jpeg' }).expect(201);
      expect(second.body).toMatchObject({ alt: '', sort_order: 1 });
      const patched = await staff().patch(`${images}/${second.body.id as number}`).send({ alt: 'Now first', sort_order: -1 }).expect(200);
      expect(patched.body).toMatchObject({ alt: 'Now first', sort_order: -1 });
      const view = await staff().get(`/api/admin/products/${product.id}`).expect(200);
      expect(view.body.images.map((i: { id: number }) => i.id)).toEqual([second.body.id, first.body.id]);
      const listed = await staff().get('/api/admin/products').query({ search: product.code }).expect(200);
      expect(listed.body.data[0].image_url).toBe(second.body.url);

      await staff().delete(`${images}/${first.body.id as number}`).expect(204);
      expect(await stored(keyOfUrl(first.body.url as string))).toBe(false);
      await http().get(first.body.url as string).expect(404);
      await staff().delete(`${images}/${first.body.id as number}`).expect(404);
    });

    it('refuses files that are not PNG, JPEG or WebP by content, SVG, over 5 MB, or with unknown fields', async () => {
      const product = await newProduct();
      const images = `/api/admin/products/${product.id}/images`;
      const lying = await staff().post(images).attach('file', Buffer.from('hello, I am text'), { filename: 'fake.png', contentType: 'image/png' }).expect(422);
      expect(lying.body.errors.file).toBeDefined();
      expect((await staff().post(images).attach('file', svg, { filename: 'x.svg', contentType: 'image/svg+xml' }).expect(422)).body.errors.file).toBeDefined();
      expect((await staff().post(images).attach('file', pdf, { filename: 'x.jpg', contentType: 'image/jpeg' }).expect(422)).body.errors.file).toBeDefined();
      const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
      expect((await staff().post(images).attach('file', big, { filename: 'big.png', contentType: 'image/png' }).expect(422)).body.errors.file[0]).toMatch(/at most 5 MB/);
      expect((await staff().post(images).attach('file', png, { filename: 'x.png', contentType: 'image/png' }).field('caption', 'x').expect(422)).body.errors.caption).toBeDefined();
      expect((await staff().post(images).send({ alt: 'no file' }).expect(422)).body.errors.file).toBeDefined();
      expect((await staff().get(`/api/admin/products/${product.id}`).expect(200)).body.images).toEqual([]);
    });
  });

  describe('videos', () => {
    it('adds https YouTube/Vimeo/file links and refuses anything else', async () => {
      const product = await newProduct();
      const videos = `/api/admin/products/${product.id}/videos`;
      const link = await staff().post(videos).send({ title: 'Trailer', url: 'https://www.youtube.com/watch?v=abc123' }).expect(201);
      expect(link.body).toMatchObject({ title: 'Trailer', url: 'https://www.youtube.com/watch?v=abc123', uploaded: false, is_preview: true, sort_order: 0 });
      await staff().post(videos).send({ title: 'Full', url: 'https://vimeo.com/12345', is_preview: false }).expect(201);
      await staff().post(videos).send({ title: 'File', url: 'https://cdn.example.com/clips/intro.mp4' }).expect(201);
      for (const url of ['http://www.youtube.com/watch?v=abc', 'javascript:alert(1)', 'https://evil.example/page', 'https://user:pw@vimeo.com/1']) {
        expect((await staff().post(videos).send({ title: 'Bad', url }).expect(422)).body.errors.url).toBeDefined();
      }
      expect((await staff().post(videos).send({ url: 'https://vimeo.com/1' }).expect(422)).body.errors.title).toBeDefined();
      const view = await staff().get(`/api/admin/products/${product.id}`).expect(200);
      expect(view.body.videos.map((v: { title: string }) => v.title)).toEqual(['Trailer', 'Full', 'File']);
    });

    it('stores an uploaded MP4 privately, refuses other types, and deletes the object with the row', async () => {
      const product = await newProduct();
      const videos = `/api/admin/products/${product.id}/videos`;
      const uploaded = await staff().post(videos).attach('file', mp4, { filename: 'clip.mp4', contentType: 'video/mp4' }).field('title', 'Clip').field('is_preview', 'false').expect(201);
      expect(uploaded.body).toMatchObject({ title: 'Clip', url: null, uploaded: true, is_preview: false });
      const [row] = await shop.sql<{ storage_key: string }>('select storage_key from product_videos where id = ?', [uploaded.body.id]);
      expect(row!.storage_key).toMatch(new RegExp(`^private/products/${product.id}/videos/[A-Za-z0-9_-]+\\.mp4$`));
      expect(await stored(row!.storage_key)).toBe(true);

      expect((await staff().post(videos).attach('file', pdf, { filename: 'clip.mp4', contentType: 'video/mp4' }).field('title', 'x').expect(422)).body.errors.file).toBeDefined();
      expect((await staff().post(videos).attach('file', mp4, { filename: 'clip.mp4', contentType: 'video/mp4' }).expect(422)).body.errors.title).toBeDefined();

      await staff().delete(`${videos}/${uploaded.body.id as number}`).expect(204);
      expect(await stored(row!.storage_key)).toBe(false);
      await staff().delete(`${videos}/${uploaded.body.id as number}`).expect(404);
    });
  });

  describe('files', () => {
    it('stores files privately by sniffed type, lets only admins download them, and refuses disguised files', async () => {
      const product = await newProduct();
      const uploaded = await uploadFile(product.id, pdf, '../../etc/Risk assessment; v2.pdf', 'application/octet-stream').expect(201);
      expect(uploaded.body).toMatchObject({ name: 'Risk assessment; v2.pdf', content_type: 'application/pdf', size: pdf.length });
      const download = uploaded.body.download_url as string;
      expect(download).toBe(`/api/admin/products/${product.id}/files/${uploaded.body.id as number}/download`);

      const got = await staff().get(download).buffer(true).parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      }).expect(200);
      expect(Buffer.compare(got.body as Buffer, pdf)).toBe(0);
      expect(got.headers['content-type']).toBe('application/pdf');
      expect(got.headers['content-disposition']).toMatch(/^attachment; filename="Risk assessment_ v2.pdf"; filename\*=UTF-8''Risk%20assessment%3B%20v2.pdf$/);
      await http().get(download).expect(401);
      await as(customer).get(download).expect(403);
      await staff().get(`/api/admin/products/${product.id}/files/999999/download`).expect(404);

      expect(got.headers['accept-ranges']).toBe('bytes');
      const part = await staff().get(download).set('Range', 'bytes=0-7').buffer(true).parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      }).expect(206);
      expect((part.body as Buffer).toString()).toBe('%PDF-1.4');
      expect(part.headers).toMatchObject({ 'content-range': `bytes 0-7/${pdf.length}`, 'content-length': '8', 'content-type': 'application/pdf' });
      expect(part.headers['content-disposition']).toMatch(/^attachment; /);
      expect((await staff().get(download).set('Range', `bytes=${pdf.length}-`).expect(416)).headers['content-range']).toBe(`bytes */${pdf.length}`);
      await as(customer).get(download).set('Range', 'bytes=0-7').expect(403);

      const named = await staff().post(`/api/admin/products/${product.id}/files`).attach('file', pdf, { filename: 'x.pdf', contentType: 'application/pdf' }).field('name', 'Trainer notes').expect(201);
      expect(named.body.name).toBe('Trainer notes.pdf');

      const disguised = await uploadFile(product.id, png, 'notes.pdf', 'application/pdf').expect(422);
      expect(disguised.body.errors.file[0]).toMatch(/PDF/);
      expect((await uploadFile(product.id, Buffer.from('plain text'), 'notes.pdf', 'application/pdf').expect(422)).body.errors.file).toBeDefined();
      const files = (await staff().get(`/api/admin/products/${product.id}`).expect(200)).body.files as Array<{ name: string }>;
      expect(files.map((f) => f.name).sort()).toEqual(['Risk assessment; v2.pdf', 'Trainer notes.pdf']);
    });

    it('refuses a file over 200 MB with 422 while it streams in, storing nothing and keeping no spooled copy', async () => {
      const product = await newProduct();
      const url = `${await baseUrlOf(shop.app.getHttpServer())}/api/admin/products/${product.id}/files`;
      const refused = await postStreamedUpload(url, {
        head: pdf, size: UPLOAD_MAX_BYTES.file + 1, filename: 'huge.pdf', contentType: 'application/pdf', fields: { name: 'Huge' }, authorization: admin,
      });
      expect(refused).toMatchObject({ status: 422, body: { errors: { file: ['The file may be at most 200 MB.'] } } });
      expect((await staff().get(`/api/admin/products/${product.id}`).expect(200)).body.files).toEqual([]);
      const dataDir = shop.database.env.DATA_DIR;
      expect(await readdir(path.join(dataDir, 'files/private/products', String(product.id))).catch(() => [])).toEqual([]);
      expect(await readdir(path.join(dataDir, 'upload-spool')).catch(() => [])).toEqual([]);
    });

    it('refuses to delete a file a download option unlocks (409); deletes it with its object otherwise', async () => {
      const product = await newProduct();
      const file = await uploadFile(product.id, pdf, 'pack.pdf', 'application/pdf').expect(201);
      const [row] = await shop.sql<{ storage_key: string }>('select storage_key from product_files where id = ?', [file.body.id]);
      expect(row!.storage_key).toMatch(new RegExp(`^private/products/${product.id}/files/`));
      const optionCode = code();
      const option = await staff().post(`/api/admin/products/${product.id}/options`).send({ name: 'Pack', code: optionCode, price: 100, kind: 'download', file_id: file.body.id }).expect(201);
      const refused = await staff().delete(`/api/admin/products/${product.id}/files/${file.body.id as number}`).expect(409);
      expect(refused.body.message).toContain(optionCode);

      await staff().delete(`/api/admin/products/${product.id}/options/${option.body.id as number}`).expect(204);
      await staff().delete(`/api/admin/products/${product.id}/files/${file.body.id as number}`).expect(204);
      expect(await stored(row!.storage_key)).toBe(false);
    });
  });

  it('deletes a product with every row and stored object of it', async () => {
    const category = await createCategory(shop.sql);
    const product = await newProduct({ category_ids: [category.id] });
    const base = `/api/admin/products/${product.id}`;
    const image = await staff().post(`${base}/images`).attach('file', webp, { filename: 'a.webp', contentType: 'image/webp' }).expect(201);
    const video = await staff().post(`${base}/videos`).attach('file', mp4, { filename: 'a.mp4', contentType: 'video/mp4' }).field('title', 'Clip').expect(201);
    const file = await uploadFile(product.id, pdf, 'a.pdf', 'application/pdf').expect(201);
    await staff().post(`${base}/options`).send({ name: 'Pack', code: code(), price: 100, kind: 'download', file_id: file.body.id }).expect(201);
    const keys = [
      keyOfUrl(image.body.url as string),
      ...(await shop.sql<{ storage_key: string }>('select storage_key from product_videos where id = ?', [video.body.id])).map((r) => r.storage_key),
      ...(await shop.sql<{ storage_key: string }>('select storage_key from product_files where id = ?', [file.body.id])).map((r) => r.storage_key),
    ];
    for (const key of keys) expect(await stored(key)).toBe(true);

    await staff().delete(base).expect(204);
    await staff().get(base).expect(404);
    for (const key of keys) expect(await stored(key)).toBe(false);
    const [left] = await shop.sql<{ n: number }>(
      `select ((select count(*) from product_options where product_id = ?) + (select count(*) from product_categories where product_id = ?)
        + (select count(*) from product_images where product_id = ?))::int as n`,
      [product.id, product.id, product.id],
    );
    expect(left!.n).toBe(0);
    await staff().delete(base).expect(404);
  });
});
