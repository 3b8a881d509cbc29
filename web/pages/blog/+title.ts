import type { PageContext } from 'vike/types';
import { pageTitle } from '../../lib/title.js';

export default function title(pageContext: PageContext): string {
  const page = Number(pageContext.urlParsed.search.page ?? '1');
  return pageTitle(pageContext, page > 1 ? `Blog – page ${page}` : 'Blog');
}
