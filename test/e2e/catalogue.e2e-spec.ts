import request from 'supertest';
import { nextIp } from '../support/identity-client.js';
import { createBrand, createCategory, createProduct, type CreatedProduct } from '../support/catalogue-fixtures.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { databaseKind } from '../support/test-database.js';

/** The public catalogue API on a catalogue arranged here (not the demo data), so every count is known. */
describe(`public catalogue API (${databaseKind})`, () => {
  let shop: TestApp;
  const http = () => request(shop.app.getHttpServer());
  let dvds: { id: number; slug: string };
  let posters: { id: number; slug: string };
  let safeCo: { id: number; name: string };
  let otherCo: { id: number; name: string };
  let manual: CreatedProduct;
  let fire: CreatedProduct;
  let poster: CreatedProduct;
  let draft: CreatedProduct;
  let online: CreatedProduct;

  beforeAll(async () => {
    shop = await startTestApp();
    dvds = await createCategory(shop.sql, { slug: 'training-dvds', name: 'Training DVDs', sortOrder: 1 });
    posters = await createCategory(shop.sql, { slug: 'posters', name: 'Posters', sortOrder: 2 });
    safeCo = await createBrand(shop.sql, { name: 'SafeCo Films' });
    otherCo = await createBrand(shop.sql, { name: 'Other Co' });
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    manual = await createProduct(shop.sql, {
      title: 'Manual Handling Training DVD', summary: 'Lifting safely at work', brandId: safeCo.id, categoryIds: [dvds.id],
      options: [{ name: 'DVD', price: 19_500, weight: 250, qty: 3 }, { name: 'Online licence', price: 9_900, kind: 'online_access' }],
      createdAt: day(1), featured: true,
    });
    fire = await createProduct(shop.sql, {
      title: 'Fire Marshal Essentials', summary: 'Evacuation and extinguishers', description: '<p>Covers manual call points.</p>',
      brandId: safeCo.id, categoryIds: [dvds.id], options: [{ price: 24_900, qty: 0 }], createdAt: day(2),
    });
    poster = await createProduct(shop.sql, {
      title: 'Ladder Safety Poster', brandId: otherCo.id, categoryIds: [posters.id], options: [{ name: 'A2 poster', price: 1_250, weight: 80 }], createdAt: day(3),
    });
    online = await createProduct(shop.sql, {
      title: 'COSHH Awareness Online', brandId: otherCo.id, categoryIds: [dvds.id, posters.id],
      options: [{ price: 4_500, kind: 'online_access' }, { price: 100, kind: 'download', active: false }], createdAt: day(4),
    });
    draft = await createProduct(shop.sql, { title: 'Manual Handling Draft Edition', status: 'draft', categoryIds: [dvds.id], createdAt: day(5) });
  });
  afterAll(() => shop.close());

  const titles = (body: { data: Array<{ title: string }> }) => body.data.map((p) => p.title);

  it('lists published products newest first, with paging meta and facet counts', async () => {
    const res = await http().get('/api/products').expect(200);
    // Sent as the cached UTF-8 bytes of the JSON (replyJsonOnce): still JSON, with its length in bytes.
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.text));
    expect(titles(res.body)).toEqual(['COSHH Awareness Online', 'Ladder Safety Poster', 'Fire Marshal Essentials', 'Manual Handling Training DVD']);
    expect(res.body.meta).toEqual({ page: 1, per_page: 24, total: 4, last_page: 1, sort: 'newest', search: null, corrected_search: null });
    expect(res.body.facets.categories).toEqual([
      { id: dvds.id, slug: 'training-dvds', name: 'Training DVDs', count: 3 },
      { id: posters.id, slug: 'posters', name: 'Posters', count: 2 },
    ]);
    expect(res.body.facets.brands).toEqual(expect.arrayContaining([{ id: safeCo.id, name: 'SafeCo Films', count: 2 }, { id: otherCo.id, name: 'Other Co', count: 2 }]));
    expect(res.body.facets.kinds).toEqual([{ id: 'online_access', name: 'online_access', count: 2 }, { id: 'physical', name: 'physical', count: 3 }]);
  });

  it('gives a card its lowest active price ex and inc VAT, brand and kinds', async () => {
    const res = await http().get('/api/products').query({ search: 'manual handling' }).expect(200);
    const card = res.body.data.find((p: { id: number }) => p.id === manual.id);
    expect(card).toMatchObject({
      slug: manual.slug, price_from: 9_900, price_from_inc_vat: 11_880, brand: { id: safeCo.id, name: 'SafeCo Films' },
      kinds: ['online_access', 'physical'], featured: true,
    });
  });

  it('filters by category (slug or id), brand and kind, and counts facets without their own filter', async () => {
    const bySlug = await http().get('/api/products').query({ category: 'posters' }).expect(200);
    expect(titles(bySlug.body).sort()).toEqual(['COSHH Awareness Online', 'Ladder Safety Poster']);
    const byId = await http().get('/api/products').query({ category: String(posters.id) }).expect(200);
    expect(titles(byId.body)).toEqual(titles(bySlug.body));
    // The category facet still offers every category for the other filters.
    expect(bySlug.body.facets.categories.map((c: { count: number }) => c.count)).toEqual([3, 2]);
    expect(bySlug.body.facets.brands).toEqual([{ id: otherCo.id, name: 'Other Co', count: 2 }]);

    const byBrand = await http().get('/api/products').query({ brand: safeCo.id }).expect(200);
    expect(titles(byBrand.body)).toEqual(['Fire Marshal Essentials', 'Manual Handling Training DVD']);
    const byKind = await http().get('/api/products').query({ kind: 'online_access' }).expect(200);
    expect(titles(byKind.body)).toEqual(['COSHH Awareness Online', 'Manual Handling Training DVD']);
    // An inactive option does not make its product count as that kind.
    const downloads = await http().get('/api/products').query({ kind: 'download' }).expect(200);
    expect(downloads.body.meta.total).toBe(0);
  });

  it('searches with relevance order: title above description, typos tolerated', async () => {
    const res = await http().get('/api/products').query({ search: 'manual' }).expect(200);
    expect(res.body.meta.sort).toBe('relevance');
    // The title match ranks above the product that mentions "manual" only in its description; drafts never show.
    expect(titles(res.body)).toEqual(['Manual Handling Training DVD', 'Fire Marshal Essentials']);
    // Nothing matches the words as typed, so each is corrected to the nearest title word, and the answer says so.
    const typo = await http().get('/api/products').query({ search: 'manul handling' }).expect(200);
    expect(titles(typo.body)).toEqual(['Manual Handling Training DVD']);
    expect(typo.body.meta).toMatchObject({ search: 'manul handling', corrected_search: 'manual handling', total: 1 });
    const ladder = await http().get('/api/products').query({ search: 'ladr saftey' }).expect(200);
    expect(titles(ladder.body)).toEqual(['Ladder Safety Poster']);
    // A term that matches as typed is never "corrected".
    const exact = await http().get('/api/products').query({ search: 'handling' }).expect(200);
    expect(exact.body.meta.corrected_search).toBeNull();
    const none = await http().get('/api/products').query({ search: 'xylophone quartet' }).expect(200);
    expect(none.body).toMatchObject({ data: [], meta: { total: 0, last_page: 1, corrected_search: null } });
  });

  it('plans a search\'s summary once per connection: one function, one generic plan', async () => {
    // Planning the summary on every request was a quarter of a broad term's database CPU and most of a no-match
    // term's (ADR 0069). PL/pgSQL keeps its statement's plan; left to choose, it replans while a custom plan looks
    // cheaper than the generic one, which for this statement is always.
    const [fn] = await shop.sql<{ config: string[] | null }>(
      `select proconfig as config from pg_proc where proname = 'catalogue_search_summary'`,
    );
    expect(fn?.config).toEqual(['plan_cache_mode=force_generic_plan']);
    const [row] = await shop.sql<{ total: number }>(`select total from catalogue_search_summary('manual', null, null, null, 0, 24)`);
    expect(row?.total).toBe(2);
  });

  it('counts the facets of a search without their own filter and pages from the title matches to the rest', async () => {
    const search = async (query: Record<string, unknown>) => (await http().get('/api/products').query({ search: 'manual', ...query }).expect(200)).body;
    const facets = {
      categories: [{ id: dvds.id, slug: 'training-dvds', name: 'Training DVDs', count: 2 }],
      brands: [{ id: safeCo.id, name: 'SafeCo Films', count: 2 }],
      kinds: [{ id: 'online_access', name: 'online_access', count: 1 }, { id: 'physical', name: 'physical', count: 2 }],
    };
    expect((await search({})).facets).toEqual(facets);
    const online = await search({ kind: 'online_access' });
    expect(titles(online)).toEqual(['Manual Handling Training DVD']);
    expect(online.facets).toEqual({
      categories: [{ ...facets.categories[0], count: 1 }], brands: [{ ...facets.brands[0], count: 1 }], kinds: facets.kinds,
    });
    // Nothing of that brand matches, yet the brand facet still offers the brand that does.
    const other = await search({ brand: otherCo.id });
    expect(other).toMatchObject({ data: [], meta: { total: 0, corrected_search: null }, facets: { categories: [], brands: facets.brands, kinds: [] } });
    expect(titles(await search({ category: 'training-dvds', per_page: 1, page: 1 }))).toEqual(['Manual Handling Training DVD']);
    expect(titles(await search({ category: 'training-dvds', per_page: 1, page: 2 }))).toEqual(['Fire Marshal Essentials']);
    expect(await search({ per_page: 1, page: 3 })).toMatchObject({ data: [], meta: { total: 2, last_page: 2 } });
    expect(titles(await search({ sort: '-title' }))).toEqual(['Manual Handling Training DVD', 'Fire Marshal Essentials']);
  });

  it('keeps search in step with the catalogue: status, categories and options', async () => {
    // Results are cached for 30 s per query (ADR 0015): each read asks for a page size not asked before, so it
    // reaches the database, which is what this test is about (the search table's triggers).
    let perPage = 50;
    const search = async () => (await http().get('/api/products').query({ search: 'manual', per_page: perPage-- }).expect(200)).body;
    await shop.sql(`update products set status = 'draft' where id = ?`, [manual.id]);
    await shop.sql('insert into product_categories (category_id, product_id) values (?, ?)', [posters.id, fire.id]);
    await shop.sql('update product_options set active = false where product_id = ?', [fire.id]);
    try {
      const changed = await search();
      expect(titles(changed)).toEqual(['Fire Marshal Essentials']);
      expect(changed.facets.categories.map((c: { slug: string; count: number }) => [c.slug, c.count])).toEqual([['training-dvds', 1], ['posters', 1]]);
      expect(changed.facets.kinds).toEqual([]);
    } finally {
      await shop.sql(`update products set status = 'published' where id = ?`, [manual.id]);
      await shop.sql('delete from product_categories where category_id = ? and product_id = ?', [posters.id, fire.id]);
      await shop.sql('update product_options set active = true where product_id = ?', [fire.id]);
    }
    expect(titles(await search())).toEqual(['Manual Handling Training DVD', 'Fire Marshal Essentials']);
    expect((await search()).facets.kinds).toEqual([{ id: 'online_access', name: 'online_access', count: 1 }, { id: 'physical', name: 'physical', count: 2 }]);
  });

  it('keeps a list\'s total and facets in step with the catalogue: status, brand, categories, options, deletion', async () => {
    // Lists count from product_facet_counts, kept by triggers (ADR 0053); each read asks for a page size not
    // asked before, so it reaches the database rather than the 30 s list cache.
    let perPage = 90;
    const list = async (query: Record<string, string | number> = {}) =>
      (await http().get('/api/products').query({ ...query, per_page: perPage-- }).expect(200)).body;
    const counted = (facets: Array<{ id: number | string; count: number }>) => facets.map((f) => [f.id, f.count]);
    const extra = await createProduct(shop.sql, {
      title: 'Asbestos Awareness Poster', brandId: safeCo.id, categoryIds: [posters.id], options: [{ price: 900, kind: 'download' }],
    });
    expect((await list({ category: 'posters' })).meta.total).toBe(3);
    await shop.sql(`update products set status = 'draft' where id = ?`, [manual.id]);
    await shop.sql('update products set brand_id = ? where id = ?', [otherCo.id, fire.id]);
    await shop.sql('insert into product_categories (category_id, product_id) values (?, ?)', [posters.id, fire.id]);
    await shop.sql('update product_options set active = false where product_id = ?', [online.id]);
    await shop.sql('delete from products where id = ?', [extra.id]);
    try {
      const all = await list();
      expect(all.meta.total).toBe(3);
      expect(counted(all.facets.categories)).toEqual([[dvds.id, 2], [posters.id, 3]]);
      expect(counted(all.facets.brands)).toEqual([[otherCo.id, 3]]);
      expect(counted(all.facets.kinds)).toEqual([['physical', 2]]);
      const posterList = await list({ category: 'posters', kind: 'physical' });
      expect(posterList.meta).toMatchObject({ total: 2, last_page: 1 });
      expect(titles(posterList).sort()).toEqual(['Fire Marshal Essentials', 'Ladder Safety Poster']);
      expect(counted(posterList.facets.categories)).toEqual([[dvds.id, 1], [posters.id, 2]]);
      expect(counted(posterList.facets.kinds)).toEqual([['physical', 2]]);
    } finally {
      await shop.sql(`update products set status = 'published' where id = ?`, [manual.id]);
      await shop.sql('update products set brand_id = ? where id = ?', [safeCo.id, fire.id]);
      await shop.sql('delete from product_categories where category_id = ? and product_id = ?', [posters.id, fire.id]);
      await shop.sql('update product_options set active = true where product_id = ? and kind = ?', [online.id, 'online_access']);
    }
    const restored = await list();
    expect(restored.meta.total).toBe(4);
    expect(counted(restored.facets.categories)).toEqual([[dvds.id, 3], [posters.id, 2]]);
    expect(counted(restored.facets.brands).sort()).toEqual([[safeCo.id, 2], [otherCo.id, 2]].sort());
    expect(counted(restored.facets.kinds)).toEqual([['online_access', 2], ['physical', 3]]);
  });

  it('lists a category the same whether its page is walked from the newest or read from its members', async () => {
    // With one product a page, the first two pages of Training DVDs (3 of the 4 products) are walked and the
    // third read from the members (size² > (offset + limit) × catalogue decides; ADR 0053).
    const whole = titles((await http().get('/api/products').query({ category: 'training-dvds', per_page: 24 }).expect(200)).body);
    expect(whole).toEqual(['COSHH Awareness Online', 'Fire Marshal Essentials', 'Manual Handling Training DVD']);
    const onePerPage = [];
    for (const page of [1, 2, 3]) {
      const res = await http().get('/api/products').query({ category: 'training-dvds', per_page: 1, page }).expect(200);
      expect(res.body.meta).toMatchObject({ total: 3, last_page: 3 });
      onePerPage.push(...titles(res.body));
    }
    expect(onePerPage).toEqual(whole);
    const byPrice = titles((await http().get('/api/products').query({ category: 'training-dvds', per_page: 1, sort: '-price' }).expect(200)).body);
    expect(byPrice).toEqual(['Fire Marshal Essentials']);
  });

  it('sorts by price and title on request', async () => {
    const cheap = await http().get('/api/products').query({ sort: 'price' }).expect(200);
    expect(titles(cheap.body)).toEqual(['Ladder Safety Poster', 'COSHH Awareness Online', 'Manual Handling Training DVD', 'Fire Marshal Essentials']);
    const za = await http().get('/api/products').query({ sort: '-title' }).expect(200);
    expect(titles(za.body)).toEqual(['Manual Handling Training DVD', 'Ladder Safety Poster', 'Fire Marshal Essentials', 'COSHH Awareness Online']);
  });

  it('pages stably and reports the total past the last page', async () => {
    const first = await http().get('/api/products').query({ per_page: 3, page: 1 }).expect(200);
    const second = await http().get('/api/products').query({ per_page: 3, page: 2 }).expect(200);
    expect(first.body.meta).toMatchObject({ total: 4, last_page: 2, per_page: 3 });
    expect([...titles(first.body), ...titles(second.body)]).toHaveLength(4);
    const beyond = await http().get('/api/products').query({ per_page: 3, page: 9 }).expect(200);
    expect(beyond.body).toMatchObject({ data: [], meta: { total: 4, page: 9 } });
  });

  it.each([
    [{ per_page: 101 }, 'per_page'],
    [{ per_page: 0 }, 'per_page'],
    [{ page: 'two' }, 'page'],
    [{ page: -1 }, 'page'],
    [{ sort: 'price; drop table products' }, 'sort'],
    [{ kind: 'vinyl' }, 'kind'],
    [{ brand: 'abc' }, 'brand'],
    [{ category: 'no-such-category' }, 'category'],
    [{ search: 'x'.repeat(201) }, 'search'],
  ])('answers %j with 422 naming %s', async (query, field) => {
    const res = await http().get('/api/products').query(query).expect(422);
    expect(res.body.errors).toHaveProperty(field);
  });

  it('does not break on search syntax', async () => {
    for (const search of ['"unclosed', 'a & | !', '-', "o'reilly", '%_\\']) {
      await http().get('/api/products').query({ search }).expect(200);
    }
  });

  it('shows a product by slug or id with its options, prices inc VAT, stock and related products', async () => {
    const bySlug = await http().get(`/api/products/${manual.slug}`).expect(200);
    const byId = await http().get(`/api/products/${manual.id}`).expect(200);
    expect(byId.body.id).toBe(bySlug.body.id);
    // The cached detail's JSON bytes (replyJsonOnce), typed and measured as JSON like the list.
    expect(bySlug.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(bySlug.headers['content-length'])).toBe(Buffer.byteLength(bySlug.text));
    expect(bySlug.body).toMatchObject({
      title: 'Manual Handling Training DVD',
      brand: { id: safeCo.id, name: 'SafeCo Films' },
      categories: [{ id: dvds.id, slug: 'training-dvds', name: 'Training DVDs' }],
      options: [
        { id: manual.optionIds[0], name: 'DVD', price: 19_500, price_inc_vat: 23_400, weight: 250, qty: 3, kind: 'physical', in_stock: true },
        { id: manual.optionIds[1], name: 'Online licence', price: 9_900, qty: null, kind: 'online_access', in_stock: true },
      ],
    });
    expect(bySlug.body.related.map((p: { id: number }) => p.id).sort()).toEqual([fire.id, online.id].sort());
    const fireRes = await http().get(`/api/products/${fire.slug}`).expect(200);
    expect(fireRes.body.options[0]).toMatchObject({ qty: 0, in_stock: false });
  });

  it('hides drafts and inactive options (404)', async () => {
    await http().get(`/api/products/${draft.slug}`).expect(404);
    await http().get(`/api/products/${draft.id}`).expect(404);
    await http().get(`/api/options/${draft.optionIds[0]}`).expect(404);
    await http().get(`/api/options/${online.optionIds[1]}`).expect(404);
    await http().get('/api/products/no-such-product').expect(404);
    await http().get('/api/options/abc').expect(404);
    await http().get('/api/options/99999999999').expect(404);
  });

  it('answers the seed option call with at least {id, qty, price, weight}', async () => {
    const res = await http().get(`/api/options/${poster.optionIds[0]}`).expect(200);
    expect(res.body).toMatchObject({ id: poster.optionIds[0], qty: null, price: 1_250, weight: 80, product_id: poster.id });
    const stocked = await http().get(`/api/options/${manual.optionIds[0]}`).expect(200);
    expect(stocked.body.qty).toBe(3);
  });

  it('lists categories with published counts and brands, and one category by slug or id', async () => {
    const categories = await http().get('/api/categories').expect(200);
    expect(categories.body).toEqual([
      { id: dvds.id, slug: 'training-dvds', name: 'Training DVDs', description: '', product_count: 3 },
      { id: posters.id, slug: 'posters', name: 'Posters', description: '', product_count: 2 },
    ]);
    await http().get(`/api/categories/${dvds.id}`).expect(200).expect((res) => expect(res.body.slug).toBe('training-dvds'));
    await http().get('/api/categories/posters').expect(200).expect((res) => expect(res.body.id).toBe(posters.id));
    await http().get('/api/categories/nothing').expect(404);
    const brands = await http().get('/api/brands').expect(200);
    expect(brands.body.map((b: { name: string }) => b.name)).toEqual(['Other Co', 'SafeCo Films']);
    expect(brands.body[0]).toEqual({ id: otherCo.id, name: 'Other Co', logo_url: null, website: null });
  });

  it('puts category pages and published products, not drafts, in /sitemap.xml', async () => {
    const res = await http().get('/sitemap.xml').expect(200);
    const locs = [...res.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(locs).toEqual(expect.arrayContaining(['/category', '/category/training-dvds', '/category/posters', `/products/${manual.slug}`, `/products/${poster.slug}`]));
    expect(locs).not.toContain(`/products/${draft.slug}`);
    expect(res.text).toMatch(new RegExp(`/products/${manual.slug}</loc><lastmod>\\d{4}-`));
  });

  it('caches category counts and facets, yet shows an admin change through the API at once', async () => {
    await http().get('/api/categories').expect(200);
    await http().get('/api/products').query({ category: 'posters' }).expect(200);
    // Behind the API's back the cache hides a change for up to 30 s…
    const [hidden] = await shop.sql<{ id: number }>("insert into categories (slug, name, sort_order) values ('hidden-change', 'Hidden', 9) returning id");
    const stale = await http().get('/api/categories').expect(200);
    expect(stale.body.map((c: { slug: string }) => c.slug)).not.toContain('hidden-change');
    // …but a change through the admin API clears it in this process.
    const login = await http().post('/api/login').set('X-Forwarded-For', nextIp())
      .send({ email: 'admin@example.com', password: 'demo-admin-password' }).expect(200);
    await http().post('/api/admin/categories').set('Authorization', `Bearer ${login.body.token as string}`)
      .send({ slug: 'first-aid', name: 'First Aid' }).expect(201);
    const fresh = await http().get('/api/categories').expect(200);
    expect(fresh.body.map((c: { slug: string }) => c.slug)).toEqual(expect.arrayContaining(['hidden-change', 'first-aid']));
    await shop.sql('delete from categories where id = ?', [hidden!.id]);
  });

  it('caches product pages and list pages, yet shows a price change through the admin API at once', async () => {
    const before = await http().get(`/api/products/${poster.slug}`).expect(200);
    expect(before.body.options[0].price).toBe(1_250);
    await http().get('/api/products').query({ category: 'posters' }).expect(200);
    // Behind the API's back the cached product page and list keep the old price…
    await shop.sql('update product_options set price = 1300 where id = ?', [poster.optionIds[0]!]);
    expect((await http().get(`/api/products/${poster.slug}`).expect(200)).body.options[0].price).toBe(1_250);
    const staleList = await http().get('/api/products').query({ category: 'posters' }).expect(200);
    expect(staleList.body.data.find((card: { id: number }) => card.id === poster.id).price_from).toBe(1_250);
    // …the option endpoint the basket reads is never cached…
    expect((await http().get(`/api/options/${poster.optionIds[0]!}`).expect(200)).body.price).toBe(1_300);
    // …and a change through the admin API clears the caches in this process.
    const login = await http().post('/api/login').set('X-Forwarded-For', nextIp())
      .send({ email: 'admin@example.com', password: 'demo-admin-password' }).expect(200);
    await http().put(`/api/admin/products/${poster.id}/options/${poster.optionIds[0]!}`)
      .set('Authorization', `Bearer ${login.body.token as string}`).send({ price: 1_350 }).expect(200);
    expect((await http().get(`/api/products/${poster.slug}`).expect(200)).body.options[0].price).toBe(1_350);
    const freshList = await http().get('/api/products').query({ category: 'posters' }).expect(200);
    expect(freshList.body.data.find((card: { id: number }) => card.id === poster.id).price_from).toBe(1_350);
    await shop.sql('update product_options set price = 1250 where id = ?', [poster.optionIds[0]!]);
    await http().put(`/api/admin/products/${poster.id}/options/${poster.optionIds[0]!}`)
      .set('Authorization', `Bearer ${login.body.token as string}`).send({ price: 1_250 }).expect(200);
  });
});
