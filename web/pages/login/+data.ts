import type { PageContextServer } from 'vike/types';

export type Data = Awaited<ReturnType<typeof data>>;

/** Server-only: the external sign-in providers that are configured (none → no buttons). */
export function data(pageContext: PageContextServer) {
  const providers = pageContext.services.oauth.providers().map(({ id, name }) => ({ id, name }));
  return { providers };
}
