// The baselines, in one bare Fastify process (no Nest, no logging, no middleware):
//   GET /json                      a small JSON answer: what Fastify itself costs
//   GET /static                    the client entry script, from memory
//   GET /pg/products?category|search  the shop's statements of GET /api/products through a raw `pg` pool
//   GET /pg/product/:slug          the statement of GET /api/products/{slug} (SqlCatalogueReads.productPage)
//   GET /pg/options/:id            the statement of GET /api/options/{id} (SqlCatalogueReads.findPublicOption)
//   GET /react/:route              a bare React render of a captured page (home, category, search, product)
//   POST /pg/learn/:id/progress    LearningService.report's statements (the training stores' own) through the pool
//   GET /pg/records?customer=      RecordsService.page (the API's default page) over the training records store, through the pool
//   GET /react-pg/:route           the route's statements (as /pg/…), then the render: a page that missed the caches
// Started by scripts/bench/bench.mjs; see docs/adr/0013-benchmarks.md.
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { pageEntries, pageRenderer } from './lib/react-baseline.mjs';
import { ROOT } from './lib/settings.mjs';
import { namedFacets, numbered, pgReads, searchProducts } from './lib/shop-sql.mjs';
import { assessmentOpen, creditReport, RECORDS_LIST_LIMIT, trainingReads } from './lib/training-sql.mjs';

// A statement MikroORM writes rather than the shop, as it writes it (`node scripts/bench/queries-per-request.mjs
// --sql` shows it): `em.findOne(Category, {slug})`, which stands in for the shop's lookup of a category in its
// cached list: a baseline caches nothing.
const FIND_CATEGORY = 'select "c0".* from "categories" as "c0" where "c0"."slug" = ? limit 1';

// The shop's pool is MikroORM's `pool: {min: 0, max: 10}`: the same size here.
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });
const fixtures = JSON.parse(readFileSync(process.env.BASELINE_FIXTURES, 'utf8'));

app.get('/json', async () => ({ status: 'ok' }));

const staticFile = readFileSync(path.join(ROOT, 'dist/web/client', fixtures.staticFile));
app.get('/static', (_request, reply) => {
  void reply.header('content-type', 'text/javascript; charset=utf-8').header('cache-control', 'public, max-age=31536000, immutable');
  return reply.send(staticFile);
});

// Copied from src/shared/money.ts and product-browse.service.ts (toCard, toOptionView, toDetail): the same JSON work.
const vatOn = (pence) => Math.floor((pence * 20 + 50) / 100);
const mediaUrl = (key) => `/media/${key.slice('public/'.length)}`;
const toCard = (row) => ({
  id: row.id, slug: row.slug, title: row.title, code: row.code, summary: row.summary,
  brand: row.brand_id === null || row.brand_name === null ? null : { id: row.brand_id, name: row.brand_name },
  price_from: row.price_from,
  price_from_inc_vat: row.price_from === null ? null : row.price_from + vatOn(row.price_from),
  image: row.image_key === null ? null : { url: mediaUrl(row.image_key), alt: row.image_alt ?? '', width: row.image_width, height: row.image_height },
  kinds: row.kinds ?? [],
  featured: row.featured,
});

const query = async ({ text, values }) => (await pool.query(text, values)).rows;
/** The shop's SqlCatalogueReads, its statements sent through the pool. */
const reads = pgReads(pool);

// Facet counts come by id; the shop names and orders them from its cached category and brand lists
// (ProductBrowseService.nameFacets). Read once here: the bench does not change the catalogue.
let facetLists;
const namesFor = () => (facetLists ??= Promise.all([
  query({ text: 'select id, slug, name from categories order by sort_order, name', values: [] }),
  query({ text: 'select id, name from brands order by sort_order, name', values: [] }),
]));

/**
 * ProductBrowseService.listProducts without its caches: the shop's statements, one after another as it sends them.
 * A search is the shop's own searchProducts (the summary; the correction when nothing matched; the ranked page
 * when the walk did not fill it), a list without one its listSummary (page, total and facets in one
 * statement); both name their facets with namedFacets. Only the choice between the two is mirrored here.
 */
async function listProducts(search, categoryId, brandId, page) {
  const filter = { search, categoryId, brandId };
  const offset = (page - 1) * 24;
  if (!search) {
    const { rows, total, counts } = await reads.listSummary(filter, 'newest', offset, 24);
    return { rows, total, correctedSearch: null, facets: namedFacets(counts, ...(await namesFor())) };
  }
  const found = await searchProducts(reads, filter, 'relevance', offset, 24);
  return { ...found, facets: namedFacets(found.counts, ...(await namesFor())) };
}

/** `GET /api/products` for `?search=&category=&brand=&page=` (what the bench asks for), answered or 422. */
async function productList(requestQuery) {
  const search = requestQuery.search?.trim() || undefined;
  const page = Number(requestQuery.page ?? 1);
  const brandId = requestQuery.brand === undefined ? undefined : Number(requestQuery.brand);
  let categoryId;
  if (requestQuery.category) {
    const [category] = await query(numbered(FIND_CATEGORY, [requestQuery.category]));
    if (!category) return null;
    categoryId = category.id;
  }
  const { rows, total, correctedSearch, facets } = await listProducts(search, categoryId, brandId, page);
  return {
    data: rows.map(toCard),
    meta: {
      page, per_page: 24, total, last_page: Math.max(1, Math.ceil(total / 24)), sort: search ? 'relevance' : 'newest',
      search: search ?? null, corrected_search: correctedSearch,
    },
    facets,
  };
}

app.get('/pg/products', async (request, reply) => {
  const list = await productList(request.query);
  return list ?? reply.status(422).send({ errors: { category: ['No category has that slug or id.'] } });
});

/** `GET /api/products/{slug}`: the shop's one statement (SqlCatalogueReads.productPage) and the view of it. */
async function productDetail(slug) {
  const row = await reads.productPage(slug, 4);
  if (!row) return null;
  const images = row.images.map((image) => ({ url: mediaUrl(image.storage_key), alt: image.alt, width: image.width, height: image.height }));
  const priceFrom = row.options.length === 0 ? null : Math.min(...row.options.map((option) => option.price));
  return {
    id: row.id, slug: row.slug, title: row.title, code: row.code, summary: row.summary, description: row.description,
    brand: row.brand && { id: row.brand.id, name: row.brand.name, logo_url: row.brand.logo_key ? mediaUrl(row.brand.logo_key) : null, website: row.brand.website },
    price_from: priceFrom, price_from_inc_vat: priceFrom === null ? null : priceFrom + vatOn(priceFrom), image: images[0] ?? null,
    kinds: [...new Set(row.options.map((option) => option.kind))].sort(), featured: row.featured,
    running_time: row.running_time, year: row.year, language: row.language, accreditation: row.accreditation,
    categories: row.categories, images, videos: row.videos, has_preview: row.videos.some((video) => video.is_preview),
    options: row.options.map(toOptionView), related: row.related.map(toCard),
    created_at: new Date(row.created_at).toISOString(), updated_at: new Date(row.updated_at).toISOString(),
  };
}

app.get('/pg/product/:slug', async (request, reply) => {
  const product = await productDetail(request.params.slug);
  return product ?? reply.status(404).send({ message: 'Product not found' });
});

const toOptionView = (option) => ({
  id: option.id, product_id: option.product_id, name: option.name, code: option.code, price: option.price,
  price_inc_vat: option.price + vatOn(option.price), weight: option.weight, qty: option.qty, kind: option.kind,
  in_stock: option.qty === null || option.qty > 0,
});

app.get('/pg/options/:id', async (request, reply) => {
  const option = await reads.findPublicOption(Number(request.params.id));
  if (!option) return reply.status(404).send({ message: 'Option not found' });
  return toOptionView(option);
});

// The learner targets' baselines (lib/learners.mjs). The shop knows the user from the session; here it is given.
const training = trainingReads(pool);

/**
 * LearningService.report without Nest, the session or MikroORM (ADR 0056, 0060): the enrolment with its film's length,
 * the watched-time rule (the shop's compiled domain function) and the update if the row is unchanged, each statement
 * the training store's own, through the pool; a report that lost a race is credited again under the row lock.
 */
const credit = ({ enrolment, duration }, report, now) =>
  creditReport({ ranges: enrolment.watchedRanges, lastProgressAt: enrolment.lastProgressAt }, report, duration, now);
const toSave = (credited, at) => ({ position: credited.position, watchedSeconds: credited.watchedSeconds, ranges: credited.ranges, at });
const progressView = ({ enrolment, duration }, credited) => ({
  position: credited.position, watched_seconds: credited.watchedSeconds, duration, credited: credited.credited,
  assessment_open: enrolment.status === 'enrolled' && assessmentOpen(credited.watchedSeconds, duration),
});

app.post('/pg/learn/:id/progress', async (request, reply) => {
  const userId = Number(request.query.user);
  const enrolmentId = Number(request.params.id);
  const { position, watched_from: from, watched_to: to } = request.body;
  const now = new Date();
  const read = await training.learning.findForReport(userId, enrolmentId, false);
  if (!read) return reply.status(404).send({ message: 'Enrolment not found' });
  const credited = credit(read, { position, from, to }, now);
  if (await training.learning.saveProgressIfUnchanged(read.enrolment.id, read.version, toSave(credited, now))) return progressView(read, credited);
  const client = await pool.connect();
  try {
    await client.query('begin');
    const { learning } = trainingReads(client);
    const locked = await learning.findForReport(userId, enrolmentId, true);
    if (!locked) {
      await client.query('rollback');
      return reply.status(404).send({ message: 'Enrolment not found' });
    }
    const again = credit(locked, { position, from, to }, now);
    await learning.saveProgress(locked.enrolment.id, toSave(again, now));
    await client.query('commit');
    return progressView(locked, again);
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
});

// The API's default answer (page 1 of 2,000, ADR 0062) as its body; `list()` went with that record, and calling it
// answered 500 to every request (a fast baseline that measured nothing).
app.get('/pg/records', async (request) => (await training.records.page(Number(request.query.customer), null, 1, RECORDS_LIST_LIMIT)).data);

// Each route's captured page contexts, rendered in turn.
const entries = pageEntries(path.join(ROOT, 'dist/web/server'));
for (const [route, captured] of Object.entries(fixtures.pages)) {
  if (captured.length === 0) continue;
  const entry = entries.get(captured[0].pageId);
  if (!entry) throw new Error(`No built page ${captured[0].pageId} for the ${route} baseline`);
  const render = await pageRenderer(ROOT, entry);
  let next = 0;
  app.get(`/react/${route}`, (_request, reply) => {
    const page = captured[next++ % captured.length];
    void reply.header('content-type', 'text/html; charset=utf-8');
    return reply.send(render(page, fixtures.assetTags[route]));
  });
  // A page whose data missed the caches: the same statements as the JSON baseline for this URL's list or
  // product, then the render of a captured page of the route (its data is not re-mapped into the page).
  app.get(`/react-pg/${route}`, async (request, reply) => {
    const found = route === 'product' ? await productDetail(request.query.product) : await productList(request.query);
    if (!found) return reply.status(404).send('Not found');
    const page = captured[next++ % captured.length];
    void reply.header('content-type', 'text/html; charset=utf-8');
    return reply.send(render(page, fixtures.assetTags[route]));
  });
}

await app.listen({ port: Number(process.env.BASELINE_PORT), host: '127.0.0.1' });
console.log(`baselines listening on ${process.env.BASELINE_PORT}`);
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => {
    void app.close().then(() => pool.end()).then(() => process.exit(0));
  });
}
