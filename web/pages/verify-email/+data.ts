import type { PageContextServer } from 'vike/types';

export type Data = Awaited<ReturnType<typeof data>>;

/**
 * Server-only: the e-mailed link `/verify-email?token=…` is confirmed as the page renders, so it works without
 * script and on any device (ADR 0033). Mail scanners that open the link first do no harm: the same link opened
 * again answers "already verified".
 */
export async function data(pageContext: PageContextServer) {
  const token = pageContext.urlParsed.search.token ?? '';
  return { outcome: await pageContext.services.emailVerification.follow(token) };
}
