import type { PageContext } from 'vike/types';
import { resolveShell } from '../lib/shell.js';

/** Seed §2: the page title comes from the application name. */
export default function title(pageContext: PageContext): string {
  return resolveShell(pageContext).appName;
}
