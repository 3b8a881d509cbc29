import type { PageEffects } from '../src/platform/ssr/page-cache.js';
import type { PageBasketVisitor, PageServices, PageViewer, ShellData } from '../src/platform/ssr/page-context.js';

declare global {
  namespace Vike {
    interface Config {
      /** false: the page is always rendered by Vike, never replayed by the shop (ADR 0087). */
      replay?: boolean;
    }
    interface PageContext {
      shell: ShellData;
    }
    interface PageContextServer {
      services: PageServices;
      viewer: PageViewer;
      /** Whose basket the page shows (the guest token stays on the server). */
      basketVisitor: PageBasketVisitor;
      /** The visitor's address as rate limits key it (the certificate page limits unknown codes like the API). */
      clientKey: string;
      /** What the page did that a cached copy must repeat on each hit (see platform/ssr/page-cache.ts). */
      effects: PageEffects;
    }
  }
}

export {};
