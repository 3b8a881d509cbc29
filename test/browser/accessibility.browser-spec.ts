import type { Browser } from 'playwright-core';
import { expectNoSeriousA11yViolations, seriousA11yViolations } from '../support/accessibility.js';
import { launchBrowser } from '../support/browser.js';

/**
 * The journeys' accessibility check (ADR 0037) must be able to fail: a page with known serious violations, served with
 * a Content-Security-Policy as strict as the shop's (scripts only by nonce), is reported rule by rule.
 */
describe('the accessibility check', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const serve = async (body: string) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.route('http://a11y.test/', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        headers: { 'content-security-policy': "default-src 'self'; script-src 'nonce-only-this'; style-src 'unsafe-inline'" },
        body: `<!doctype html><html lang="en-GB"><head><title>A11y check</title></head><body><main><h1>Check</h1>${body}</main></body></html>`,
      }),
    );
    await page.goto('http://a11y.test/');
    return { context, page };
  };

  it('names each serious violation, its rule and its element, on a page whose CSP refuses inline scripts', async () => {
    const { context, page } = await serve(
      '<form><input type="text" id="unlabelled"></form><p id="faint" style="color:#bbb;background:#fff">Faint text</p><button id="empty"></button>',
    );
    const found = await seriousA11yViolations(page);
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^label \(critical\): .* — #unlabelled$/),
        expect.stringMatching(/^color-contrast \(serious\): .* — #faint$/),
        expect.stringMatching(/^button-name \(critical\): .* — #empty$/),
      ]),
    );
    await expect(expectNoSeriousA11yViolations(page, 'a page with violations')).rejects.toThrow(/color-contrast/);
    await context.close();
  });

  it('passes a page without them', async () => {
    const { context, page } = await serve('<form><label for="email">E-mail</label><input type="email" id="email"></form><p>Plain text</p>');
    await expectNoSeriousA11yViolations(page, 'a clean page');
    await context.close();
  });
});
