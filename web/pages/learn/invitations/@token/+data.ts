import type { PageContextServer } from 'vike/types';

export type Data = Awaited<ReturnType<typeof data>>;

/**
 * Server-only: what the invitation is (course, who invited, still open or not), read without changing anything —
 * mail scanners open links before people do; only the page's button accepts it.
 */
export async function data(pageContext: PageContextServer) {
  const token = pageContext.routeParams.token ?? '';
  return { invitation: await pageContext.services.learning.inspect(token, pageContext.viewer?.userId ?? null) };
}
