import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';

export type Data = Awaited<ReturnType<typeof data>>;

/** Server-only: one published post. Unknown slugs, drafts and scheduled posts answer the 404 page. */
export async function data(pageContext: PageContextServer) {
  const slug = pageContext.routeParams.slug ?? '';
  const post = await pageContext.services.blog.findPublished(slug);
  if (!post) throw render(404);
  return { post };
}
