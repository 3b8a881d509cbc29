import type { PageContext } from 'vike/types';
import { resolveShell } from '../../lib/shell.js';
import { pageTitle } from '../../lib/title.js';

export default function title(pageContext: PageContext): string {
  const shell = resolveShell(pageContext);
  return shell.seo?.title ?? pageTitle(pageContext, 'Health & Safety Training Videos, Courses and Posters');
}
