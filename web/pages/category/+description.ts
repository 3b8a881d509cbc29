import type { PageContext } from 'vike/types';
import { pageDescription } from '../../lib/title.js';
import type { Data } from './+data.js';

export default function description(pageContext: PageContext<Data>): string {
  const data = pageContext.data;
  const fallback = data?.params.search
    ? `Health and safety training products matching “${data.params.search}”: videos, online courses, posters and more.`
    : data?.category
      ? data.category.description || `${data.category.name}: health and safety training material for UK workplaces.`
      : 'Every health and safety training video, online course, poster, PowerPoint pack and risk assessment we sell.';
  return pageDescription(pageContext, fallback);
}
