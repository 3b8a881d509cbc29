import type { PageContext } from 'vike/types';
import { pageTitle } from '../../../lib/title.js';
import type { Data } from './+data.js';

/** "{post title} | {app name}". */
export default function title(pageContext: PageContext<Data>): string {
  return pageTitle(pageContext, pageContext.data?.post.title ?? 'Blog');
}
