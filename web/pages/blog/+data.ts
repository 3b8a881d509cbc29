import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';

const BLOG_PAGE_SIZE = 10;

export type Data = Awaited<ReturnType<typeof data>>;

/** Server-only: one page of published posts, newest first. `?page=` beyond the last page (or not a number) → 404. */
export async function data(pageContext: PageContextServer) {
  const raw = pageContext.urlParsed.search.page;
  if (raw !== undefined && !/^[1-9][0-9]{0,3}$/.test(raw)) throw render(404);
  const page = raw === undefined ? 1 : Number(raw);
  const list = await pageContext.services.blog.listPublished({ page, perPage: BLOG_PAGE_SIZE });
  if (page > list.meta.last_page) throw render(404);
  return { posts: list.data, meta: list.meta };
}
