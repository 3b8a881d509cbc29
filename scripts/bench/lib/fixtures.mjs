// What the React baseline renders: page contexts captured from the running shop (the serialized
// `vike_pageContext` of real pages), so the baseline draws the same tree with the same data.
import { parse } from '@brillout/json-serializer/parse';

const PAGE_CONTEXT = /<script id="vike_pageContext" type="application\/json"[^>]*>([\s\S]*?)<\/script>/;
const HEAD_ASSETS = /<link rel="(?:stylesheet|modulepreload)"[^>]*>/g;
const BODY_SCRIPT = /<script type="module"[^>]*>[\s\S]*?<\/script>/;

function urlParsed(url) {
  const parsed = new URL(url, 'http://localhost');
  const searchAll = {};
  for (const [key, value] of parsed.searchParams) (searchAll[key] ??= []).push(value);
  return {
    href: url, origin: null, pathname: parsed.pathname, pathnameOriginal: parsed.pathname, hash: '', hashOriginal: null,
    search: Object.fromEntries(parsed.searchParams), searchAll, searchOriginal: parsed.search || null,
  };
}

/** Up to `perRoute` captured page contexts per route, plus each route's asset tags and statuses seen. */
export async function capturePages(baseUrl, routes, perRoute = 20) {
  const pages = {};
  const assetTags = {};
  const problems = [];
  for (const [route, urls] of Object.entries(routes)) {
    pages[route] = [];
    for (const url of urls.slice(0, perRoute)) {
      const response = await fetch(`${baseUrl}${url}`);
      const html = await response.text();
      const match = PAGE_CONTEXT.exec(html);
      if (response.status !== 200 || !match) {
        problems.push(`${url} → ${response.status}${match ? '' : ' (no page context)'}`);
        continue;
      }
      const context = parse(match[1]);
      const parsed = urlParsed(url);
      pages[route].push({ ...context, urlOriginal: url, urlPathname: parsed.pathname, urlParsed: parsed });
      assetTags[route] ??= {
        head: (html.match(HEAD_ASSETS) ?? []).join(''),
        body: (BODY_SCRIPT.exec(html)?.[0] ?? '').replace(/ nonce="[^"]*"/, ''),
      };
    }
  }
  return { pages, assetTags, problems };
}
