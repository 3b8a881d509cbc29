import type { PageContext } from 'vike/types';
import { resolveShell } from '../lib/shell.js';

/** Seed §2: the page title comes from the application name (an SEO entry for the path wins). */
export default function title(pageContext: PageContext): string {
  const shell = resolveShell(pageContext);
  return shell.seo?.title ?? shell.appName;
}
