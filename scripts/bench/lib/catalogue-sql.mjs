// The SQL of `GET /api/products` (with its search correction) and `GET /api/options/{id}`, copied from the
// shop so the raw-`pg` baseline runs exactly the same queries. `driftFrom()` compares it with the shop's source on every run:
// a baseline that no longer matches the shop would make every ratio a lie.
import { readFileSync } from 'node:fs';
import path from 'node:path';

// --- copied from src/modules/catalogue/adapters/persistence/sql-catalogue-reads.ts ---
const MATCH = `p.search_document @@ websearch_to_tsquery('english', ?)`;
const RANK = `ts_rank_cd(p.search_document, websearch_to_tsquery('english', ?))`;

const ORDER = {
  newest: 'p.created_at desc, p.id desc',
  title: 'p.title asc, p.id asc',
  '-title': 'p.title desc, p.id desc',
  price: 'p.price_from asc nulls last, p.id asc',
  '-price': 'p.price_from desc nulls last, p.id desc',
};

const CARD_COLUMNS = `
  p.id, p.slug, p.title, p.code, p.summary, p.brand_id, b.name as brand_name, p.price_from, p.featured,
  img.storage_key as image_key, img.alt as image_alt, img.width as image_width, img.height as image_height,
  (select array_agg(distinct o.kind order by o.kind) from product_options o where o.product_id = p.id and o.active) as kinds`;

const CARD_JOINS = `
  left join brands b on b.id = p.brand_id
  left join lateral (
    select i.storage_key, i.alt, i.width, i.height from product_images i
    where i.product_id = p.id order by i.sort_order, i.id limit 1
  ) img on true`;

const LIST = (order, where) => `with page as (
         select p.id, count(*) over () as total, row_number() over (order by ${order}) as position
         from products p where ${where}
         order by ${order} limit ? offset ?
       )
       select ${CARD_COLUMNS}, page.total::int as total
       from page join products p on p.id = page.id ${CARD_JOINS}
       order by page.position`;

const FACET_CATEGORIES = (where) => `select c.id, c.slug, c.name, count(*)::int as count
       from products p join product_categories pc on pc.product_id = p.id join categories c on c.id = pc.category_id
       where ${where} group by c.id order by c.sort_order, c.name`;
const FACET_BRANDS = (where) => `select b.id, b.name, count(*)::int as count
       from products p join brands b on b.id = p.brand_id
       where ${where} group by b.id order by b.sort_order, b.name`;
const FACET_KINDS = (where) => `select o.kind as id, o.kind as name, count(distinct p.id)::int as count
       from products p join product_options o on o.product_id = p.id and o.active
       where ${where} group by o.kind order by o.kind`;

const SUGGEST = (values) => `select t.input, near.word as suggestion
       from (values ${values}) as t(input)
       left join lateral (select s.word from search_words s order by s.word <-> t.input, s.word limit 1) near
         on similarity(near.word, t.input) >= 0.25`;

function where(filter) {
  const parts = [`p.status = 'published'`];
  const params = [];
  if (filter.search !== undefined) {
    parts.push(MATCH);
    params.push(filter.search);
  }
  if (filter.categoryId !== undefined) {
    parts.push('exists (select 1 from product_categories pc where pc.product_id = p.id and pc.category_id = ?)');
    params.push(filter.categoryId);
  }
  return { sql: parts.join(' and '), params };
}
// --- end of the copy; and from catalogue.service.ts: ---
const MAX_CORRECTED_WORDS = 8;

/** The words of a term the shop would try to correct (CatalogueService.correct). */
export function correctableWords(search) {
  return [...new Set(search.toLowerCase().match(/[a-z]{3,40}/g) ?? [])].slice(0, MAX_CORRECTED_WORDS);
}

/** The corrected term from the suggestion rows, or null when nothing changes (CatalogueService.correct). */
export function correctedTerm(search, rows) {
  const suggestions = new Map(rows.filter((row) => row.suggestion !== null).map((row) => [row.input, row.suggestion]));
  let changed = false;
  const corrected = search.toLowerCase().replace(/[a-z]{3,40}/g, (word) => {
    const suggestion = suggestions.get(word);
    if (!suggestion || suggestion === word) return word;
    changed = true;
    return suggestion;
  });
  return changed ? corrected : null;
}

/** The nearest title word of each word (SqlCatalogueReads.suggestWords). */
export function suggestQuery(words) {
  return numbered(SUGGEST(words.map(() => '(?::text)').join(', ')), [...words]);
}

// What MikroORM sends for `em.findOne(Category, {slug})` and for the option and its product.
export const FIND_CATEGORY = 'select c0.* from categories as c0 where c0.slug = ? limit 1';
export const FIND_OPTION = 'select p0.* from product_options as p0 where p0.id = ? limit 1';
export const FIND_PRODUCT = 'select p0.* from products as p0 where p0.id = ? limit 1';

/** `?` placeholders (MikroORM's) to `$n` (pg's); the copied SQL has no other question marks. */
export function numbered(sql, params) {
  let n = 0;
  return { text: sql.replace(/\?/g, () => `$${++n}`), values: params };
}

/**
 * The four queries of one `GET /api/products` (listing, then facets by category, brand and kind). A search
 * that finds nothing first tries a corrected term (suggestQuery, then the listing again): see searchFlow.
 */
export function productListQueries({ search, categoryId, offset = 0, limit = 24 }) {
  const filter = { search, categoryId };
  const all = where(filter);
  const ranked = search !== undefined;
  const order = ranked ? `${RANK} desc, p.id desc` : ORDER.newest;
  const orderParams = ranked ? [search] : [];
  const byCategory = where({ ...filter, categoryId: undefined });
  return {
    list: numbered(LIST(order, all.sql), [...orderParams, ...all.params, ...orderParams, limit, offset]),
    categories: numbered(FACET_CATEGORIES(byCategory.sql), byCategory.params),
    brands: numbered(FACET_BRANDS(all.sql), all.params),
    kinds: numbered(FACET_KINDS(all.sql), all.params),
  };
}

const squash = (text) => text.replace(/\s+/g, ' ').trim();

/** Fragments of the copy that the shop's source no longer contains (empty when the copy is faithful). */
export function driftFrom(root) {
  const source = squash(readFileSync(path.join(root, 'src/modules/catalogue/adapters/persistence/sql-catalogue-reads.ts'), 'utf8'));
  const constants = [MATCH, RANK, CARD_COLUMNS, CARD_JOINS, ...Object.values(ORDER)].map(squash);
  // The shop's templates interpolate the constants (${CARD_COLUMNS}) and the WHERE clause: compare what lies between.
  const templates = [LIST, FACET_CATEGORIES, FACET_BRANDS, FACET_KINDS, SUGGEST]
    .flatMap((template) => squash(template('\u0000', '\u0000')).split('\u0000'))
    .flatMap((part) => part.split(squash(CARD_COLUMNS)).flatMap((piece) => piece.split(squash(CARD_JOINS))));
  const filters = [`exists (select 1 from product_categories pc where pc.product_id = p.id and pc.category_id = ?)`];
  return [...constants, ...templates, ...filters]
    .map((fragment) => fragment.trim())
    .filter((fragment) => fragment.length > 0 && !source.includes(fragment));
}

/**
 * One `GET /api/products` as CatalogueService.listProducts runs it: the listing; for a search that found
 * nothing, the suggestions and the listing of the corrected term; then the facets of the term last tried.
 * `run(query)` executes one query and returns its rows.
 */
export async function productListFlow(run, { search, categoryId }) {
  let queries = productListQueries({ search, categoryId });
  let rows = await run(queries.list);
  let correctedSearch = null;
  if ((rows[0]?.total ?? 0) === 0 && search) {
    const words = correctableWords(search);
    correctedSearch = words.length === 0 ? null : correctedTerm(search, await run(suggestQuery(words)));
    if (correctedSearch) {
      queries = productListQueries({ search: correctedSearch, categoryId });
      rows = await run(queries.list);
      if ((rows[0]?.total ?? 0) === 0) correctedSearch = null;
    }
  }
  const categories = await run(queries.categories);
  const brands = await run(queries.brands);
  const kinds = await run(queries.kinds);
  return { rows, correctedSearch, facets: { categories, brands, kinds } };
}
