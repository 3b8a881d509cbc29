import type { PageContextServer } from 'vike/types';
import { loadOwnOrder } from '../../../../lib/order-page.js';

export type Data = Awaited<ReturnType<typeof data>>;

/** Server-only: the viewer's own order (404 for anyone else's, exactly like one that does not exist). */
export async function data(pageContext: PageContextServer) {
  const order = await loadOwnOrder(pageContext, pageContext.routeParams.id ?? '');
  // Places whose course session staff cancelled or moved, waiting for the buyer's choice (issue 27, ADR 0050).
  const sessionChanges = await pageContext.services.sessionChanges.forOrder(pageContext.viewer!.userId, order.id);
  return { order, sessionChanges };
}
