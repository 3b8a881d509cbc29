/**
 * `/category` (every product, and search results with `?search=`) and `/category/{id}` (one category, by
 * slug or numeric id). One page for both: a Route String cannot make the id optional.
 */
export default function route(pageContext: { urlPathname: string }): false | { routeParams: Record<string, string> } {
  const match = /^\/category(?:\/([^/]+))?\/?$/.exec(pageContext.urlPathname);
  if (!match) return false;
  return { routeParams: match[1] ? { id: match[1] } : {} };
}
