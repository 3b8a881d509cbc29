/**
 * `/admin` and everything below it. (The Route String `/admin/*` would not match `/admin` itself, hence a
 * Route Function.)
 */
export default function route(pageContext: { urlPathname: string }): boolean {
  const { urlPathname } = pageContext;
  return urlPathname === '/admin' || urlPathname.startsWith('/admin/');
}
