import type { PageContextServer } from 'vike/types';
import { loadOwnOrder } from '../../../../lib/order-page.js';

export type Data = Awaited<ReturnType<typeof data>>;

/**
 * Server-only: the viewer's own order (404 for anyone else's, exactly like one that does not exist), and for an
 * order with course places its Delegates section (training's page service, ADR 0048).
 */
export async function data(pageContext: PageContextServer) {
  const order = await loadOwnOrder(pageContext, pageContext.routeParams.id ?? '');
  const viewer = pageContext.viewer; // signed in: loadOwnOrder sends anybody else to sign in
  const delegates = viewer && order.lines.some((line) => line.kind === 'course') ? await pageContext.services.delegates.forCustomer(viewer.userId, order.id) : null;
  return { order, delegates };
}
