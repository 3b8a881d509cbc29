import type { PageContext } from 'vike/types';
import { pageDescription } from '../../../lib/title.js';
import type { Data } from './+data.js';

/** The post's excerpt (meta description and og:description). */
export default function description(pageContext: PageContext<Data>): string {
  return pageDescription(pageContext, pageContext.data?.post.excerpt || pageContext.data?.post.title || '');
}
