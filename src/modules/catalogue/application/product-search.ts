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

/** Facet counts with the names and order of the category and brand lists (kinds alphabetically). */
export function namedFacets(
  counts: FacetCounts,
  categories: ReadonlyArray<Pick<CategoryView, 'id' | 'slug' | 'name'>>,
  brands: ReadonlyArray<Pick<BrandView, 'id' | 'name'>>,
): ProductListResult['facets'] {
  const byCategory = new Map(counts.categories.map((facet) => [facet.id, facet.count]));
  const byBrand = new Map(counts.brands.map((facet) => [facet.id, facet.count]));
  return {
    categories: categories
      .filter((category) => byCategory.has(category.id))
      .map((category) => ({ id: category.id, slug: category.slug, name: category.name, count: byCategory.get(category.id)! })),
    brands: brands.filter((brand) => byBrand.has(brand.id)).map((brand) => ({ id: brand.id, name: brand.name, count: byBrand.get(brand.id)! })),
    kinds: [...counts.kinds].sort((a, b) => (a.id < b.id ? -1 : 1)).map((facet) => ({ id: facet.id, name: facet.id, count: facet.count })),
  };
}
