import type { PageContext } from 'vike/types';
import { listHeading } from '../../lib/catalogue.js';
import { pageTitle } from '../../lib/title.js';
import type { Data } from './+data.js';

/** "Training DVDs | …", "Search results for “x” | …", with " – page N" beyond the first page. */
export default function title(pageContext: PageContext<Data>): string {
  const data = pageContext.data;
  if (!data) return pageTitle(pageContext, 'All products');
  const heading = listHeading(data.category, data.params.search);
  return pageTitle(pageContext, data.params.page > 1 ? `${heading} – page ${data.params.page}` : heading);
}
