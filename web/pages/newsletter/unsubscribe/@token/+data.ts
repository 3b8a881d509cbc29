import type { PageContextServer } from 'vike/types';

export type Data = Awaited<ReturnType<typeof data>>;

/** Server-only and read-only: whom the link is for (masked), or null for an unknown link. GET changes nothing. */
export async function data(pageContext: PageContextServer) {
  const link = await pageContext.services.newsletter.describeUnsubscribeLink(pageContext.routeParams.token ?? '');
  return { link };
}
