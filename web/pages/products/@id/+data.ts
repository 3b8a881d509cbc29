import { redirect, render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { productPath, toCardView } from '../../../lib/catalogue.js';

export type Data = Awaited<ReturnType<typeof data>>;

/**
 * Server-only: a published product, trimmed to what the page shows. Unknown products and drafts are the
 * 404 page; `/products/{numeric id}` moves permanently to the slug's address (one URL, one canonical). `?option={id}`
 * preselects an option (its row is marked), as the refresher reminders link to the online licence.
 * The view is recorded by the renderer, also when the page comes from the page cache (the service batches
 * it and never fails the page).
 */
export async function data(pageContext: PageContextServer) {
  const id = pageContext.routeParams.id ?? '';
  const product = await pageContext.services.catalogue.findProduct(id);
  if (!product) throw render(404);
  if (id !== product.slug) throw redirect(`${productPath(product.slug)}${pageContext.urlParsed.searchOriginal ?? ''}`, 301);
  pageContext.effects.viewedProductId = product.id;
  // `?option={id}` (a refresher link, ADR 0052) marks one of this product's options; anything else is ignored.
  const wanted = Number(pageContext.urlParsed.search.option);
  const selectedOption = product.options.find((o) => o.id === wanted)?.id ?? null;
  return {
    selectedOption,
    product: {
      id: product.id,
      slug: product.slug,
      title: product.title,
      code: product.code,
      summary: product.summary,
      description: product.description,
      brand: product.brand && { name: product.brand.name, logo_url: product.brand.logo_url, website: product.brand.website },
      price_from: product.price_from,
      price_from_inc_vat: product.price_from_inc_vat,
      images: product.images,
      running_time: product.running_time,
      year: product.year,
      language: product.language,
      accreditation: product.accreditation,
      categories: product.categories.map((c) => ({ slug: c.slug, name: c.name })),
      has_preview: product.has_preview,
      options: product.options.map((o) => ({
        id: o.id, name: o.name, code: o.code, price: o.price, price_inc_vat: o.price_inc_vat, qty: o.qty, kind: o.kind, seats: o.seats, in_stock: o.in_stock,
      })),
      related: product.related.map(toCardView),
    },
  };
}
