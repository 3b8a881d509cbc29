import type { PageContext } from 'vike/types';
import { resolveShell } from '../../lib/shell.js';

export default function title(pageContext: PageContext): string {
  return `${pageContext.is404 ? 'Page not found' : 'Server Error'} | ${resolveShell(pageContext).appName}`;
}
