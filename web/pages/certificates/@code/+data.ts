import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';

export type Data = Awaited<ReturnType<typeof data>>;

/** Server-only: the certificate with this code, as the public may see it (name and course only). Unknown → 404 page. */
export async function data(pageContext: PageContextServer) {
  const code = pageContext.routeParams.code ?? '';
  try {
    return { certificate: await pageContext.services.certificates.verify(code) };
  } catch (error) {
    if ((error as { kind?: string }).kind === 'not_found') throw render(404);
    throw error;
  }
}
