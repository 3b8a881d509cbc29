import type { OptionKind, ProductSort } from '../../src/modules/catalogue/index.js';
import { MAX_ID } from '../../src/shared/contracts/ids.js';

/**
 * The storefront's reading of catalogue list URLs (`/category/{id}?search=&brand=&kind=&sort=&page=&per_page=`)
 * and the links it writes back. Pages never answer a malformed parameter with an error: a value that does
 * not parse is dropped and its default applies (the API, by contrast, answers 422).
 *
 * web/ may take only types from src/ (the dependency rule), so the allowed values are restated here and
 * checked against the module's types at compile time.
 */
export const PRODUCT_SORT_VALUES = ['relevance', 'newest', 'price', '-price', 'title', '-title'] as const satisfies readonly ProductSort[];
export const OPTION_KIND_VALUES = ['physical', 'download', 'online_access', 'course'] as const satisfies readonly OptionKind[];
// Compile-time proof that no sort or kind of the module is missing here.
const _allSorts: Exclude<ProductSort, (typeof PRODUCT_SORT_VALUES)[number]> extends never ? true : never = true;
const _allKinds: Exclude<OptionKind, (typeof OPTION_KIND_VALUES)[number]> extends never ? true : never = true;
void _allSorts;
void _allKinds;

export const DEFAULT_PER_PAGE = 24;
/** The API's bounds: beyond them the page falls back to its defaults. */
const MAX_PER_PAGE = 100;
const MAX_PAGE = 10_000;
const MAX_SEARCH_LENGTH = 200;

export const SORT_LABELS: Record<ProductSort, string> = {
  relevance: 'Relevance',
  newest: 'Newest',
  price: 'Price: low to high',
  '-price': 'Price: high to low',
  title: 'Title: A to Z',
  '-title': 'Title: Z to A',
};

/** What a list URL asks for, after dropping whatever does not parse. Undefined = not asked (the default). */
export interface ListParams {
  search?: string;
  brand?: number;
  kind?: OptionKind;
  sort?: ProductSort;
  page: number;
  perPage: number;
}

const wholeNumber = (value: string | undefined, max: number): number | undefined =>
  value !== undefined && /^[1-9][0-9]{0,9}$/.test(value) && Number(value) <= max ? Number(value) : undefined;

export function parseListParams(query: Record<string, string | undefined>): ListParams {
  const params: ListParams = { page: wholeNumber(query.page, MAX_PAGE) ?? 1, perPage: wholeNumber(query.per_page, MAX_PER_PAGE) ?? DEFAULT_PER_PAGE };
  const search = query.search?.trim().replace(/\s+/g, ' ').slice(0, MAX_SEARCH_LENGTH).trim();
  if (search) params.search = search;
  const brand = wholeNumber(query.brand, MAX_ID);
  if (brand !== undefined) params.brand = brand;
  const kind = OPTION_KIND_VALUES.find((k) => k === query.kind);
  if (kind) params.kind = kind;
  const sort = PRODUCT_SORT_VALUES.find((s) => s === query.sort);
  // Relevance means nothing without words to be relevant to.
  if (sort && (sort !== 'relevance' || params.search)) params.sort = sort;
  return params;
}

/** The sort a list is shown in when none is asked for (the service's rule). */
export function defaultSort(params: Pick<ListParams, 'search'>): ProductSort {
  return params.search ? 'relevance' : 'newest';
}

/**
 * A list link that keeps the current parameters except those in `change` (undefined removes one). Any
 * change other than the page number starts again at page 1; defaults are left out, so each list has one URL.
 */
export function listHref(path: string, params: ListParams, change: Partial<ListParams> = {}): string {
  const next: ListParams = { ...params, ...change };
  if (!('page' in change)) next.page = 1;
  const query = new URLSearchParams();
  if (next.search) query.set('search', next.search);
  if (next.brand !== undefined) query.set('brand', String(next.brand));
  if (next.kind) query.set('kind', next.kind);
  if (next.sort && next.sort !== defaultSort(next)) query.set('sort', next.sort);
  if (next.perPage !== DEFAULT_PER_PAGE) query.set('per_page', String(next.perPage));
  if (next.page > 1) query.set('page', String(next.page));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** Whether anything narrows the list beyond its category (a search, a brand, a kind). */
export function hasFilters(params: ListParams): boolean {
  return params.search !== undefined || params.brand !== undefined || params.kind !== undefined;
}

/**
 * The `max` facet values with the most products, in their given order, plus the chosen one: a long catalogue
 * has hundreds of categories, and a list of hundreds of links helps nobody (and made the page five times the
 * size). The unfiltered list at `/category` shows every category: it is the catalogue's index.
 */
export function topFacetValues<T extends { count: number }>(values: readonly T[], max: number, isChosen: (value: T) => boolean): T[] {
  if (values.length <= max) return [...values];
  const kept = new Set([...values].sort((a, b) => b.count - a.count).slice(0, max));
  return values.filter((value) => kept.has(value) || isChosen(value));
}

/** How many values each facet shows (the chosen one is always among them). */
export const FACET_VALUES = 12;

/** The heading (and page title) of a product list: "Training DVDs", "Search results for “x”", … */
export function listHeading(category: { name: string } | null, search: string | undefined): string {
  if (search && category) return `Search results for “${search}” in ${category.name}`;
  if (search) return `Search results for “${search}”`;
  return category ? category.name : 'All products';
}

/** 1 … 4 5 [6] 7 8 … 40: page numbers to link, null for a gap. */
export function pageWindow(page: number, lastPage: number, radius = 2): Array<number | null> {
  const shown = new Set<number>([1, lastPage]);
  for (let n = Math.max(1, page - radius); n <= Math.min(lastPage, page + radius); n++) shown.add(n);
  const sorted = [...shown].sort((a, b) => a - b);
  const out: Array<number | null> = [];
  for (const [index, n] of sorted.entries()) {
    const previous = sorted[index - 1];
    // A gap of exactly one page is shown as that page rather than as "…".
    if (previous !== undefined && n - previous === 2) out.push(previous + 1);
    else if (previous !== undefined && n - previous > 2) out.push(null);
    out.push(n);
  }
  return out;
}
