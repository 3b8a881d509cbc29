import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';

export type Data = Awaited<ReturnType<typeof data>>;

/**
 * Server-only: the certificate with this code, as the public may see it (name and course only). Unknown → 404 page.
 * Unknown codes count against the visitor's address exactly as `GET /api/certificates/{code}` does (one budget for
 * both, ADR 0041/0052), so the page is no way round the limit on guessing: over it, the 429 page.
 */
export async function data(pageContext: PageContextServer) {
  const code = pageContext.routeParams.code ?? '';
  try {
    return { certificate: await pageContext.services.certificates.verify(code, pageContext.clientKey) };
  } catch (error) {
    const kind = (error as { kind?: string }).kind;
    if (kind === 'not_found') throw render(404);
    if (kind === 'rate_limited') throw render(429, 'Too many certificate codes were checked from your network. Please try again in an hour.');
    throw error;
  }
}
