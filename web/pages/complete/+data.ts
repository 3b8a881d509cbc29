import type { PageContextServer } from 'vike/types';
import { loadCustomerOrder } from '../../lib/order-page.js';

export type Data = Awaited<ReturnType<typeof data>>;

/** Server-only: the viewer's own order named by `?order=` (404 for anyone else's). */
export async function data(pageContext: PageContextServer) {
  return { order: await loadCustomerOrder(pageContext) };
}
