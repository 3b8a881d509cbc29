import type { PageContext } from 'vike/types';
import { pageDescription } from '../../lib/title.js';
import type { Data } from './+data.js';

/** The category's description (an SEO entry for the path wins, except over search results, as for the title). */
export default function description(pageContext: PageContext<Data>): string {
  const data = pageContext.data;
  if (data?.params.search) {
    return `Health and safety training products matching “${data.params.search}”: videos, online courses, posters and more.`;
  }
  const fallback = data?.category
    ? data.category.description || `${data.category.name}: health and safety training material for UK workplaces.`
    : 'Every health and safety training video, online course, poster, PowerPoint pack and risk assessment we sell.';
  return pageDescription(pageContext, fallback);
}
