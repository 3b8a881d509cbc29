import { redirect, render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { loginUrlFor } from '../../../../lib/redirect.js';

export type Data = Awaited<ReturnType<typeof data>>;

/**
 * Server-only: one of the viewer's previews, with its video only while it may be watched. Someone else's
 * preview is a 404, exactly like one that does not exist, so ids reveal nothing.
 */
export async function data(pageContext: PageContextServer) {
  const viewer = pageContext.viewer;
  if (!viewer) throw redirect(loginUrlFor(pageContext.urlPathname));
  const id = pageContext.routeParams.id ?? '';
  if (!/^[1-9][0-9]{0,9}$/.test(id)) throw render(404);
  const preview = await pageContext.services.previews.findForCustomer(viewer.userId, Number(id));
  if (!preview) throw render(404);
  return { preview };
}
