import type { PageContextServer } from 'vike/types';
import { HOME_CATEGORY_TILES, toCardView } from '../../lib/catalogue.js';

const HOME_WIDGETS = ['home-intro', 'home-benefits', 'home-accreditation'] as const;
const FEATURED = 8;
const POPULAR = 8;

export type Data = Awaited<ReturnType<typeof data>>;

/**
 * Server-only: the editable content blocks of the home page (a missing block is `null`), featured and
 * popular products, the categories and the brands that have a logo — read side by side, trimmed to what
 * the page shows.
 */
export async function data(pageContext: PageContextServer) {
  const { widgets, catalogue, productViews } = pageContext.services;
  const [blocks, featured, categories, brands, popular] = await Promise.all([
    widgets.getBlocks(HOME_WIDGETS),
    catalogue.featured(FEATURED),
    catalogue.listCategories(),
    catalogue.listBrands(),
    productViews.popularIds(POPULAR).then((ids) => catalogue.cards(ids)),
  ]);
  return {
    intro: blocks['home-intro'],
    benefits: blocks['home-benefits'],
    accreditation: blocks['home-accreditation'],
    featured: featured.map(toCardView),
    popular: popular.map(toCardView),
    // The first categories in the shop's order; the rest are one click away at `/category` (the index).
    categories: categories
      .slice(0, HOME_CATEGORY_TILES)
      .map((c) => ({ slug: c.slug, name: c.name, description: c.description, count: c.product_count })),
    categoryCount: categories.length,
    brands: brands.flatMap((b) => (b.logo_url ? [{ id: b.id, name: b.name, logo_url: b.logo_url }] : [])),
  };
}
