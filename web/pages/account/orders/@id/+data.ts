import type { PageContextServer } from 'vike/types';
import { loadOwnOrder } from '../../../../lib/order-page.js';

export type Data = Awaited<ReturnType<typeof data>>;

/**
 * Server-only: the viewer's own order (404 for anyone else's, exactly like one that does not exist), and for an
 * order with course places its Delegates section (training's page service, ADR 0048).
 */
export async function data(pageContext: PageContextServer) {
  const order = await loadOwnOrder(pageContext, pageContext.routeParams.id ?? '');
  const viewer = pageContext.viewer!; // signed in: loadOwnOrder sends anybody else to sign in
  const hasCourses = order.lines.some((line) => line.kind === 'course');
  // Places whose course session staff cancelled or moved, waiting for the buyer's choice (issue 27, ADR 0050), and the
  // Delegates section (ADR 0048): only an order with course places asks training.
  const sessionChanges = hasCourses ? await pageContext.services.sessionChanges.forOrder(viewer.userId, order.id) : [];
  const delegates = hasCourses ? await pageContext.services.delegates.forCustomer(viewer.userId, order.id) : null;
  return { order, sessionChanges, delegates };
}
