import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { loginUrlFor } from '../../lib/redirect.js';

export type Data = Awaited<ReturnType<typeof data>>;

/** Server-only: the signed-in learner's courses (the invitation page below is open to visitors, so no guard here). */
export async function data(pageContext: PageContextServer) {
  const viewer = pageContext.viewer;
  if (!viewer) throw redirect(loginUrlFor(pageContext.urlPathname));
  return { courses: await pageContext.services.learning.courses(viewer.userId) };
}
