import type { PageContext } from 'vike/types';
import { pageTitle } from '../../../../lib/title.js';
import type { Data } from './+data.js';

/** "Order HS-100123 | {app name}". */
export default function title(pageContext: PageContext<Data>): string {
  const number = pageContext.data?.order.number;
  return pageTitle(pageContext, number ? `Order ${number}` : 'Order');
}
