// The SQL of `GET /api/products` (with its search correction) and `GET /api/options/{id}`, copied from the
// shop so the raw-`pg` baseline runs exactly the same queries. `driftFrom()` compares it with the shop's source on every run:
// a baseline that no longer matches the shop would make every ratio a lie.
import { readFileSync } from 'node:fs';
import path from 'node:path';

// --- copied from src/modules/catalogue/adapters/persistence/sql-catalogue.reads.ts ---
const MATCH = `p.search_document @@ websearch_to_tsquery('english', ?)`;

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

// The search (ADR 0014, "Search at 100k"): product_search, the summary statement and the ranked page.
/**
 * Search at 100k products reads `product_search` (migration 20261123000100; ADR 0014, "Search at 100k"): the
 * term as typed and the same term with every word restricted to the title (weight A: `'fire'` → `'fire':A`),
 * computed once per statement. The regular expression quotes no `?`: MikroORM would take it for a parameter.
 */
const SEARCH_TERMS = `q as materialized (
         select query, regexp_replace(query::text, '''(([^'']|'''')*)''', '''\\1'':A', 'g')::tsquery as title_query
         from websearch_to_tsquery('english', ?) as query
       )`;

/** `product_search.kinds` holds the kinds of a product's active options as bits. */
const KIND_BITS = { physical: 1, download: 2, online_access: 4, course: 8 };
const KIND_VALUES = `(values ('course', 8), ('download', 2), ('online_access', 4), ('physical', 1))`;

/** `count(*)` of the rows meeting the conditions; a plain count when there are none ('true'), which is cheaper per row. */
const countIf = (...conditions) => {
  const tested = conditions.filter((condition) => condition !== 'true');
  return tested.length === 0 ? 'count(*)' : `count(*) filter (where ${tested.join(' and ')})`;
};

/**
 * A search's summary in one statement: one scan of the matches (the GIN index; the term is an InitPlan
 * parameter, so the planner assumes few matches and never prefers a sequential scan) grouped two ways at
 * once, by category set and by brand and kinds. The total and every facet come from those few hundred groups
 * (each facet counts the matches that pass the *other* filters), as ids and counts: the service names them
 * from its cached lists. `brandOk` and `kindOk` test `brand_id` and `kinds`, of a row or of a group;
 * `forCategories` and `matches` are countIf expressions on the product_search row `s`; `page` is
 * SEARCH_WALKED or null.
 */
const SEARCH_SUMMARY = (brandOk, kindOk, forCategories, matches, page) => `with ${SEARCH_TERMS},
       counted as (
         select grouping(category_set_id) = 1 as by_brand_and_kinds, category_set_id, brand_id, kinds,
           ${forCategories}::int as for_categories,
           ${matches}::int as matches
         from product_search s where s.document @@ (select query from q)
         group by grouping sets ((category_set_id), (brand_id, kinds))
       ), totals as (
         select coalesce(sum(matches), 0)::int as total,
           (select greatest(reltuples, 0)::int from pg_class where oid = 'product_search'::regclass) as searched
         from counted where by_brand_and_kinds and ${brandOk} and ${kindOk}
       )
       select totals.total,
         (select json_object_agg(category_id, count) from (
            select category_id, sum(g.for_categories)::int as count
            from counted g
            cross join lateral unnest((select cs.category_ids from product_category_sets cs where cs.id = g.category_set_id)) as category_id
            where not g.by_brand_and_kinds group by category_id) f
          where f.count > 0) as categories,
         (select json_object_agg(brand_id, count) from (
            select brand_id, sum(matches)::int as count from counted
            where by_brand_and_kinds and brand_id is not null and ${kindOk} group by brand_id) f
          where f.count > 0) as brands,
         (select json_object_agg(k.kind, f.count) from ${KIND_VALUES} as k (kind, bit)
          cross join lateral (select sum(matches)::int as count from counted where by_brand_and_kinds and kinds & k.bit <> 0 and ${brandOk}) f
          where f.count > 0) as kinds,
         ${page} as page
       from totals`;

/**
 * Relevance: matches with every word in the title first, newest first within each (ADR 0014, "Search at
 * 100k"). For a broad term the page comes from walking the newest products backwards along the primary key
 * and testing each (`ts_match_vq`, which no index serves): enough of them to hold the page four times over
 * at the matches' density, ? being offset + limit, walked only when that is fewer rows than the matches. It
 * answers when title matches fill the page (a newer title match would have been walked first); otherwise
 * SEARCH_RANKED does.
 */
const SEARCH_WALKED = (filters) => `(select json_agg(card order by card.id desc) from (
            select ${CARD_COLUMNS}
            from (select s.product_id as id
                  from (select * from product_search order by product_id desc
                        limit (select case when t.searched > 0 and t.total > 0 and ceil(4.0 * ? * t.searched / t.total) < t.total
                                      then ceil(4.0 * ? * t.searched / t.total)::int else 0 end from totals t)) s
                  where ts_match_vq(s.document, (select query from q)) and ts_match_vq(s.document, (select title_query from q))${filters}
                  order by s.product_id desc limit ? offset ?) page
            join products p on p.id = page.id ${CARD_JOINS}) card)`;

/** Every match from the GIN index, title matches first: what answers when the walk does not. */
const SEARCH_RANKED = (filters) => `with ${SEARCH_TERMS},
       page as (
         select s.product_id as id, s.document @@ (select title_query from q) as in_title
         from product_search s
         where s.document @@ (select query from q)${filters}
         order by in_title desc, s.product_id desc limit ? offset ?
       )
       select ${CARD_COLUMNS}
       from page join products p on p.id = page.id ${CARD_JOINS}
       order by page.in_title desc, page.id desc`;

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
/** SqlCatalogueReads.searchFilters: the list's filters as conditions on a product_search row `s`. */
function searchFilters(filter) {
  let sql = '';
  const params = [];
  if (filter.categoryId !== undefined) {
    sql += ' and s.category_set_id in (select cs.id from product_category_sets cs where cs.category_ids @> array[?]::integer[])';
    params.push(filter.categoryId);
  }
  if (filter.brandId !== undefined) {
    sql += ' and s.brand_id = ?';
    params.push(filter.brandId);
  }
  if (filter.kind !== undefined) {
    sql += ' and s.kinds & ? <> 0';
    params.push(KIND_BITS[filter.kind]);
  }
  return { sql, params };
}

/** SqlCatalogueReads.searchSummary's statement: total, facet counts and, with `walk`, the walked page. */
export function searchSummaryQuery(filter, walk = null) {
  const inCategory = filter.categoryId === undefined
    ? 'true'
    : 's.category_set_id in (select cs.id from product_category_sets cs where cs.category_ids @> array[?]::integer[])';
  const brandOk = filter.brandId === undefined ? 'true' : 'brand_id = ?';
  const kindOk = filter.kind === undefined ? 'true' : 'kinds & ? <> 0';
  const brand = filter.brandId === undefined ? [] : [filter.brandId];
  const kind = filter.kind === undefined ? [] : [KIND_BITS[filter.kind]];
  const category = filter.categoryId === undefined ? [] : [filter.categoryId];
  const filters = searchFilters(filter);
  const page = walk ? SEARCH_WALKED(filters.sql) : 'null';
  const walkParams = walk ? [walk.offset + walk.limit, walk.offset + walk.limit, ...filters.params, walk.limit, walk.offset] : [];
  const params = [filter.search, ...brand, ...kind, ...category, ...brand, ...kind, ...kind, ...brand, ...walkParams];
  return numbered(SEARCH_SUMMARY(brandOk, kindOk, countIf(brandOk, kindOk), countIf(inCategory), page), params);
}

/** SqlCatalogueReads.searchPage's statement: the relevance page through the index. */
export function searchPageQuery(filter, offset = 0, limit = 24) {
  const filters = searchFilters(filter);
  return numbered(SEARCH_RANKED(filters.sql), [filter.search, ...filters.params, limit, offset]);
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
  const byCategory = where({ ...filter, categoryId: undefined });
  return {
    list: numbered(LIST(ORDER.newest, all.sql), [...all.params, limit, offset]),
    categories: numbered(FACET_CATEGORIES(byCategory.sql), byCategory.params),
    brands: numbered(FACET_BRANDS(all.sql), all.params),
    kinds: numbered(FACET_KINDS(all.sql), all.params),
  };
}

const squash = (text) => text.replace(/\s+/g, ' ').trim();

/** Fragments of the copy that the shop's source no longer contains (empty when the copy is faithful). */
export function driftFrom(root) {
  const source = squash(readFileSync(path.join(root, 'src/modules/catalogue/adapters/persistence/sql-catalogue.reads.ts'), 'utf8'));
  const constants = [MATCH, CARD_COLUMNS, CARD_JOINS, SEARCH_TERMS, KIND_VALUES, ...Object.values(ORDER)].map(squash);
  // The shop's templates interpolate the constants (${CARD_COLUMNS}) and the WHERE clause: compare what lies between.
  const templates = [LIST, FACET_CATEGORIES, FACET_BRANDS, FACET_KINDS, SUGGEST, SEARCH_SUMMARY, SEARCH_WALKED, SEARCH_RANKED]
    .flatMap((template) => squash(template('\u0000', '\u0000', '\u0000', '\u0000', '\u0000')).split('\u0000'))
    .flatMap((part) => part.split(squash(SEARCH_TERMS)).flatMap((piece) => piece.split(squash(KIND_VALUES))))
    .flatMap((part) => part.split(squash(CARD_COLUMNS)).flatMap((piece) => piece.split(squash(CARD_JOINS))));
  const filters = [
    `exists (select 1 from product_categories pc where pc.product_id = p.id and pc.category_id = ?)`,
    's.category_set_id in (select cs.id from product_category_sets cs where cs.category_ids @> array[?]::integer[])',
    "const tested = conditions.filter((condition) => condition !== 'true');",
    "return tested.length === 0 ? 'count(*)' : `count(*) filter (where ${tested.join(' and ')})`;",
    "const page = walk ? SEARCH_WALKED(filters.sql) : 'null';",
    'const walkParams = walk ? [walk.offset + walk.limit, walk.offset + walk.limit, ...filters.params, walk.limit, walk.offset] : [];',
    'const params = [filter.search, ...brand, ...kind, ...category, ...brand, ...kind, ...kind, ...brand, ...walkParams];',
    'return this.query<ProductCardRow>(SEARCH_RANKED(filters.sql), [filter.search, ...filters.params, limit, offset]);',
  ];


  return [...constants, ...templates, ...filters]
    .map((fragment) => fragment.trim())
    // The source writes a backslash inside a template literal as two.
    .filter((fragment) => fragment.length > 0 && !source.includes(fragment.replace(/\\/g, '\\\\')));
}

/**
 * One `GET /api/products` as CatalogueService.listProducts runs it. Without a search: the listing, then the
 * facets by category, brand and kind. With one (relevance order): the summary (total and facets in one scan);
 * for a term that found nothing, the suggestions and the summary of the corrected term; then the page.
 * `run(query)` executes one query and returns its rows.
 */
export async function productListFlow(run, { search, categoryId }) {
  if (!search) {
    const queries = productListQueries({ categoryId });
    const rows = await run(queries.list);
    const categories = await run(queries.categories);
    const brands = await run(queries.brands);
    const kinds = await run(queries.kinds);
    return { rows, total: rows[0]?.total ?? 0, correctedSearch: null, facets: { categories, brands, kinds } };
  }
  const walk = { offset: 0, limit: 24 };
  let filter = { search, categoryId };
  let [summary] = await run(searchSummaryQuery(filter, walk));
  let correctedSearch = null;
  if (summary.total === 0) {
    const words = correctableWords(search);
    correctedSearch = words.length === 0 ? null : correctedTerm(search, await run(suggestQuery(words)));
    if (correctedSearch) {
      filter = { search: correctedSearch, categoryId };
      [summary] = await run(searchSummaryQuery(filter, walk));
      if (summary.total === 0) correctedSearch = null;
    }
  }
  let rows = [];
  if (summary.total > 0) rows = summary.page?.length === walk.limit ? summary.page : await run(searchPageQuery(filter));
  // The shop names the facets from its cached category and brand lists; here the counts by id stand in.
  const { categories, brands, kinds } = summary;
  return { rows, total: summary.total, correctedSearch, facets: { categories: categories ?? {}, brands: brands ?? {}, kinds: kinds ?? {} } };
}
