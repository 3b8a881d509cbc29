import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, watchProblems, type PageProblems } from './browser.js';
import { nextClientIp } from './identity-browser.js';
import { freePort } from './oidc-browser-peer.js';
import { ROOT, startServerProcess, type ServerProcess } from './server-process.js';
import { DEMO_SHOP_TEMPLATE } from './demo-shop-template.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

/** Where the browser suites leave their screenshots, to be looked at (and kept by CI). */
export const SCREENSHOTS = path.join(ROOT, 'var/test-results/screenshots');

export function prepareScreenshots(): Promise<string | undefined> {
  return mkdir(SCREENSHOTS, { recursive: true });
}

export interface BrowserShop {
  readonly server: ServerProcess;
  /** A fresh browser context (its own cookies, its own client address) and page, watched for problems. */
  open(options?: OpenOptions): Promise<WatchedPage>;
}

export interface WatchedPage {
  context: BrowserContext;
  page: Page;
  problems: PageProblems;
}

export interface OpenOptions {
  /** The suite's viewport (1280×900) otherwise. */
  viewport?: { width: number; height: number };
  /** False: the page as a visitor without JavaScript gets it. */
  javaScriptEnabled?: boolean;
}

export interface BrowserShopOptions {
  viewport?: { width: number; height: number };
  setupTimeoutMs?: number;
  /**
   * Run the server the way `make start` does (NODE_ENV=production: no development mailbox, no OpenAPI page),
   * for the journeys that need neither.
   */
  production?: boolean;
  /** More of the server's environment, made once its public URL is known (an OpenID Connect peer's settings). */
  env?: (publicUrl: string) => Promise<Record<string, string>>;
  /** Runs once the server is up: data a suite arranges through the API. */
  ready?: (server: ServerProcess) => Promise<void>;
  /** Runs after the server has stopped (a peer started by `env`). */
  cleanUp?: () => Promise<void>;
}

/**
 * The hooks of a browser suite: `start` once before its tests, the contexts a test opened (pushed on the array
 * returned) closed after it, and `stop` once after them all, also after a failed start.
 *
 * Three minutes for the start: the first suite of a run builds the demo-shop template (migrate, seed, pictures) inside
 * its `beforeAll` while the other worker waits on the template's lock, and on a fresh clone of a busy 2-core machine
 * that took longer than a minute (ADR 0026 addendum 5). A start that works takes seconds either way.
 */
export function useSuiteHooks(start: () => Promise<void>, stop: () => Promise<void>, timeoutMs = 180_000): BrowserContext[] {
  const contexts: BrowserContext[] = [];
  let setup: Promise<void> | undefined;
  beforeAll(() => (setup = start()), timeoutMs);
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await setup?.catch(() => undefined);
    await stop();
  });
  return contexts;
}

/**
 * A fresh browser context (its own cookies, its own client address, kept in `contexts` to be closed after the test)
 * and its page, watched for problems: what both harnesses' `open` give a test.
 */
export async function openWatchedPage(browser: Browser, contexts: BrowserContext[], baseURL: string, open: OpenOptions & { viewport: { width: number; height: number } }): Promise<WatchedPage> {
  const context = await browser.newContext({
    baseURL,
    viewport: open.viewport,
    javaScriptEnabled: open.javaScriptEnabled ?? true,
    extraHTTPHeaders: { 'X-Forwarded-For': nextClientIp() },
  });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(7000);
  // A navigation waits for the server: on a busy 2-core CI machine a first render (Vike loading a page's files)
  // has taken longer than 7 s (enquiries' page.goto, 2026-11-25), so navigations get more time than clicks.
  page.setDefaultNavigationTimeout(30_000);
  return { context, page, problems: await watchProblems(page) };
}

/**
 * The harness of a browser suite: Chromium, a fresh migrated and demo-seeded database (a copy of DEMO_SHOP_TEMPLATE), and the BUILT
 * server as a separate process with NODE_ENV=test (so the development mailbox is mounted) and PUBLIC_URL
 * set to its own address (so e-mailed links open here). Registers the suite's hooks; contexts opened by a
 * test are closed after it.
 */
export function useBrowserShop(options: BrowserShopOptions = {}): BrowserShop {
  const viewport = options.viewport ?? { width: 1280, height: 900 };
  let browser: Browser | undefined;
  let database: TestDatabase | undefined;
  let server: ServerProcess | undefined;
  const contexts = useSuiteHooks(
    async () => {
      browser = await launchBrowser();
      database = await createTestDatabase(DEMO_SHOP_TEMPLATE);
      const port = await freePort();
      const publicUrl = `http://localhost:${port}`;
      server = await startServerProcess({
        ...database.env,
        ...(options.production ? {} : { NODE_ENV: 'test' }),
        PORT: String(port),
        PUBLIC_URL: publicUrl,
        TRUST_PROXY: '127.0.0.1',
        QUEUE_POLL_MS: '50',
        ...(await options.env?.(publicUrl)),
      });
      await options.ready?.(server);
    },
    async () => {
      await browser?.close();
      await server?.stop();
      await options.cleanUp?.();
      await database?.drop();
    },
    options.setupTimeoutMs,
  );

  return {
    get server() {
      if (!server) throw new Error('The browser shop is not started yet (use it inside a test).');
      return server;
    },
    async open(open: OpenOptions = {}) {
      if (!browser || !server) throw new Error('The browser shop is not started yet (use it inside a test).');
      return openWatchedPage(browser, contexts, server.url, { ...open, viewport: open.viewport ?? viewport });
    },
  };
}
