import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { CdpBrowser } from '../../scripts/bench/lib/cdp-browser.mjs';
import { MOBILE_SCREEN } from '../../scripts/bench/lib/web-vitals-metrics.mjs';
import { launchChromium, throttledPage } from '../../scripts/bench/lib/web-vitals.mjs';

// Jest ignores `testTimeout` inside a `projects` entry (only the global one counts): set it here.
const TIMEOUT = 30_000;

const PAGE = '<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>t</title><script src="/app.js"></script></head><body><h1>Hello</h1></body></html>';
// A console line and a caught throw, as a page that hydrates a lazy part throws (ADR 0097).
const SCRIPT = 'window.appRan = true; console.log("app says hello"); try { throw { suspended: true }; } catch (e) { window.caught = e.suspended; }';

/**
 * The Web Vitals bench's browser (scripts/bench/lib/cdp-browser.mjs through web-vitals.mjs's throttledPage): the page
 * as the bench measures it, and the one thing it exists for, that the page's Runtime domain stays off unless asked.
 */
describe('the Web Vitals bench\'s browser (DevTools protocol without the Runtime domain)', () => {
  let server: Server;
  let origin: string;
  const cookies: string[] = [];
  let browser: CdpBrowser;
  let dir: string;

  beforeAll(async () => {
    server = createServer((request, response) => {
      cookies.push(request.headers.cookie ?? '');
      if (request.url === '/') response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
      else if (request.url === '/app.js') response.writeHead(200, { 'content-type': 'text/javascript' }).end(SCRIPT);
      else response.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
    dir = mkdtempSync(path.join(os.tmpdir(), 'bench-browser-'));
  }, TIMEOUT);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  async function viewOf(options: { withScripts: boolean; runtimeDomain?: boolean; token?: string | null }) {
    const { context, page } = await throttledPage(browser, origin, options.token ?? null, options.withScripts, { runtimeDomain: options.runtimeDomain });
    const console: string[] = [];
    page.on('Runtime.consoleAPICalled', (event: { args: Array<{ value?: unknown }> }) => console.push(event.args.map((arg) => String(arg.value)).join(' ')));
    try {
      const status = await page.goto(`${origin}/`);
      const state = await page.evaluate(() => {
        const scope = window as unknown as { appRan?: boolean; caught?: boolean; __webVitals?: unknown };
        return {
          appRan: scope.appRan ?? false, caught: scope.caught ?? false, observers: typeof scope.__webVitals,
          width: window.innerWidth, pixelRatio: window.devicePixelRatio, touchPoints: navigator.maxTouchPoints, userAgent: navigator.userAgent,
        };
      });
      const missing = await page.goto(`${origin}/missing`);
      const shot = path.join(dir, `view-${Date.now()}.png`);
      await page.screenshot(shot);
      return { status, state, missing, console, png: readFileSync(shot).subarray(1, 4).toString('latin1') };
    } finally {
      await context.close();
    }
  }

  it('opens the page as the bench measures it, and V8 sees no Runtime domain (no console event reaches the session)', async () => {
    const view = await viewOf({ withScripts: true, token: 'session-token-1' });
    expect(view.status).toBe(200);
    expect(view.missing).toBe(404);
    expect(view.state).toMatchObject({
      appRan: true, caught: true, observers: 'object', width: MOBILE_SCREEN.width, pixelRatio: MOBILE_SCREEN.deviceScaleFactor,
    });
    expect(view.state.touchPoints).toBeGreaterThan(0);
    expect(view.state.userAgent).toContain('Android');
    expect(cookies).toContain('shop_session=session-token-1');
    expect(view.png).toBe('PNG');
    // The page logged a line; with the Runtime domain off, V8's inspector reports nothing of it.
    expect(view.console).toEqual([]);
  }, TIMEOUT);

  it('enables the Runtime domain only when asked (the comparison with Playwright\'s figures)', async () => {
    const view = await viewOf({ withScripts: true, runtimeDomain: true });
    expect(view.state.appRan).toBe(true);
    expect(view.console).toContain('app says hello');
  }, TIMEOUT);

  it('refuses the page\'s script files for the baseline, but runs its observers', async () => {
    const view = await viewOf({ withScripts: false });
    expect(view.status).toBe(200);
    expect(view.state).toMatchObject({ appRan: false, observers: 'object' });
  }, TIMEOUT);
});
