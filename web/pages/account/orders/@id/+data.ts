import type { PageContextServer } from 'vike/types';
import { loadOwnOrder } from '../../../../lib/order-page.js';

export type Data = Awaited<ReturnType<typeof data>>;

/** Server-only: the viewer's own order (404 for anyone else's, exactly like one that does not exist). */
export async function data(pageContext: PageContextServer) {
  return { order: await loadOwnOrder(pageContext, pageContext.routeParams.id ?? '') };
}
