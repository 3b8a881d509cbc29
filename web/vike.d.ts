import type { PageServices, PageViewer, ShellData } from '../src/platform/ssr/page-context.js';

declare global {
  namespace Vike {
    interface PageContext {
      shell: ShellData;
    }
    interface PageContextServer {
      services: PageServices;
      viewer: PageViewer;
    }
  }
}

export {};
