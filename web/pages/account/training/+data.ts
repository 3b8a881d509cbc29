import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { loginUrlFor } from '../../../lib/redirect.js';

export type Data = Awaited<ReturnType<typeof data>>;

/** Server-only: the viewer's licences with their learners (two queries, whatever the number of licences). */
export async function data(pageContext: PageContextServer) {
  const viewer = pageContext.viewer;
  if (!viewer) throw redirect(loginUrlFor(pageContext.urlPathname));
  return { licences: await pageContext.services.licences.listForCustomer(viewer.userId) };
}
