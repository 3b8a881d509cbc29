/**
 * The page a request is for: the path without query, and without Vike's `.pageContext.json` suffix
 * for client navigations (`/blog/index.pageContext.json` is the page `/blog`, `/index.pageContext.json` is `/`).
 */
export function pagePath(url: string): string {
  const path = url.split('?')[0] ?? '/';
  const page = path.replace(/\/index\.pageContext\.json$/, '').replace(/\.pageContext\.json$/, '');
  return page === '' ? '/' : page.length > 1 ? page.replace(/\/+$/, '') : page;
}
