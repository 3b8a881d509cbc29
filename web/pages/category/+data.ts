import { redirect, render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { categoryPath, findCategoryIn, toCardView } from '../../lib/catalogue.js';
import { FACET_VALUES, OPTION_KIND_VALUES, hasFilters, parseListParams, topFacetValues } from '../../lib/catalogue-list.js';

export type Data = Awaited<ReturnType<typeof data>>;

/**
 * Server-only: one page of a product list — a category, a search, or everything — with its facets.
 * Malformed parameters fall back to their defaults (never an error page); an unknown category and a page
 * past the last are the 404 page; `/category/{numeric id}` moves permanently to the slug's address, so each
 * category has one URL (and one canonical).
 */
export async function data(pageContext: PageContextServer) {
  const { catalogue } = pageContext.services;
  const params = parseListParams(pageContext.urlParsed.search);
  const id = pageContext.routeParams.id;
  // Every category with its count is a costly read on a large catalogue: only when a category is named,
  // or for the "no results" suggestions — never for a plain list or a search that found something.
  const categories = id === undefined ? null : await catalogue.listCategories();
  const category = id === undefined ? null : findCategoryIn(categories ?? [], id);
  if (category === undefined) throw render(404);
  if (category && id !== category.slug) throw redirect(`${categoryPath(category.slug)}${pageContext.urlParsed.searchOriginal ?? ''}`, 301);

  const list = await catalogue.listProducts({
    search: params.search,
    category: category ? String(category.id) : undefined,
    brand: params.brand,
    kind: params.kind,
    sort: params.sort,
    page: params.page,
    perPage: params.perPage,
  });
  if (params.page > list.meta.last_page) throw render(404);
  const isIndex = category === null && !hasFilters(params); // `/category`: every category, the catalogue's index
  const facetCategories = list.facets.categories.map((f) => ({ slug: f.slug ?? String(f.id), name: f.name, count: f.count }));
  const facetBrands = list.facets.brands.map((f) => ({ id: Number(f.id), name: f.name, count: f.count }));
  return {
    category: category && { slug: category.slug, name: category.name, description: category.description },
    params,
    sort: list.meta.sort,
    products: list.data.map(toCardView),
    total: list.meta.total,
    /** Set when the words as typed found nothing and the nearest title words did ("manul" → "manual"). */
    correctedSearch: list.meta.corrected_search,
    lastPage: list.meta.last_page,
    facets: {
      categories: isIndex ? facetCategories : topFacetValues(facetCategories, FACET_VALUES, (f) => f.slug === category?.slug),
      brands: topFacetValues(facetBrands, FACET_VALUES, (f) => f.id === params.brand),
      kinds: list.facets.kinds.flatMap((f) => {
        const kind = OPTION_KIND_VALUES.find((k) => k === f.id);
        return kind ? [{ kind, count: f.count }] : [];
      }),
    },
    // Where to go when nothing matched: the categories that have something in them.
    suggestions: list.meta.total > 0
      ? []
      : (categories ?? (await catalogue.listCategories())).filter((c) => c.product_count > 0).map((c) => ({ slug: c.slug, name: c.name })),
  };
}
