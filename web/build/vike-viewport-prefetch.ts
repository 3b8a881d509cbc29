import type { Plugin } from 'vite';

/**
 * Vike 0.4.266's link prefetching observes every link with an IntersectionObserver and, for each one on screen, runs
 * the client router over it (`getPageContextLink`: every page's route) before it looks at whether anything is to be
 * prefetched on 'viewport' at all. With the default settings (static assets on 'hover', no page context) nothing is,
 * so that work is thrown away: on the product page ~40 links on a phone's first screen, one 100–400 ms task at 4×
 * CPU after hydration (ADR 0064). This returns before the routing when the link's settings want nothing on
 * 'viewport', which is all the routed result would have been used for (Vike itself skips the page context on
 * 'viewport'). The build fails if the code it patches changes, so an upgrade of Vike must look at this again.
 */
export function vikeViewportPrefetch(): Plugin {
  const file = /[\\/]vike[\\/]dist[\\/]client[\\/]runtime-client-routing[\\/]prefetch\.js$/;
  const anchor = '    // Check again in case DOM was manipulated since last check\n';
  return {
    name: 'shop:vike-viewport-prefetch',
    apply: 'build',
    transform(code, id) {
      if (!file.test(id)) return null;
      if (!code.includes(anchor) || !code.includes("prefetchSettings.staticAssets === event")) {
        throw new Error('vike-viewport-prefetch: Vike\'s prefetch.js changed; see web/build/vike-viewport-prefetch.ts (ADR 0064)');
      }
      return code.replace(anchor, `    if (event === 'viewport' && prefetchSettings.staticAssets !== 'viewport') return;\n${anchor}`);
    },
  };
}
