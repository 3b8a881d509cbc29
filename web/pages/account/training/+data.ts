import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { loginUrlFor } from '../../../lib/redirect.js';

export type Data = Awaited<ReturnType<typeof data>>;

/** Server-only: the viewer's licences with their learners (two queries, whatever the number of licences) and their training records. */
export async function data(pageContext: PageContextServer) {
  const viewer = pageContext.viewer;
  if (!viewer) throw redirect(loginUrlFor(pageContext.urlPathname));
  const [licences, records] = await Promise.all([
    pageContext.services.licences.listForCustomer(viewer.userId),
    pageContext.services.records.list(viewer.userId, null),
  ]);
  return { licences, records };
}
