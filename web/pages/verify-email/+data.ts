import type { PageContextServer } from 'vike/types';

export type Data = Awaited<ReturnType<typeof data>>;

/**
 * Server-only: what the e-mailed link `/verify-email?token=…` is (ADR 0033). Looking changes nothing — the page's
 * button confirms — because mail scanners open every link in a message before the person does.
 */
export async function data(pageContext: PageContextServer) {
  const token = pageContext.urlParsed.search.token ?? '';
  return { outcome: await pageContext.services.emailVerification.inspect(token) };
}
