import type { BrandView, CategoryView, ProductListResult, ProductSort } from './catalogue-views.js';
import type { CatalogueReads, FacetCounts, ProductCardRow, ProductFilter } from './ports/catalogue-reads.port.js';

/**
 * A search's steps, apart from ProductBrowseService's caches: which statements run, in which order. Free of the
 * framework (type imports only), so the bench (ADR 0013) runs this very flow over a raw `pg` client.
 */

/** Search terms are corrected word by word; longer terms are not worth correcting. */
const MAX_CORRECTED_WORDS = 8;

/** The reads a search makes. */
export type SearchReads = Pick<CatalogueReads, 'searchSummary' | 'searchPage' | 'listProducts' | 'suggestWords'>;

export interface FoundProducts {
  rows: ProductCardRow[];
  total: number;
  /** The term the rows were found for, when the words as typed found nothing and a correction did. */
  correctedSearch: string | null;
  counts: FacetCounts;
}

/**
 * A search: one statement gives the total, the facet counts and (in relevance order) usually the page too
 * (searchSummary); the page is read through the index when walking did not fill it (ADR 0014, "Search at
 * 100k"). Nothing for the words as typed: the nearest title words are tried ("manul handling" → "manual
 * handling").
 */
export async function searchProducts(
  reads: SearchReads, filter: ProductFilter & { search: string }, sort: ProductSort, offset: number, limit: number,
): Promise<FoundProducts> {
  const walk = sort === 'relevance' ? { offset, limit } : null;
  let summary = await reads.searchSummary(filter, walk);
  let correctedSearch: string | null = null;
  if (summary.total === 0) {
    correctedSearch = await correct(reads, filter.search);
    if (correctedSearch) {
      filter = { ...filter, search: correctedSearch };
      summary = await reads.searchSummary(filter, walk);
      if (summary.total === 0) correctedSearch = null;
    }
  }
  let rows: ProductCardRow[] = [];
  if (offset < summary.total) {
    if (sort !== 'relevance') rows = await reads.listProducts(filter, sort, offset, limit);
    else if (summary.page?.length === limit) rows = summary.page;
    else rows = await reads.searchPage(filter, offset, limit);
  }
  return { rows, total: summary.total, correctedSearch, counts: summary.counts };
}

/** The words of a term that a correction looks up: each run of 3–40 letters, lower case, once, at most eight. */
export function correctableWords(search: string): string[] {
  return [...new Set(search.toLowerCase().match(/[a-z]{3,40}/g) ?? [])].slice(0, MAX_CORRECTED_WORDS);
}

/** The term with each unknown word replaced by the nearest title word; null when nothing changes. */
async function correct(reads: SearchReads, search: string): Promise<string | null> {
  const words = correctableWords(search);
  if (words.length === 0) return null;
  const suggestions = await reads.suggestWords(words);
  let changed = false;
  const corrected = search.toLowerCase().replace(/[a-z]{3,40}/g, (word) => {
    const suggestion = suggestions.get(word);
    if (!suggestion || suggestion === word) return word;
    changed = true;
    return suggestion;
  });
  return changed ? corrected : null;
}

type CategoryNames = ReadonlyArray<Pick<CategoryView, 'id' | 'slug' | 'name'>>;
type BrandNames = ReadonlyArray<Pick<BrandView, 'id' | 'name'>>;
type NamedFacets = ProductListResult['facets'];

/** Facet counts with the names and order of the category and brand lists (kinds alphabetically). */
export function namedFacets(counts: FacetCounts, categories: CategoryNames, brands: BrandNames): NamedFacets {
  return { categories: nameCategories(counts.categories, categories), brands: nameBrands(counts.brands, brands), kinds: nameKinds(counts.kinds) };
}

function nameCategories(counts: FacetCounts['categories'], categories: CategoryNames): NamedFacets['categories'] {
  const byCategory = new Map(counts.map((facet) => [facet.id, facet.count]));
  return categories
    .filter((category) => byCategory.has(category.id))
    .map((category) => ({ id: category.id, slug: category.slug, name: category.name, count: byCategory.get(category.id)! }));
}

function nameBrands(counts: FacetCounts['brands'], brands: BrandNames): NamedFacets['brands'] {
  const byBrand = new Map(counts.map((facet) => [facet.id, facet.count]));
  return brands.filter((brand) => byBrand.has(brand.id)).map((brand) => ({ id: brand.id, name: brand.name, count: byBrand.get(brand.id)! }));
}

function nameKinds(counts: FacetCounts['kinds']): NamedFacets['kinds'] {
  return [...counts].sort((a, b) => (a.id < b.id ? -1 : 1)).map((facet) => ({ id: facet.id, name: facet.id, count: facet.count }));
}

/**
 * namedFacets, each facet named once per counts list and name list and then shared. A list's counts come
 * interned from the kept counts (listSummary answers the same array for the same counts), and a category's
 * facet is the same for every list with the same brand and kind, so page 1–400 of anything share one named
 * list of 200 categories instead of building (and, in the list cache, keeping) one each: that garbage was most
 * of what an uncached list allocated besides its cards (ADR 0061). Keyed by the arrays themselves (weakly), so
 * a search's fresh counts are named as before and forgotten with them, and counts that change are new arrays.
 * The named lists are shared: read them, never change them.
 */
export class FacetNaming {
  private readonly named = new WeakMap<object, { names: object | null; facets: NamedFacets[keyof NamedFacets] }>();

  name(counts: FacetCounts, categories: CategoryNames, brands: BrandNames): NamedFacets {
    return {
      categories: this.once(counts.categories, categories, () => nameCategories(counts.categories, categories)),
      brands: this.once(counts.brands, brands, () => nameBrands(counts.brands, brands)),
      kinds: this.once(counts.kinds, null, () => nameKinds(counts.kinds)),
    };
  }

  /** The named facet for these counts and these names (the cached lists are replaced, never changed, on a refresh). */
  private once<T extends NamedFacets[keyof NamedFacets]>(counts: object, names: object | null, name: () => T): T {
    const known = this.named.get(counts);
    if (known && known.names === names) return known.facets as T;
    const facets = name();
    this.named.set(counts, { names, facets });
    return facets;
  }
}
