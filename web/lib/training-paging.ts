/** `/account/training` and its licence pages (ADR 0057): 50 rows to a page, the first 5 learners of each licence (10 × 10 rows were 56 kB of the page). */
export const RECORDS_PER_PAGE = 50;
export const LEARNERS_PER_PAGE = 50;
export const LEARNERS_SHOWN = 5;
/** The records filter product.md asks for: certificates that fall due for refresher training soon. */
export const EXPIRING_DAYS = 60;

/** `?page=N` as a page number: anything else is page 1. */
export const pageParam = (value: string | undefined) => (value && /^[1-9][0-9]{0,4}$/.test(value) ? Number(value) : 1);

/** The records' page links keep the filter: `/account/training?expiring=60&page=2`. */
export function recordsHref(expiring: boolean, page: number): string {
  const params = new URLSearchParams();
  if (expiring) params.set('expiring', String(EXPIRING_DAYS));
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return `/account/training${query ? `?${query}` : ''}`;
}
