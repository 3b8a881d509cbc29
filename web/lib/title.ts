import type { PageContext } from 'vike/types';
import { resolveShell } from './shell.js';

/** "<page> | <application name>" (seed §2: the title comes from the application name). */
export function pageTitle(pageContext: PageContext, page: string): string {
  return `${page} | ${resolveShell(pageContext).appName}`;
}
