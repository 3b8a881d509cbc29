import type { PageContext } from 'vike/types';
import { pageTitle } from '../../../lib/title.js';
import type { Data } from './+data.js';

/** "{product title} | {app name}" (an SEO entry for the path wins). */
export default function title(pageContext: PageContext<Data>): string {
  return pageTitle(pageContext, pageContext.data?.product.title ?? 'Product');
}
