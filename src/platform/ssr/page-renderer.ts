import { Inject, Injectable, type OnModuleInit, type OnModuleDestroy } from '@nestjs/common';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { renderPage } from 'vike/server';
import { Environment } from '../../config/environment.js';
import { WEB_BUILD_DIR } from '../../config/project-root.js';
import { PageCache, type CachedRender, type PageEffects, type SharedPage } from './page-cache.js';
import type { PageBasketVisitor, PageServices, PageViewer, ShellData } from './page-context.js';
import { pagePath } from './page-path.js';
import { PageShellReplay, type PageContextInit } from './page-shell-replay.js';
import { StorefrontChanges } from '../cache/storefront-changes.js';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../persistence/database-unavailable.js';

export { pagePath };

export const PAGE_SERVICES = Symbol('PageServices');

export interface RenderedPage {
  statusCode: number;
  headers: Array<[string, string]>;
  body: string | Buffer;
  /** Set when the page is the page cache's, the same bytes for every visitor (ADR 0095). */
  shared?: SharedPage;
}

export interface PageRequest {
  url: string;
  headers: Record<string, string>;
  cspNonce: string | undefined;
  shell: ShellData;
  viewer: PageViewer;
  basketVisitor: PageBasketVisitor;
  /** The visitor's address as rate limits key it (`clientKey`): pages that look up secrets by a typed code limit guesses. */
  clientKey: string;
}

/** Renders a page with Vike in this process, handing it the application services. */
@Injectable()
export class PageRenderer implements OnModuleInit, OnModuleDestroy {
  private readonly cache = new PageCache();
  /** Pages rendered without Vike's per-request pipeline once learned from Vike's own renders (ADR 0087). */
  private readonly replay = new PageShellReplay();
  /** Every announced storefront change (an admin edit, a CLI import…) clears the cached pages of this process. */
  private readonly stopListening = StorefrontChanges.subscribe(() => this.cache.clear());
  /** Expired pages go even when no page is rendered meanwhile (an API-only spell of traffic). */
  private readonly dropExpiredPages = setInterval(() => this.cache.dropExpired(), 30_000).unref();

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
    // Not in development: an edited page must show on the next reload, not 30 s later.
    const cacheable = this.env.NODE_ENV !== 'development' && PageCache.isCacheable(request.url, request.viewer === null && request.shell.basket.items === 0);
    const page = cacheable
      ? await this.cache.getOrRender(request.url, request.cspNonce, () => this.renderFresh(request))
      : await this.renderFresh(request);
    if (page.effects.viewedProductId !== null) this.services.productViews.record(page.effects.viewedProductId, request.viewer?.userId ?? null);
    return { statusCode: page.statusCode, headers: page.headers, body: page.body, shared: page.shared };
  }

  onModuleDestroy(): void {
    this.stopListening();
    clearInterval(this.dropExpiredPages);
  }

  /** How this process rendered its fresh pages so far (ADR 0087): replayed by the shop, or by Vike's renderPage(). */
  readonly freshRenders = { replayed: 0, vike: 0 };

  /** Whether a page (Vike's pageId) is rendered without Vike by now: for tests and the bench. */
  replays(pageId: string): boolean {
    return this.replay.replays(pageId);
  }

  /**
   * A page rendered afresh: by the shop itself when the page was learned (ADR 0087), else by Vike, whose render then
   * teaches the shop the page. Production only: in development the pages change under Vite.
   */
  private async renderFresh(request: PageRequest): Promise<CachedRender> {
    const seo = await this.services.seo.findForPath(pagePath(request.url));
    const replaying = this.env.NODE_ENV !== 'development';
    if (replaying) {
      const effects: PageEffects = { viewedProductId: null };
      const replayed = await this.replay.render(this.pageContextInit(request, seo, effects));
      if (replayed) {
        this.freshRenders.replayed += 1;
        return { ...replayed, effects };
      }
    }
    this.freshRenders.vike += 1;
    const effects: PageEffects = { viewedProductId: null };
    const init = this.pageContextInit(request, seo, effects);
    const pageContext = await renderPage(init);
    const response = pageContext.httpResponse;
    if (!response) throw new Error(`Vike rendered nothing for ${request.url}`);
    if (replaying && response.statusCode === 200) {
      await this.replay.learn(init, { statusCode: response.statusCode, headers: response.headers, body: response.body, pageContext: pageContext as unknown as Record<string, unknown> });
    }
    // A page whose data could not be read because PostgreSQL is down gets the error page as 503, like the API:
    // a passing outage, not a bug, and what a load balancer or crawler should retry.
    if (response.statusCode === 500 && isDatabaseUnavailable(pageContext.errorWhileRendering)) {
      const headers: Array<[string, string]> = [...response.headers, ['retry-after', String(DATABASE_RETRY_AFTER_SECONDS)]];
      return { statusCode: 503, headers, body: response.body, effects };
    }
    return { statusCode: response.statusCode, headers: response.headers, body: response.body, effects };
  }

  /** What renderPage() is given: the request, the application services and the shell every page reads. */
  private pageContextInit(request: PageRequest, seo: ShellData['seo'], effects: PageEffects): PageContextInit {
    return {
      urlOriginal: request.url,
      headersOriginal: request.headers,
      cspNonce: request.cspNonce,
      services: this.services,
      shell: { ...request.shell, seo },
      viewer: request.viewer,
      basketVisitor: request.basketVisitor,
      clientKey: request.clientKey,
      effects,
    };
  }
}
