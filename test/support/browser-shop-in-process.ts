import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.js';
import { openWatchedPage, prepareScreenshots, useSuiteHooks, type OpenOptions, type WatchedPage } from './browser-shop.js';
import { waitForMail, type MailboxMessage } from './mailbox.js';
import { freePort } from './server-process.js';
import { startTestApp, type TestApp } from './test-app.js';

export interface InProcessBrowserShop {
  /** The application in this process: its services (`shop.app.get(…)`) and raw SQL, for what a journey arranges. */
  readonly shop: TestApp;
  /** Where it listens, also its PUBLIC_URL (e-mailed links and the test payment page's webhook come back here). */
  readonly url: string;
  /** A fresh browser context (its own cookies, its own client address) and page, watched for problems. */
  open(options?: OpenOptions): Promise<WatchedPage>;
  /** Waits for the e-mail with this subject to this address in the development mailbox. */
  mail(to: string, subject: string): Promise<MailboxMessage>;
}

export interface InProcessBrowserShopOptions {
  /** More of the application's environment. */
  env?: Record<string, string>;
  /** Runs once the application listens: the data a suite arranges through its services, SQL or API. */
  ready?: (shop: TestApp, url: string) => Promise<void>;
  /** Also seed the demo catalogue of `make start` (startTestApp's option). */
  demoCatalogue?: boolean;
  viewport?: { width: number; height: number };
  setupTimeoutMs?: number;
}

/**
 * The harness of a browser suite that needs the application's services (the training and course journeys arrange
 * licences, courses and sessions that no demo data has): the real application in THIS process (startTestApp: a copy
 * of the e2e template, on the file's database), listening on a free port that is also its PUBLIC_URL, and Chromium.
 * Starting in-process skips the separate server's build-and-boot; `useBrowserShop` remains the harness for journeys
 * on the demo shop as `make start` runs it. Registers the suite's hooks; contexts opened by a test close after it.
 */
export function useInProcessBrowserShop(options: InProcessBrowserShopOptions = {}): InProcessBrowserShop {
  const viewport = options.viewport ?? { width: 1280, height: 900 };
  let browser: Browser | undefined;
  let shop: TestApp | undefined;
  let url: string | undefined;
  const contexts = useSuiteHooks(
    async () => {
      const port = await freePort();
      url = `http://127.0.0.1:${port}`;
      const app = startTestApp({ TRUST_PROXY: '127.0.0.1', QUEUE_POLL_MS: '50', PUBLIC_URL: url, ...options.env }, { demoCatalogue: options.demoCatalogue }).then((started) => (shop = started));
      [browser] = await Promise.all([launchBrowser(), app, prepareScreenshots()]);
      await shop!.app.listen(port, '127.0.0.1');
      await options.ready?.(shop!, url);
    },
    async () => {
      await browser?.close();
      await shop?.close();
    },
    options.setupTimeoutMs,
  );

  const started = () => {
    if (!browser || !shop || !url) throw new Error('The browser shop is not started yet (use it inside a test).');
    return { browser, shop, url };
  };
  return {
    get shop() {
      return started().shop;
    },
    get url() {
      return started().url;
    },
    open: (open = {}) => openWatchedPage(started().browser, contexts, started().url, { ...open, viewport: open.viewport ?? viewport }),
    mail: (to, subject) => waitForMail(started().shop, to, subject),
  };
}
