import { usePageContext } from 'vike-react/usePageContext';
import { useShell } from '../lib/shell.js';

/**
 * Every page's canonical URL and share image: the SEO entry's for this path when staff wrote one, else
 * the public address of the page itself (without its query string).
 */
export default function Head() {
  const pageContext = usePageContext();
  const shell = useShell();
  // Pages whose URL carries a secret (reset and unsubscribe links) get no canonical or share URL.
  const secretUrl = SECRET_URL_PREFIXES.some((prefix) => pageContext.urlPathname.startsWith(prefix));
  // The query is dropped (tracking parameters), except a list's page number: page 2 is its own page.
  const page = /^[1-9]\d{0,4}$/.test(pageContext.urlParsed.search.page ?? '') ? `?page=${pageContext.urlParsed.search.page}` : '';
  const canonical = shell.seo?.canonical_url ?? `${shell.publicUrl}${pageContext.urlPathname}${page === '?page=1' ? '' : page}`;
  const image = shell.seo?.share_image;
  const absoluteImage = image && image.startsWith('/') ? `${shell.publicUrl}${image}` : image;
  return (
    <>
      {secretUrl ? null : <link rel="canonical" href={canonical} />}
      {secretUrl ? null : <meta property="og:url" content={canonical} />}
      {absoluteImage ? <meta property="og:image" content={absoluteImage} /> : null}
    </>
  );
}

const SECRET_URL_PREFIXES = ['/password/reset/', '/newsletter/unsubscribe/'];
