import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { loginUrlFor } from '../../lib/redirect.js';

export type Data = Awaited<ReturnType<typeof data>>;

/** Server-only: what checkout offers this customer now (GET /api/checkout's JSON): basket, delivery types, addresses. */
export async function data(pageContext: PageContextServer) {
  const viewer = pageContext.viewer;
  if (!viewer) throw redirect(loginUrlFor(pageContext.urlPathname));
  const checkout = await pageContext.services.checkout.describe(viewer.userId, pageContext.basketVisitor.guestToken);
  return { checkout };
}
