import type { PageContext } from 'vike/types';
import { listHeading } from '../../lib/catalogue-list.js';
import { resolveShell } from '../../lib/shell.js';
import { pageTitle } from '../../lib/title.js';
import type { Data } from './+data.js';

/**
 * "Training DVDs | …", "Search results for “x” | …", with " – page N" beyond the first page. An SEO entry
 * for the path wins, except over search results: an entry for `/category` describes the listing, not
 * whatever a visitor searched for there.
 */
export default function title(pageContext: PageContext<Data>): string {
  const data = pageContext.data;
  if (!data) return pageTitle(pageContext, 'All products');
  const heading = listHeading(data.category, data.params.search);
  const page = data.params.page > 1 ? `${heading} – page ${data.params.page}` : heading;
  return data.params.search ? `${page} | ${resolveShell(pageContext).appName}` : pageTitle(pageContext, page);
}
