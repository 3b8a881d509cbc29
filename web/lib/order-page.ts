import { redirect, render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import type { OrderView } from '../../src/modules/orders/index.js';
import { loginUrlFor } from './redirect.js';

/**
 * Server-only, for /complete and /cancelled (`?order={id}`): the viewer's own order. Another customer's order is a
 * 404 exactly like one that does not exist, so order ids reveal nothing.
 */
export function loadCustomerOrder(pageContext: PageContextServer): Promise<OrderView> {
  return loadOwnOrder(pageContext, pageContext.urlParsed.search.order ?? '');
}

/** The viewer's own order by its id as the URL carries it (`/account/orders/{id}` too): 404 for anything else. */
export async function loadOwnOrder(pageContext: PageContextServer, id: string): Promise<OrderView> {
  const viewer = pageContext.viewer;
  if (!viewer) throw redirect(loginUrlFor(`${pageContext.urlPathname}${pageContext.urlParsed.searchOriginal ?? ''}`));
  if (!/^[1-9][0-9]{0,9}$/.test(id)) throw render(404);
  try {
    return await pageContext.services.orders.findForCustomer(viewer.userId, Number(id));
  } catch (error) {
    if ((error as { kind?: unknown }).kind === 'not_found') throw render(404);
    throw error;
  }
}
