import { MikroORM, RequestContext } from '@mikro-orm/core';
import request from 'supertest';
import { CATALOGUE_READS, type CatalogueReads } from '../../src/modules/catalogue/application/ports/catalogue-reads.port.js';
import { CatalogueSeeder, type DemoCatalogueCounts } from '../../src/modules/catalogue/index.js';
import { runShop } from '../support/server-process.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { createTestDatabase, databaseKind, type TestDatabase } from '../support/test-database.js';

interface Card {
  id: number;
  slug: string;
  title: string;
  price_from: number | null;
  image: { url: string } | null;
  kinds: string[];
}

const SIX = ['training-dvds', 'online-training', 'posters', 'powerpoint', 'risk-assessments', 'training-courses'];

/** The demo catalogue of `make start`, seeded into a fresh database and read back through the public API. */
describe(`demo catalogue (${databaseKind})`, () => {
  let shop: TestApp;
  const http = () => request(shop.app.getHttpServer());
  const seedAgain = () => RequestContext.create(shop.app.get(MikroORM).em, () => shop.app.get(CatalogueSeeder).seedDemo());
  const counts = async () => (await shop.sql<Record<string, number>>(
    `select (select count(*)::int from products) as products, (select count(*)::int from product_options) as options,
            (select count(*)::int from product_images) as images, (select count(*)::int from product_files) as files,
            (select count(*)::int from brands) as brands, (select count(*)::int from categories) as categories`,
  ))[0]!;

  beforeAll(async () => {
    shop = await startTestApp({}, { demoCatalogue: true });
  });
  afterAll(() => shop.close());

  it('has the six categories in order, each with published products', async () => {
    const res = await http().get('/api/categories').expect(200);
    const categories = res.body as Array<{ slug: string; name: string; product_count: number }>;
    expect(categories.map((c) => c.slug)).toEqual(SIX);
    expect(categories.map((c) => c.name)).toEqual(['Training DVDs', 'Online Training', 'Posters', 'PowerPoint Packs', 'Risk Assessments', 'Training Courses']);
    for (const category of categories) expect(category.product_count).toBeGreaterThanOrEqual(6);
  });

  it('publishes at least 60 products with options of every kind, and hides the drafts', async () => {
    const res = await http().get('/api/products?per_page=100').expect(200);
    expect(res.body.meta.total).toBeGreaterThanOrEqual(60);
    expect((res.body.facets.kinds as Array<{ id: string }>).map((k) => k.id)).toEqual(['course', 'download', 'online_access', 'physical']);
    const cards = res.body.data as Card[];
    for (const card of cards) {
      expect(card.price_from).toBeGreaterThan(0);
      expect(card.image?.url).toMatch(/^\/media\/products\/\d+\/[A-Za-z0-9_-]+\.webp$/);
    }
    await http().get('/api/products/cdm-2015-explained').expect(404);
    const [drafts] = await shop.sql<{ count: number }>(`select count(*)::int as count from products where status = 'draft'`);
    expect(drafts!.count).toBe(3);
    const featured = await http().get('/api/products?per_page=100').expect(200);
    expect((featured.body.data as Array<{ featured: boolean }>).filter((p) => p.featured)).toHaveLength(8);
  });

  it('gives a film its DVD stock and unlimited online licences, hides a withdrawn option, and keeps price_from on the lowest active price', async () => {
    const film = (await http().get('/api/products/display-screen-equipment-comfortable-and-healthy').expect(200)).body;
    expect(film.categories.map((c: { slug: string }) => c.slug)).toEqual(['training-dvds', 'online-training']);
    expect(film.language).toBe('English');
    expect(film.running_time).toBe(16);
    expect(film.has_preview).toBe(true);
    const options = film.options as Array<{ name: string; kind: string; qty: number | null; weight: number; price: number }>;
    expect(options.map((o) => [o.name, o.kind])).toEqual([
      ['DVD', 'physical'], ['Online licence — 1 user', 'online_access'], ['Online licence — 10 users', 'online_access'],
    ]);
    expect(options[0]!.weight).toBeGreaterThan(0);
    expect(options[0]!.qty).toBeGreaterThan(0);
    expect(options.slice(1).map((o) => o.qty)).toEqual([null, null]);
    expect(film.price_from).toBe(Math.min(...options.map((o) => o.price)));
    expect(film.images).toHaveLength(3);
    expect(film.description).toContain('<h3>What it covers</h3>');
  });

  it('has one DVD out of stock, and courses sold by the place', async () => {
    const film = (await http().get('/api/products/slips-trips-and-falls-watch-your-step').expect(200)).body;
    const dvd = (await http().get(`/api/options/${film.options[0].id}`).expect(200)).body;
    expect(dvd).toMatchObject({ qty: 0, in_stock: false, kind: 'physical' });

    const course = (await http().get('/api/products/emergency-first-aid-at-work-1-day').expect(200)).body;
    expect(course.options.map((o: { kind: string }) => o.kind)).toEqual(['course', 'course']);
    expect(course.options[0].qty).toBeGreaterThan(0);
  });

  it('sells PowerPoint packs and risk assessments as downloads that unlock a private file', async () => {
    const rows = await shop.sql<{ kind: string; file_id: number | null; storage_key: string; content_type: string; size: number }>(
      `select o.kind, o.file_id, f.storage_key, f.content_type, f.size from product_options o
       left join product_files f on f.id = o.file_id where o.kind = 'download'`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(18);
    for (const row of rows) {
      expect(row.file_id).not.toBeNull();
      expect(row.storage_key).toMatch(/^private\/products\/\d+\/files\/[A-Za-z0-9_-]+\.(pdf|zip)$/);
      expect(row.size).toBeLessThan(10_000);
      // A private file has no public address: the same path under /media/ is looked up under public/.
      await http().get(`/media/${row.storage_key.slice('private/'.length)}`).expect(404);
    }
    expect(new Set(rows.map((r) => r.content_type))).toEqual(new Set(['application/pdf', 'application/zip']));
  });

  it('serves product pictures and brand logos at their /media URLs as WebP', async () => {
    const product = (await http().get('/api/products/manual-handling-lift-it-right').expect(200)).body;
    expect(product.images.length).toBe(3);
    const picture = await http().get(product.images[0].url).buffer(true).expect(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    const bytes = picture.body as Buffer;
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(product.images[0]).toMatchObject({ width: 800, height: 600 });
    expect(product.images[0].alt).toContain('Manual Handling: Lift It Right');

    const brands = (await http().get('/api/brands').expect(200)).body as Array<{ name: string; logo_url: string | null }>;
    expect(brands.map((b) => b.name)).toHaveLength(6);
    for (const brand of brands) {
      expect(brand.logo_url).toMatch(/^\/media\/brands\/[A-Za-z0-9_-]+\.webp$/);
      const logo = await http().get(brand.logo_url!).expect(200);
      expect(logo.headers['content-type']).toBe('image/webp');
    }
  });

  it('has preview videos on about twenty products, as https embeds', async () => {
    const videos = await shop.sql<{ url: string }>('select url from product_videos');
    expect(videos.length).toBeGreaterThanOrEqual(18);
    for (const video of videos) expect(video.url).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\//);
  });

  it('finds demo products by search, typos included', async () => {
    const res = await http().get('/api/products?search=manul%20handling').expect(200);
    expect((res.body.data as Card[]).map((c) => c.title)).toContain('Manual Handling: Lift It Right');
  });

  it('adds nothing when seeded a second time', async () => {
    const before = await counts();
    const again: DemoCatalogueCounts = await seedAgain();
    expect(again).toEqual({ categories: 0, brands: 0, products: 0, keptProducts: 68, options: 0, images: 0, videos: 0, files: 0 });
    expect(await counts()).toEqual(before);
  });
});

/** `shop catalogue:generate`, run as operators run it, against a database of its own. */
describe(`catalogue:generate (${databaseKind})`, () => {
  let database: TestDatabase;
  const shopCli = (...args: string[]) => runShop(args, database.env);

  /** Boots the app on the generated database, runs `read`, and closes it again (PGlite allows one process). */
  async function inspect<T>(read: (app: TestApp) => Promise<T>): Promise<T> {
    const app = await startTestApp({}, { database });
    try {
      return await read(app);
    } finally {
      await app.close();
    }
  }
  const titles = () => inspect((app) => app.sql<{ code: string; title: string }>('select code, title from products order by code'));

  beforeAll(async () => {
    database = await createTestDatabase();
    expect(shopCli('db:migrate').status).toBe(0);
  });
  afterAll(() => database.drop());

  it.each([['0'], ['-1'], ['abc'], ['1000001'], ['1.5'], ['']])('refuses --products %p with a clear message', (value) => {
    const run = shopCli('catalogue:generate', `--products=${value}`);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('It must be a whole number from 1 to 1,000,000.');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('refuses a missing --products and a bad --categories', () => {
    expect(shopCli('catalogue:generate').stderr).toContain("required option '--products <count>' not specified");
    const categories = shopCli('catalogue:generate', '--products', '10', '--categories', '5');
    expect(categories.status).toBe(1);
    expect(categories.stderr).toContain('It must be a whole number from 6 to 1,000.');
  });

  let first: Array<{ code: string; title: string }>;

  it('generates N products in the six categories and more, with 1–3 options each and price_from kept', async () => {
    const run = shopCli('catalogue:generate', '--products', '500', '--seed', '7');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/Generated 500 products \([\d,]+ options, [\d,]+ category links\) in 200 categories with 12 brands in [\d.]+ s \(seed 7\)\./);

    first = await inspect(async (app) => {
      const http = request(app.app.getHttpServer());
      const [stats] = await app.sql<Record<string, number>>(
        `select (select count(*)::int from products) as products,
                (select count(*)::int from categories) as categories,
                (select count(*)::int from products where status = 'draft') as drafts,
                (select count(*)::int from products p where p.price_from is distinct from
                   (select min(price) from product_options o where o.product_id = p.id and o.active)) as wrong_price,
                (select count(*)::int from products p where (select count(*) from product_options o where o.product_id = p.id) not between 1 and 3) as wrong_options,
                (select count(*)::int from products p where not exists (select 1 from product_categories pc where pc.product_id = p.id)) as unlinked,
                (select count(distinct kind)::int from product_options) as kinds`,
      );
      expect(stats).toEqual({ products: 500, categories: 200, drafts: expect.any(Number), wrong_price: 0, wrong_options: 0, unlinked: 0, kinds: 4 });
      expect(stats!.drafts).toBeLessThan(25);

      // product_search, kept by triggers through the generator's bulk statements, equals a recomputation.
      const [search] = await app.sql<Record<string, number>>(
        `with fresh as (
           select p.id, p.brand_id, p.search_document,
             coalesce((select array_agg(pc.category_id order by pc.category_id) from product_categories pc where pc.product_id = p.id), '{}') as category_ids,
             (select coalesce(bit_or(case o.kind when 'physical' then 1 when 'download' then 2 when 'online_access' then 4 else 8 end), 0)
              from product_options o where o.product_id = p.id and o.active) as kinds
           from products p where p.status = 'published')
         select count(*) filter (where s.product_id is null)::int as missing, count(*) filter (where f.id is null)::int as extra,
           count(*) filter (where s.brand_id is distinct from f.brand_id or cs.category_ids <> f.category_ids or s.kinds <> f.kinds
             or s.document <> f.search_document)::int as different
         from fresh f full join product_search s on s.product_id = f.id left join product_category_sets cs on cs.id = s.category_set_id`,
      );
      expect(search).toEqual({ missing: 0, extra: 0, different: 0 });

      // A page walked from the newest products is exactly the page the GIN index ranks (ADR 0014, "Search at
      // 100k"). The walk needs the planner's row count, and is worth it only for broad terms and small pages here.
      await app.sql('analyze product_search');
      const reads = app.app.get<CatalogueReads>(CATALOGUE_READS);
      const [common] = await app.sql<{ category_id: number; brand_id: number }>(
        `select (select category_id from product_categories group by 1 order by count(*) desc, 1 limit 1) as category_id,
                (select brand_id from products group by 1 order by count(*) desc, 1 limit 1) as brand_id`,
      );
      // The walked page's option kinds come from product_search's bits (ADR 0069), the ranked page's from the options:
      // of the newest title matches of "safety", one loses all its active options and one (with two kinds) one
      // kind, and both pages must follow.
      const newest = await app.sql<{ product_id: number; kinds: number }>(
        `select s.product_id, (select count(distinct o.kind)::int from product_options o where o.product_id = s.product_id and o.active) as kinds
         from product_search s where s.document @@ to_tsquery('english', 'safety:A') order by s.product_id desc limit 3`,
      );
      const twoKinds = newest.find((row) => row.kinds >= 2)!;
      const none = newest.find((row) => row !== twoKinds)!;
      expect(twoKinds).toBeDefined();
      await app.sql('update product_options set active = false where product_id = ?', [none.product_id]);
      await app.sql(
        `update product_options set active = false
         where product_id = ? and kind = (select min(kind) from product_options where product_id = ? and active)`,
        [twoKinds.product_id, twoKinds.product_id],
      );
      const cards = (await reads.searchSummary({ search: 'safety' }, { offset: 0, limit: 3 })).page ?? [];
      expect(cards.map((card) => card.id)).toEqual(newest.map((row) => row.product_id));
      expect(cards.find((card) => card.id === none.product_id)!.kinds).toBeNull();
      expect(cards.find((card) => card.id === twoKinds.product_id)!.kinds).toHaveLength(twoKinds.kinds - 1);
      expect(cards).toEqual(await reads.searchPage({ search: 'safety' }, 0, 3));
      const filters = [{}, { kind: 'physical' as const }, { categoryId: common!.category_id }, { brandId: common!.brand_id }];
      let walked = 0;
      for (const term of ['fire', 'safety', 'training', 'poster -fire', 'online or dvd']) {
        for (const filter of filters) {
          for (const [offset, limit] of [[0, 1], [1, 1], [0, 2], [0, 3], [0, 10]] as const) {
            const summary = await reads.searchSummary({ search: term, ...filter }, { offset, limit });
            const ranked = await reads.searchPage({ search: term, ...filter }, offset, limit);
            expect(ranked).toHaveLength(Math.max(0, Math.min(limit, summary.total - offset)));
            if (summary.page?.length !== limit) continue;
            walked++;
            expect(summary.page).toEqual(ranked);
          }
        }
      }
      expect(walked).toBeGreaterThan(5);

      const total = (await http.get('/api/products?per_page=1').expect(200)).body.meta.total as number;
      const share = async (term: string) => (await http.get(`/api/products?per_page=1&search=${encodeURIComponent(term)}`).expect(200)).body.meta.total / total;
      expect(await share('zyzzyva')).toBe(0);
      expect(await share('manual handling')).toBeGreaterThan(0.01);
      expect(await share('manual handling')).toBeLessThan(0.1);
      expect(await share('fire')).toBeGreaterThan(0.05);
      expect(await share('ladder')).toBeGreaterThan(0.01);
      return app.sql<{ code: string; title: string }>('select code, title from products order by code');
    });
    expect(first).toHaveLength(500);
  });

  it('refuses to add to a catalogue that has products, unless told to replace it', () => {
    const refused = shopCli('catalogue:generate', '--products', '10');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('The catalogue already has 500 product(s). Add --yes to replace it');
  });

  it('gives the same titles for the same seed, and others for another seed', async () => {
    const same = shopCli('catalogue:generate', '--products', '500', '--seed', '7', '--categories', '20', '--yes');
    expect(same.status).toBe(0);
    expect(same.stdout).toContain('Deleted the existing catalogue of 500 product(s).');
    expect(same.stdout).toContain('in 20 categories');
    expect(await titles()).toEqual(first);

    expect(shopCli('catalogue:generate', '--products', '500', '--seed', '8', '--yes').status).toBe(0);
    const other = await titles();
    expect(other).toHaveLength(500);
    expect(other.filter((row, i) => row.title === first[i]!.title).length).toBeLessThan(100);
  });
});
