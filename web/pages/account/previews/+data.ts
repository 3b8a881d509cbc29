import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { loginUrlFor } from '../../../lib/redirect.js';

export type Data = Awaited<ReturnType<typeof data>>;

/** Server-only: the viewer's previews (the guard of /account has already turned anonymous visitors away). */
export async function data(pageContext: PageContextServer) {
  const viewer = pageContext.viewer;
  if (!viewer) throw redirect(loginUrlFor(pageContext.urlPathname));
  const previews = await pageContext.services.previews.listForCustomer(viewer.userId);
  return { previews };
}
