import type { PageContext } from 'vike/types';
import { resolveShell } from '../../lib/shell.js';

export default function title(pageContext: PageContext): string {
  const what = pageContext.is404 ? 'Page not found' : pageContext.abortStatusCode === 429 ? 'Too many requests' : 'Server Error';
  return `${what} | ${resolveShell(pageContext).appName}`;
}
