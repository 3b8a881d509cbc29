import type { Brand } from '../../domain/brand.entity.js';
import type { OptionFields, OptionKind } from '../../domain/product-option.entity.js';
import type { ProductSort } from '../catalogue-views.js';

export const CATALOGUE_READS = Symbol('CatalogueReads');

export interface ProductFilter {
  /** Trimmed, non-empty search text. */
  search?: string | undefined;
  categoryId?: number | undefined;
  brandId?: number | undefined;
  kind?: OptionKind | undefined;
  featured?: boolean | undefined;
}

/** An option as visitors may read it: what the option endpoint answers, before VAT and stock are worked out. */
export type PublicOptionRow = { id: number; product_id: number } & Pick<OptionFields, 'name' | 'code' | 'price' | 'weight' | 'qty' | 'kind' | 'seats'>;

export interface ProductCardRow {
  id: number;
  slug: string;
  title: string;
  code: string;
  summary: string;
  brand_id: number | null;
  brand_name: string | null;
  price_from: number | null;
  featured: boolean;
  image_key: string | null;
  image_alt: string | null;
  image_width: number | null;
  image_height: number | null;
  kinds: OptionKind[] | null;
}


/**
 * A facet's counts by id, in no particular order (the service names and orders them). Read-only: listSummary
 * answers the same arrays for the same kept counts (interned), so they may be shared between requests.
 */
export interface FacetCounts {
  categories: ReadonlyArray<{ id: number; count: number }>;
  brands: ReadonlyArray<{ id: number; count: number }>;
  kinds: ReadonlyArray<{ id: OptionKind; count: number }>;
}

/** A list without a search: the page, the total and the facet counts (listSummary). */
export interface ListSummary {
  total: number;
  counts: FacetCounts;
  rows: ProductCardRow[];
}

/** What one scan of a search's matches gives: the total, the facet counts and, when asked, a walked page. */
export interface SearchSummary {
  total: number;
  counts: FacetCounts;
  /**
   * The relevance page found by walking the newest products, when asked for and worth walking; it is the page
   * only when it is full (`limit` rows), otherwise searchPage reads it through the index.
   */
  page: ProductCardRow[] | null;
}

/**
 * The catalogue's read side for visitors: published products only, in single round trips (no N+1).
 * Written in SQL because search ranking, trigram similarity and facet counts are PostgreSQL's job.
 */
export interface CatalogueReads {
  /** A page of published products in `sort` order (relevance without a search means newest); no total. */
  listProducts(filter: ProductFilter, sort: ProductSort, offset: number, limit: number): Promise<ProductCardRow[]>;
  /**
   * A list without a search (`featured` is not counted): its page, its total and its facet counts (each facet
   * without its own filter), in one statement: the counts are kept per category, brand and kind.
   */
  listSummary(filter: ProductFilter, sort: ProductSort, offset: number, limit: number): Promise<ListSummary>;
  /**
   * A search's total and facet counts (each facet without its own filter) in one scan of the matches; with
   * `walk`, also the relevance page at that offset when title matches among the newest products fill it.
   */
  searchSummary(filter: ProductFilter & { search: string }, walk: { offset: number; limit: number } | null): Promise<SearchSummary>;
  /** A page of a search in relevance order (title matches first, newest first within each), through the index. */
  searchPage(filter: ProductFilter & { search: string }, offset: number, limit: number): Promise<ProductCardRow[]>;
  /** Cards of the given published products, in the order of `ids`. */
  cardsByIds(ids: readonly number[]): Promise<ProductCardRow[]>;
  /** Categories with their published product counts, in sort order. */
  categoriesWithCounts(): Promise<Array<{ id: number; slug: string; name: string; description: string; product_count: number }>>;
  brands(): Promise<Brand[]>;
  /**
   * A published product's page in one statement: the product, its brand, categories, active options, images,
   * videos and up to `relatedLimit` related cards (sharing a category, most shared first); null for a draft or
   * no such product.
   */
  productPage(slugOrId: string | number, relatedLimit: number): Promise<ProductPageRow | null>;
  /**
   * An active option of a published product, or null: one statement and plain columns, since the option endpoint
   * (which the basket reads) is never cached and loading the option and its whole product as entities was most of
   * what that endpoint left for the collector under load (ADR 0027).
   */
  findPublicOption(id: number): Promise<PublicOptionRow | null>;
  /** For each word, the nearest word of the product titles (trigram similarity ≥ 0.25), when there is one. */
  suggestWords(words: readonly string[]): Promise<Map<string, string>>;
  /** Published products' slugs and last changes, most recently changed first, for /sitemap.xml. */
  publishedSlugs(limit: number): Promise<Array<{ slug: string; updated_at: Date }>>;
}

/** A product page as productPage reads it: plain columns, the parts as arrays in their display order. */
export interface ProductPageRow {
  id: number;
  slug: string;
  title: string;
  code: string;
  summary: string;
  description: string;
  featured: boolean;
  running_time: number | null;
  year: number | null;
  language: string | null;
  accreditation: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  brand: { id: number; name: string; logo_key: string | null; website: string | null } | null;
  categories: Array<{ id: number; slug: string; name: string }>;
  /** Active options only, in sort order. */
  options: PublicOptionRow[];
  images: Array<{ storage_key: string; alt: string; width: number | null; height: number | null }>;
  videos: Array<{ id: number; title: string; is_preview: boolean }>;
  related: ProductCardRow[];
}
