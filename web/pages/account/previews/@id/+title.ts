import type { PageContext } from 'vike/types';
import { pageTitle } from '../../../../lib/title.js';
import type { Data } from './+data.js';

/** "Preview: {product title} | {app name}". */
export default function title(pageContext: PageContext<Data>): string {
  const product = pageContext.data?.preview.product.title;
  return pageTitle(pageContext, product ? `Preview: ${product}` : 'Preview');
}
