import { redirect, render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { LEARNERS_PER_PAGE, pageParam } from '../../../../../lib/training-paging.js';
import { loginUrlFor } from '../../../../../lib/redirect.js';
import { licenceCard } from '../../../../../lib/training.js';

export type Data = Awaited<ReturnType<typeof data>>;

/** Server-only: the viewer's licence with one page of its learners (`?page=N`); 404 for another customer's, as for none (ADR 0057). */
export async function data(pageContext: PageContextServer) {
  const viewer = pageContext.viewer;
  if (!viewer) throw redirect(loginUrlFor(`${pageContext.urlPathname}${pageContext.urlParsed.searchOriginal ?? ''}`));
  const id = pageContext.routeParams.id ?? '';
  if (!/^[1-9][0-9]{0,9}$/.test(id)) throw render(404);
  try {
    const { licence, meta } = await pageContext.services.licences.findForCustomer(viewer.userId, Number(id), pageParam(pageContext.urlParsed.search.page), LEARNERS_PER_PAGE);
    // Serialised into the HTML: only what the card shows (ADR 0065).
    return { licence: licenceCard(licence), meta };
  } catch (error) {
    if ((error as { kind?: unknown }).kind === 'not_found') throw render(404);
    throw error;
  }
}
