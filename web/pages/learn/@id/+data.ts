import { redirect, render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { loginUrlFor } from '../../../lib/redirect.js';
import { isId } from '../../../../src/shared/contracts/ids.js';

export type Data = Awaited<ReturnType<typeof data>>;

/** Server-only: the signed-in learner's own course for the player; anyone else's (or none) is the 404 page. */
export async function data(pageContext: PageContextServer) {
  const viewer = pageContext.viewer;
  if (!viewer) throw redirect(loginUrlFor(pageContext.urlPathname));
  const id = Number(pageContext.routeParams.id);
  if (!isId(id)) throw render(404);
  try {
    return { course: await pageContext.services.player.player(viewer.userId, id) };
  } catch (error) {
    if ((error as { kind?: string }).kind === 'not_found') throw render(404);
    throw error;
  }
}
