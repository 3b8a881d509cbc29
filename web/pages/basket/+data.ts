import type { PageContextServer } from 'vike/types';

export type Data = Awaited<ReturnType<typeof data>>;

/** Server-only: the visitor's basket (guest by cookie, customer by account), priced from the catalogue now. */
export async function data(pageContext: PageContextServer) {
  const basket = await pageContext.services.basket.get(pageContext.basketVisitor);
  return { basket };
}
