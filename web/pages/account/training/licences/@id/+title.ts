import type { PageContext } from 'vike/types';
import { pageTitle } from '../../../../../lib/title.js';
import type { Data } from './+data.js';

/** "Learners of {course} | {app name}". */
export default function title(pageContext: PageContext<Data>): string {
  const course = pageContext.data?.licence.product.title;
  return pageTitle(pageContext, course ? `Learners of ${course}` : 'Licence');
}
