import type { PageContextClient } from 'vike/types';
import { yieldToBrowser } from '../lib/yield-to-browser.js';

/**
 * vike-react calls this just before it hydrates (or renders) the page. On hydration the browser first gets a turn:
 * loading the page's code and Vike's bookkeeping for it end one task, and React's hydration starts the next, instead
 * of both running as one long task while the phone's user may already be tapping (Total Blocking Time, ADR 0097).
 * Client navigations go straight on.
 */
export default async function onBeforeRenderClient(pageContext: PageContextClient): Promise<void> {
  if (pageContext.isHydration) await yieldToBrowser();
}
