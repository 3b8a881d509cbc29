import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { renderPage } from 'vike/server';
import { Environment } from '../../config/environment.js';
import { WEB_BUILD_DIR } from '../../config/project-root.js';
import type { PageServices, PageViewer, ShellData } from './page-context.js';

export const PAGE_SERVICES = Symbol('PageServices');

export interface RenderedPage {
  statusCode: number;
  headers: Array<[string, string]>;
  body: string;
}

export interface PageRequest {
  url: string;
  headers: Record<string, string>;
  cspNonce: string | undefined;
  shell: ShellData;
  viewer: PageViewer;
}

/** Renders a page with Vike in this process, handing it the application services. */
@Injectable()
export class PageRenderer implements OnModuleInit {
  constructor(
    private readonly env: Environment,
    @Inject(PAGE_SERVICES) private readonly services: PageServices,
  ) {}

  async onModuleInit(): Promise<void> {
    // In development Vite's dev server (mounted by createShopApp) serves the pages from source; anywhere
    // else the build is imported explicitly, so nothing depends on Vike finding it on its own.
    if (this.env.NODE_ENV !== 'development') {
      const entry = path.join(WEB_BUILD_DIR, 'server', 'entry.mjs');
      try {
        await import(pathToFileURL(entry).href);
      } catch (error) {
        throw new Error(`The storefront build is missing (${entry}); run \`make build\` first.`, { cause: error });
      }
    }
  }

  async render(request: PageRequest): Promise<RenderedPage> {
    const seo = await this.services.seo.findForPath(pagePath(request.url));
    const pageContext = await renderPage({
      urlOriginal: request.url,
      headersOriginal: request.headers,
      cspNonce: request.cspNonce,
      services: this.services,
      shell: { ...request.shell, seo },
      viewer: request.viewer,
    });
    const response = pageContext.httpResponse;
    if (!response) throw new Error(`Vike rendered nothing for ${request.url}`);
    return { statusCode: response.statusCode, headers: response.headers, body: response.body };
  }
}

/**
 * The page a request is for: the path without query, and without Vike's `.pageContext.json` suffix
 * for client navigations (`/blog/index.pageContext.json` is the page `/blog`, `/index.pageContext.json` is `/`).
 */
export function pagePath(url: string): string {
  const path = url.split('?')[0] ?? '/';
  const page = path.replace(/\/index\.pageContext\.json$/, '').replace(/\.pageContext\.json$/, '');
  return page === '' ? '/' : page.length > 1 ? page.replace(/\/+$/, '') : page;
}
