import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { loginUrlFor } from '../../../lib/redirect.js';

export type Data = Awaited<ReturnType<typeof data>>;

/** Server-only: every file of the viewer's paid download options, each with a link signed for them just now. */
export async function data(pageContext: PageContextServer) {
  const viewer = pageContext.viewer;
  if (!viewer) throw redirect(loginUrlFor(pageContext.urlPathname));
  return { downloads: await pageContext.services.downloads.listForCustomer(viewer.userId) };
}
