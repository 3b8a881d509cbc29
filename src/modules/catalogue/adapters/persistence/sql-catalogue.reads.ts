import type { ProductSort } from '../../application/catalogue-views.js';
import type {
  CatalogueReads, ListSummary, ProductCardRow, ProductFilter, ProductPageRow, PublicOptionRow, SearchSummary,
} from '../../application/ports/catalogue-reads.port.js';
import type { OptionKind } from '../../domain/product-option.entity.js';

/**
 * Runs one statement (`?` placeholders, one per parameter) and answers its rows. The shop's is MikroORM's
 * connection (MikroOrmCatalogueReads); the bench's a raw `pg` client (scripts/bench/lib/shop-sql.mjs).
 */
export type SqlRunner = <Row>(sql: string, params: unknown[]) => Promise<Row[]>;

/** A WHERE clause and its parameters, built from a filter minus the dimension being counted. */
interface Clause {
  sql: string;
  params: unknown[];
}

/** Facet counts as json_object_agg gives them (`{"12": 34}`; PGlite and pg parse json, a driver may not). */
type Counts = Record<string, number>;
const counts = (value: Counts | string | null | undefined): Array<[string, number]> =>
  Object.entries(typeof value === 'string' ? (JSON.parse(value) as Counts) : value ?? {});

/**
 * A list's facet counts (from product_facet_counts) as arrays shared by every list with the same counts: a facet
 * depends on fewer dimensions than the page (the categories' on brand and kind only), so pages 1–400 of any list
 * repeat the same few: each is parsed once from its JSON text and the array handed out again while its text is
 * the same (ADR 0061). Keyed by the text the database answered, so a count that changed is a new entry: never
 * stale. Bounded (first in, first out) by the combinations a catalogue has: 201 × 13 × 5 at most per facet.
 */
class InternedCounts<Id> {
  private static readonly MAX_ENTRIES = 4_096;
  private static readonly NONE: ReadonlyArray<never> = Object.freeze([]);
  private readonly entries = new Map<string, ReadonlyArray<{ id: Id; count: number }>>();

  constructor(private readonly id: (key: string) => Id) {}

  get(text: string | null | undefined): ReadonlyArray<{ id: Id; count: number }> {
    if (!text) return InternedCounts.NONE;
    let found = this.entries.get(text);
    if (found === undefined) {
      found = Object.freeze(counts(text).map(([key, count]) => Object.freeze({ id: this.id(key), count })));
      this.entries.set(text, found);
      if (this.entries.size > InternedCounts.MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    }
    return found;
  }
}

/**
 * Full text on the stored, GIN-indexed document (title A, code and summary B, description C; English stems).
 * Typos are handled before this by correcting the term's words against `search_words` (see suggestWords),
 * not by a trigram match on every title, which costs a similarity check per product for short terms.
 */
const MATCH = `p.search_document @@ websearch_to_tsquery('english', ?)`;

/**
 * Search at 100k products reads `product_search` (migration 20261123000100; ADR 0014, "Search at 100k"): the
 * term as typed and the same term with every word restricted to the title (weight A: `'fire'` → `'fire':A`),
 * computed once per statement. The regular expression quotes no `?`: MikroORM would take it for a parameter.
 */
const SEARCH_TERMS = `q as materialized (
         select query, regexp_replace(query::text, '''(([^'']|'''')*)''', '''\\1'':A', 'g')::tsquery as title_query
         from websearch_to_tsquery('english', ?) as query
       )`;

/** A product_search row `s` is in the category (the one parameter). */
const IN_CATEGORY = 's.category_set_id in (select cs.id from product_category_sets cs where cs.category_ids @> array[?]::integer[])';

/** `product_search.kinds` holds the kinds of a product's active options as bits. */
const KIND_BITS: Record<OptionKind, number> = { physical: 1, download: 2, online_access: 4, course: 8 };
const KIND_OF_BIT = Object.fromEntries(Object.entries(KIND_BITS).map(([kind, bit]) => [bit, kind])) as Record<number, OptionKind>;

/**
 * A search's summary in one statement, kept in the database as `catalogue_search_summary` (migration
 * 20261128002800, ADR 0069) so that each connection plans it once: one scan of the matches (the GIN index)
 * grouped two ways at once, by category set and by brand and kinds; the total and every facet from those few
 * hundred groups (each facet counting the matches that pass the *other* filters), as ids and counts that the
 * service names from its cached lists; and, in relevance order, the page walked from the newest products
 * (ADR 0014, "Search at 100k"): title matches first, newest first within each. The walk answers when title
 * matches fill the page (a newer title match would have been walked first); otherwise SEARCH_RANKED does.
 */
const SEARCH_SUMMARY = `select total, categories, brands, kinds, page
       from catalogue_search_summary(?::text, ?::integer, ?::integer, ?::integer, ?::integer, ?::integer)`;

/** Every match from the GIN index, title matches first: what answers when the walk does not. */
const SEARCH_RANKED = (filters: string) => `with ${SEARCH_TERMS},
       page as (
         select s.product_id as id, s.document @@ (select title_query from q) as in_title
         from product_search s
         where s.document @@ (select query from q)${filters}
         order by in_title desc, s.product_id desc limit ? offset ?
       )
       select ${CARD_COLUMNS}
       from page join products p on p.id = page.id ${CARD_JOINS}
       order by page.in_title desc, page.id desc`;

/** How many of each shared category's newest products are weighed as related products. */
const RELATED_CANDIDATES_PER_CATEGORY = 60;

/**
 * The published products sharing a category with `product` (an SQL expression for its id), most categories
 * shared first, each with its `position`; parameters: candidates per category, then the limit. Candidates
 * are the newest few products of each of the product's categories (a primary-key range scan each), not every
 * member: joining whole categories cost ~200 ms for a product in a 17,000-product category at 100k products
 * (measured).
 */
const RELATED = (product: string) => `(
         select p.id, row_number() over (order by candidates.shared desc, p.featured desc, p.id desc) as position
         from (
           select other.product_id, count(*) as shared
           from product_categories mine
           cross join lateral (
             select o.product_id from product_categories o
             where o.category_id = mine.category_id and o.product_id <> mine.product_id
             order by o.product_id desc limit ?
           ) other
           where mine.product_id = ${product}
           group by other.product_id
         ) candidates
         join products p on p.id = candidates.product_id and p.status = 'published'
         order by candidates.shared desc, p.featured desc, p.id desc limit ?
       )`;

const ORDER: Record<Exclude<ProductSort, 'relevance'>, string> = {
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

/** The catalogue reads that load entities through the ORM; MikroOrmCatalogueReads adds them. */
type EntityReads = 'brands';

/**
 * The catalogue's hand-written SQL (listing, facets, search, correction, cards): every read of CatalogueReads
 * that answers plain rows, over whatever runs the statements. It imports no framework and no value, so the
 * bench (ADR 0013) imports the compiled file and runs these very statements over a raw `pg` client for its
 * baseline and its search measurement: there is no copy of them to drift.
 */
export class SqlCatalogueReads implements Omit<CatalogueReads, EntityReads> {
  /** The kept counts of lists, per facet (listSummary). */
  private readonly keptCounts = {
    categories: new InternedCounts(Number),
    brands: new InternedCounts(Number),
    kinds: new InternedCounts((bit) => KIND_OF_BIT[Number(bit)]!),
  };

  constructor(private readonly query: SqlRunner) {}

  async listProducts(filter: ProductFilter, sort: ProductSort, offset: number, limit: number): Promise<ProductCardRow[]> {
    // A search in relevance order is searchPage's; here relevance without a search means newest.
    const page = this.pageOf(filter, sort, offset, limit);
    return this.query<ProductCardRow>(
      `with page as (${page.sql})
       select ${CARD_COLUMNS}
       from page join products p on p.id = page.id ${CARD_JOINS}
       order by page.position`,
      page.params,
    );
  }

  async listSummary(filter: ProductFilter, sort: ProductSort, offset: number, limit: number): Promise<ListSummary> {
    const page = this.pageOf(filter, sort, offset, limit, true);
    // 0 is "any" in product_facet_counts (migration 20261128001600): the list's own combination is its total.
    const category = filter.categoryId ?? 0;
    const brand = filter.brandId ?? 0;
    const kind = filter.kind === undefined ? 0 : KIND_BITS[filter.kind];
    const [row] = await this.query<{
      total: number; categories: string | null; brands: string | null; kinds: string | null; page: ProductCardRow[] | string | null;
    }>(
      `with page as (${page.sql})
       select
         (select coalesce(sum(f.products), 0)::int from product_facet_counts f
          where f.brand_id = ? and f.kind = ? and f.category_id = ?) as total,
         (select json_object_agg(f.category_id, f.products)::text from product_facet_counts f
          where f.brand_id = ? and f.kind = ? and f.category_id <> 0 and f.products > 0) as categories,
         (select json_object_agg(f.brand_id, f.products)::text from product_facet_counts f
          where f.category_id = ? and f.kind = ? and f.brand_id <> 0 and f.products > 0) as brands,
         (select json_object_agg(f.kind, f.products)::text from product_facet_counts f
          where f.category_id = ? and f.brand_id = ? and f.kind <> 0 and f.products > 0) as kinds,
         (select json_agg(card order by card.position) from (
            select ${CARD_COLUMNS}, page.position from page join products p on p.id = page.id ${CARD_JOINS}
          ) card) as page`,
      [...page.params, brand, kind, category, brand, kind, category, kind, category, brand],
    );
    const rows = typeof row?.page === 'string' ? (JSON.parse(row.page) as ProductCardRow[]) : row?.page ?? [];
    return {
      total: row?.total ?? 0,
      counts: {
        categories: this.keptCounts.categories.get(row?.categories),
        brands: this.keptCounts.brands.get(row?.brands),
        kinds: this.keptCounts.kinds.get(row?.kinds),
      },
      rows,
    };
  }

  /**
   * A page's ids in the list's order, with their `position`, and its parameters. No `count(*) over ()`: a
   * list's total comes from product_facet_counts, and counting every listed product cost as much as the page
   * itself for a large category (~1 s for 17,000 products at 100k, measured).
   *
   * With `members` and a category, the page is read one of two ways, chosen when the statement runs from the
   * kept counts: walking the whole catalogue in the list's order and testing each product's membership (fast
   * when the category is a large share of the catalogue: ~130 rows for the first page of a 17% category), or
   * reading the category's members and sorting them (fast for a small one). The planner cannot tell them apart:
   * it assumes members are spread evenly, and walked all 100k products for a 638-product category whose
   * members were all old (0.6 s, measured). Walking wins when offset + limit over the category's share of the
   * catalogue is fewer rows than the category holds: size² > (offset + limit) × catalogue. Each branch has a
   * one-time filter, so only one runs.
   */
  private pageOf(filter: ProductFilter, sort: ProductSort, offset: number, limit: number, members = false): Clause {
    const order = ORDER[sort === 'relevance' ? 'newest' : sort];
    const page = (where: Clause, condition = 'true', conditionParams: unknown[] = []): Clause => ({
      sql: `select p.id, row_number() over (order by ${order}) as position
         from products p where ${where.sql} and ${condition}
         order by ${order} limit ? offset ?`,
      params: [...where.params, ...conditionParams, limit, offset],
    });
    if (!members || filter.categoryId === undefined) return page(this.where(filter));
    const walk = `(select coalesce(max(f.products), 0)::float8 * coalesce(max(f.products), 0) > ?::float8 * (
         select coalesce(max(a.products), 1) from product_facet_counts a where a.brand_id = 0 and a.kind = 0 and a.category_id = 0)
       from product_facet_counts f where f.brand_id = ? and f.kind = ? and f.category_id = ?)`;
    const walkParams = [offset + limit, filter.brandId ?? 0, filter.kind === undefined ? 0 : KIND_BITS[filter.kind], filter.categoryId];
    const walked = page(this.where(filter), walk, walkParams);
    const read = page(this.where(filter, true), `not ${walk}`, walkParams);
    return { sql: `(${walked.sql}) union all (${read.sql})`, params: [...walked.params, ...read.params] };
  }

  async searchSummary(filter: ProductFilter & { search: string }, walk: { offset: number; limit: number } | null): Promise<SearchSummary> {
    const [row] = await this.query<{
      total: number; categories: Counts | string | null; brands: Counts | string | null; kinds: Counts | string | null;
      page: ProductCardRow[] | string | null;
    }>(SEARCH_SUMMARY, [
      filter.search, filter.brandId ?? null, filter.kind === undefined ? null : KIND_BITS[filter.kind], filter.categoryId ?? null,
      walk?.offset ?? null, walk?.limit ?? null,
    ]);
    return {
      total: row?.total ?? 0,
      counts: {
        categories: counts(row?.categories).map(([id, count]) => ({ id: Number(id), count })),
        brands: counts(row?.brands).map(([id, count]) => ({ id: Number(id), count })),
        kinds: counts(row?.kinds).map(([id, count]) => ({ id: id as OptionKind, count })),
      },
      page: typeof row?.page === 'string' ? (JSON.parse(row.page) as ProductCardRow[]) : row?.page ?? null,
    };
  }

  searchPage(filter: ProductFilter & { search: string }, offset: number, limit: number) {
    const filters = this.searchFilters(filter);
    return this.query<ProductCardRow>(SEARCH_RANKED(filters.sql), [filter.search, ...filters.params, limit, offset]);
  }

  /** The list's filters as conditions on a product_search row `s` (` and …` each; empty without filters). */
  private searchFilters(filter: ProductFilter): Clause {
    let sql = '';
    const params: unknown[] = [];
    if (filter.categoryId !== undefined) {
      sql += ` and ${IN_CATEGORY}`;
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

  async cardsByIds(ids: readonly number[]): Promise<ProductCardRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.query<ProductCardRow>(
      `select ${CARD_COLUMNS} from products p ${CARD_JOINS}
       where p.status = 'published' and p.id in (${ids.map(() => '?').join(', ')})`,
      [...ids],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id)).filter((row): row is ProductCardRow => row !== undefined);
  }

  async productPage(slugOrId: string | number, relatedLimit: number): Promise<ProductPageRow | null> {
    // One statement for the whole page (issue 30): the ORM's nine round trips (product, its category links,
    // categories, brand, options, images, videos, related ids, related cards) were most of an uncached page.
    const [row] = await this.query<ProductPageRow>(
      `select product.id, product.slug, product.title, product.code, product.summary, product.description, product.featured,
         product.running_time, product.year, product.language, product.accreditation, product.created_at, product.updated_at,
         (select json_build_object('id', b.id, 'name', b.name, 'logo_key', b.logo_key, 'website', b.website)
          from brands b where b.id = product.brand_id) as brand,
         (select json_agg(json_build_object('id', c.id, 'slug', c.slug, 'name', c.name) order by c.sort_order, c.name)
          from product_categories pc join categories c on c.id = pc.category_id where pc.product_id = product.id) as categories,
         (select json_agg(json_build_object('id', o.id, 'product_id', o.product_id, 'name', o.name, 'code', o.code, 'price', o.price,
            'weight', o.weight, 'qty', o.qty, 'kind', o.kind, 'seats', o.seats) order by o.sort_order, o.id)
          from product_options o where o.product_id = product.id and o.active) as options,
         (select json_agg(json_build_object('storage_key', i.storage_key, 'alt', i.alt, 'width', i.width, 'height', i.height)
            order by i.sort_order, i.id)
          from product_images i where i.product_id = product.id) as images,
         (select json_agg(json_build_object('id', v.id, 'title', v.title, 'is_preview', v.is_preview) order by v.sort_order, v.id)
          from product_videos v where v.product_id = product.id) as videos,
         (select json_agg(card order by card.position) from (
            select ${CARD_COLUMNS}, r.position from ${RELATED('product.id')} r join products p on p.id = r.id ${CARD_JOINS}
          ) card) as related
       from products product where product.${typeof slugOrId === 'number' ? 'id' : 'slug'} = ? and product.status = 'published'`,
      // In the order the placeholders appear: the related products' (candidates per category, limit), then the product's.
      [RELATED_CANDIDATES_PER_CATEGORY, relatedLimit, slugOrId],
    );
    if (!row) return null;
    // json comes parsed from pg and PGlite; a driver that leaves it a string is read the same.
    const json = <T,>(value: T | string | null): T | null => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
    return {
      ...row,
      brand: json(row.brand),
      categories: json(row.categories) ?? [],
      options: json(row.options) ?? [],
      images: json(row.images) ?? [],
      videos: json(row.videos) ?? [],
      related: json(row.related) ?? [],
    };
  }

  categoriesWithCounts() {
    return this.query<{ id: number; slug: string; name: string; description: string; product_count: number }>(
      `select c.id, c.slug, c.name, c.description,
         (select count(*)::int from product_categories pc join products p on p.id = pc.product_id and p.status = 'published'
          where pc.category_id = c.id) as product_count
       from categories c order by c.sort_order, c.name`,
      [],
    );
  }

  async findPublicOption(id: number): Promise<PublicOptionRow | null> {
    const [row] = await this.query<PublicOptionRow>(
      `select o.id, o.product_id, o.name, o.code, o.price, o.weight, o.qty, o.kind, o.seats
       from product_options o join products p on p.id = o.product_id
       where o.id = ? and o.active and p.status = 'published'`,
      [id],
    );
    return row ?? null;
  }

  async suggestWords(words: readonly string[]): Promise<Map<string, string>> {
    if (words.length === 0) return new Map();
    // The nearest title word by trigram distance (GiST nearest-neighbour), kept when similar enough: 0.25 lets
    // one swapped or missing letter in a short word through ("saftey" → "safety", "ladr" → "ladder").
    const rows = await this.query<{ input: string; suggestion: string | null }>(
      `select t.input, near.word as suggestion
       from (values ${words.map(() => '(?::text)').join(', ')}) as t(input)
       left join lateral (select s.word from search_words s order by s.word <-> t.input, s.word limit 1) near
         on similarity(near.word, t.input) >= 0.25`,
      [...words],
    );
    return new Map(rows.filter((row) => row.suggestion !== null).map((row) => [row.input, row.suggestion!]));
  }

  async publishedSlugs(limit: number): Promise<Array<{ slug: string; updated_at: Date }>> {
    const rows = await this.query<{ slug: string; updated_at: Date | string }>(
      `select slug, updated_at from products where status = 'published' order by updated_at desc, id desc limit ?`,
      [limit],
    );
    return rows.map((row) => ({ slug: row.slug, updated_at: new Date(row.updated_at) }));
  }

  /** The filter's conditions on `products p`; with `members`, the category's products are read as a list of ids. */
  private where(filter: ProductFilter, members = false): Clause {
    const parts = [`p.status = 'published'`];
    const params: unknown[] = [];
    if (filter.search !== undefined) {
      parts.push(MATCH);
      params.push(filter.search);
    }
    if (filter.categoryId !== undefined) {
      parts.push(members
        ? 'p.id = any (array(select pc.product_id from product_categories pc where pc.category_id = ?))'
        : 'exists (select 1 from product_categories pc where pc.product_id = p.id and pc.category_id = ?)');
      params.push(filter.categoryId);
    }
    if (filter.brandId !== undefined) {
      parts.push('p.brand_id = ?');
      params.push(filter.brandId);
    }
    if (filter.featured) parts.push('p.featured');
    if (filter.kind !== undefined) {
      parts.push('exists (select 1 from product_options o where o.product_id = p.id and o.active and o.kind = ?)');
      params.push(filter.kind);
    }
    return { sql: parts.join(' and '), params };
  }
}
