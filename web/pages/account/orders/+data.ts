import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { loginUrlFor } from '../../../lib/redirect.js';

export type Data = Awaited<ReturnType<typeof data>>;

const ORDERS_PER_PAGE = 20;

/** Server-only: one page of the viewer's orders, newest first (`?page=N`; anything else is page 1). */
export async function data(pageContext: PageContextServer) {
  const viewer = pageContext.viewer;
  if (!viewer) throw redirect(loginUrlFor(pageContext.urlPathname));
  const requested = pageContext.urlParsed.search.page ?? '1';
  const page = /^[1-9][0-9]{0,4}$/.test(requested) ? Number(requested) : 1;
  const orders = await pageContext.services.orders.listForCustomer(viewer.userId, page, ORDERS_PER_PAGE);
  return { orders: orders.data, meta: orders.meta };
}
