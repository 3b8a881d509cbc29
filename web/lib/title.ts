import type { PageContext } from 'vike/types';
import { resolveShell } from './shell.js';

/**
 * "<page> | <application name>" (seed §2: the title comes from the application name) — unless staff
 * wrote an SEO entry for this path, which wins.
 */
export function pageTitle(pageContext: PageContext, page: string): string {
  const shell = resolveShell(pageContext);
  return shell.seo?.title ?? `${page} | ${shell.appName}`;
}

/** The page's meta description: the SEO entry's for this path, else the page's own. */
export function pageDescription(pageContext: PageContext, fallback: string): string {
  return resolveShell(pageContext).seo?.description ?? fallback;
}
