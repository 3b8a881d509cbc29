import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { EXPIRING_DAYS, LEARNERS_SHOWN, pageParam, RECORDS_PER_PAGE } from '../../../lib/training-paging.js';
import { loginUrlFor } from '../../../lib/redirect.js';
import { licenceCard } from '../../../lib/training.js';

export type Data = Awaited<ReturnType<typeof data>>;

/**
 * Server-only: the viewer's licences with their counts and first learners (one statement), and one page of their
 * training records (`?page=N`, `?expiring=60`) with its total (one statement): a buyer with 500 learners got them all
 * in the page (ADR 0057). What is returned is serialised into the HTML for hydration, so the licences are cut to
 * what their cards show (ADR 0065).
 */
export async function data(pageContext: PageContextServer) {
  const viewer = pageContext.viewer;
  if (!viewer) throw redirect(loginUrlFor(`${pageContext.urlPathname}${pageContext.urlParsed.searchOriginal ?? ''}`));
  const search = pageContext.urlParsed.search;
  const expiring = search.expiring !== undefined;
  const [licences, records] = await Promise.all([
    pageContext.services.licences.listForCustomer(viewer.userId, LEARNERS_SHOWN),
    pageContext.services.records.page(viewer.userId, expiring ? EXPIRING_DAYS : null, pageParam(search.page), RECORDS_PER_PAGE),
  ]);
  return { licences: licences.map(licenceCard), records: records.data, recordsMeta: records.meta, expiring };
}
