import type { Page } from 'playwright-core';
import path from 'node:path';
import { expectNoSeriousA11yViolations } from '../support/accessibility.js';
import { prepareScreenshots, SCREENSHOTS, useBrowserShop } from '../support/browser-shop.js';
import { eventually } from '../support/eventually.js';
import { DEMO_ADMIN, GOOD_PASSWORD, hydrated, uniqueEmail } from '../support/identity-browser.js';
import { databaseKind } from '../support/test-database.js';

const JOURNEY_TIMEOUT = 90_000;
/** A poster of the demo catalogue (seeded, so always the same) whose A2 option has well over 80 in stock. */
const POSTER = '/products/legionella-flushing-procedure-poster';

/** Screenshots once the page loader's overlay has gone, so they show the page itself. */
async function settled(page: Page): Promise<void> {
  await page.locator('[data-page-loader="hidden"]').waitFor({ state: 'attached', timeout: 10_000 });
}

async function shoot(page: Page, name: string): Promise<void> {
  await settled(page);
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(SCREENSHOTS, `polish-${name}-${width}.png`), fullPage: true });
}

/**
 * Issue 28's storefront items in Chromium against the built server on demo data: a typed quantity (80 posters), the
 * checkout kept through "Create an account", the thank-you page's links and a stale download link, staff landing
 * in the portal, and forms that put nothing personal in a URL before (or without) the page's script.
 */
describe(`storefront polish in Chromium (${databaseKind})`, () => {
  const shop = useBrowserShop({ setupTimeoutMs: 90_000 });
  beforeAll(() => prepareScreenshots());

  const topBarTotal = (page: Page) => page.locator('[data-basket-total]');

  it('types 80 posters, updates the basket by typing, registers from "Sign in and checkout" and comes back to the checkout', async () => {
    const { page, problems } = await shop.open();
    await page.goto(POSTER);
    await hydrated(page);
    const row = page.locator('[data-options-table] tbody tr').filter({ hasText: 'A2 poster' });
    const field = row.getByLabel('Quantity of A2 poster');
    const stock = Number(await field.getAttribute('max'));
    expect(stock).toBeGreaterThan(81);
    expect(await field.getAttribute('min')).toBe('1');

    // More than the line may hold: the server's reason appears next to the field, nothing is added.
    await field.fill('10000');
    await row.getByRole('button', { name: /^Add to basket/ }).click();
    await eventually(() => row.locator('[data-qty-error]').innerText()).toContain('At most 9,999 per line.');
    await eventually(() => topBarTotal(page).innerText()).toBe('£0.00');
    await expectNoSeriousA11yViolations(page, 'product with a refused quantity');
    await shoot(page, 'product-qty-error');

    // Eighty, with Enter in the field.
    await field.fill('80');
    await field.press('Enter');
    await page.locator('[data-add-result="success"]').waitFor();
    await eventually(() => page.locator('[data-add-result="success"]').innerText()).toMatch(/^Added 80 to your basket: .* A2 poster\.$/);
    await eventually(() => row.locator('[data-qty-error]').count()).toBe(0);
    await eventually(() => page.locator('.options-result__totals').innerText()).toContain('80 items');
    await shoot(page, 'product-qty-added');

    // The basket: 81 by typing and Update; more than the stock is refused next to the field.
    await page.goto('/basket');
    await hydrated(page);
    const line = page.locator('[data-basket-item]').first();
    const basketField = line.getByRole('spinbutton', { name: /^Quantity of .*A2 poster$/ });
    await eventually(() => basketField.inputValue()).toBe('80');
    await basketField.fill('81');
    await line.getByRole('button', { name: /^Update quantity of / }).click();
    await eventually(() => line.locator('[data-qty]').getAttribute('data-qty')).toBe('81');
    await basketField.fill(String(stock + 1));
    await basketField.press('Enter');
    await eventually(async () => (await line.locator('[data-qty-error]').innerText()).replace(/\s+/g, ' ')).toBe(`Error: Only ${stock} in stock.`);
    expect(await line.locator('[data-qty]').getAttribute('data-qty')).toBe('81');
    await expectNoSeriousA11yViolations(page, 'basket with a refused quantity');
    await shoot(page, 'basket-qty-error');
    await basketField.fill('80');
    await basketField.press('Enter');
    await eventually(() => line.locator('[data-qty]').getAttribute('data-qty')).toBe('80');
    const basketTotal = await page.locator('[data-grand-total]').innerText();

    // "Sign in and checkout" → "Create an account" → registered and back on the checkout, basket kept.
    await page.getByRole('link', { name: 'Sign in and checkout' }).click();
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/checkout');
    await page.locator('[data-register-link]').click();
    await page.waitForURL((url) => url.pathname === '/register' && url.searchParams.get('redirect') === '/checkout');
    await hydrated(page);
    const form = page.locator('form[data-form="register"]');
    await form.getByLabel('First name').fill('Petra');
    await form.getByLabel('Last name').fill('Poster');
    await form.getByLabel('E-mail address').fill(uniqueEmail('posters'));
    await form.getByLabel('Password', { exact: true }).fill(GOOD_PASSWORD);
    await form.getByLabel('Confirm password').fill(GOOD_PASSWORD);
    await form.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/checkout');
    await hydrated(page);
    await eventually(() => page.locator('[data-checkout-summary] [data-checkout-line]').innerText()).toContain('80 ×');
    await eventually(() => topBarTotal(page).innerText()).toBe(basketTotal);
    expect(problems.unexpected([/status of 422\b/])).toEqual([]);
  }, JOURNEY_TIMEOUT);

  it('the thank-you page links the downloads and the invoice; an edited download link opens a page with a fresh link', async () => {
    const { page, problems } = await shop.open();
    await page.goto('/register');
    await hydrated(page);
    const form = page.locator('form[data-form="register"]');
    await form.getByLabel('First name').fill('Dana');
    await form.getByLabel('Last name').fill('Download');
    await form.getByLabel('E-mail address').fill(uniqueEmail('downloads'));
    await form.getByLabel('Password', { exact: true }).fill(GOOD_PASSWORD);
    await form.getByLabel('Confirm password').fill(GOOD_PASSWORD);
    await form.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/account');

    await page.goto('/category/powerpoint');
    await page.locator('[data-product-card] a').first().click();
    await page.waitForURL(/\/products\//);
    await hydrated(page);
    await page.getByRole('button', { name: /^Add to basket: PowerPoint pack/ }).click();
    await page.locator('[data-add-result="success"]').waitFor();

    await page.goto('/checkout');
    await hydrated(page);
    const billing = page.locator('[data-address="billing_address"]');
    await billing.getByLabel('Full name').fill('Dana Download');
    await billing.getByLabel('Address line 1').fill('2 Mill Lane');
    await billing.getByLabel('Town or city').fill('York');
    await billing.getByLabel('Postcode').fill('YO1 7HH');
    await page.getByLabel(/I accept the/).check();
    await page.getByRole('button', { name: /^Continue to payment/ }).click();
    await page.waitForURL(/\/pay\/test\//);
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL(/\/complete\?order=\d+/);
    await page.locator('[data-order-result="paid"]').waitFor({ timeout: 20_000 });

    // Both links, once the payment is confirmed.
    const downloads = page.locator('[data-thank-you-downloads]');
    await eventually(() => downloads.getAttribute('href')).toBe('/account/downloads');
    const orderId = new URL(page.url()).searchParams.get('order');
    await eventually(() => page.locator('[data-thank-you-invoice]').getAttribute('href')).toBe(`/api/orders/${orderId}/invoice.pdf`);
    await eventually(() => page.locator('[data-thank-you-invoice]').innerText()).toMatch(/^VAT invoice INV-\d{6} \(PDF\)$/);
    await expectNoSeriousA11yViolations(page, 'complete with links');
    await shoot(page, 'complete');
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'complete');
    await page.setViewportSize({ width: 1280, height: 900 });

    // A download link edited by hand, opened in the browser: a page, not JSON, with a fresh link and the order.
    await downloads.click();
    await page.waitForURL((url) => url.pathname === '/account/downloads');
    const href = (await page.locator('[data-download-link]').first().getAttribute('href'))!;
    await page.goto(href.replace(/expires=\d+/, 'expires=1'));
    await page.waitForURL((url) => url.pathname === '/account/downloads' && url.searchParams.get('link') === 'invalid');
    await eventually(() => page.locator('[data-stale-link]').innerText()).toContain('That download link is not valid for you.');
    await eventually(() => page.locator('[data-fresh-link]').getAttribute('href')).toMatch(/^\/api\/downloads\/\d+\?expires=\d+&signature=[\w-]{43}$/);
    await eventually(() => page.locator('[data-stale-link] a[href^="/account/orders/"]').getAttribute('href')).toBe(`/account/orders/${orderId}`);
    await expectNoSeriousA11yViolations(page, 'downloads with a stale link');
    await shoot(page, 'downloads-stale-link');
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'downloads-stale-link');
    expect(problems.unexpected()).toEqual([]);
  }, JOURNEY_TIMEOUT);

  it('staff land on /admin after signing in; the portal menu\'s Dashboard is /admin and "Exit To Web Site" is /', async () => {
    const { page, problems } = await shop.open();
    await page.goto('/login');
    await hydrated(page);
    const login = page.locator('form[data-form="login"]');
    await login.getByLabel('E-mail address').fill(DEMO_ADMIN.email);
    await login.getByLabel('Password', { exact: true }).fill(DEMO_ADMIN.password);
    await login.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.locator('[data-admin-page="dashboard"]').waitFor();

    const menu = page.locator('[data-admin-menu]');
    await menu.getByRole('link', { name: 'Orders', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/admin/orders');
    await menu.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.locator('[data-admin-page="dashboard"]').waitFor();
    expect(await page.locator('[data-admin-exit]').getAttribute('href')).toBe('/');
    expect(problems.unexpected()).toEqual([]);
  }, JOURNEY_TIMEOUT);

  /**
   * Each storefront form with personal data in it, filled and sent with Enter. "Nothing happened" is checked once the
   * network is idle: a submission would have been a request (and a navigation) by then.
   */
  const FORMS: ReadonlyArray<{ path: string; form: string; fill: Record<string, string> }> = [
    { path: '/', form: 'form[data-form="newsletter"]', fill: { email: 'early.bird@example.com' } },
    { path: '/login', form: 'form[data-form="login"]', fill: { email: 'early.bird@example.com', password: 'Secret-Early-Bird-1' } },
    { path: '/register', form: 'form[data-form="register"]', fill: { first_name: 'Early', email: 'early.bird@example.com', password: 'Secret-Early-Bird-1' } },
    { path: '/password/reset', form: 'form[data-form="password-email"]', fill: { email: 'early.bird@example.com' } },
    { path: '/contact', form: 'form[data-enquiry-form="contact"]', fill: { email: 'early.bird@example.com' } },
    { path: '/joinus/recruitment', form: 'form[data-enquiry-form="recruitment"]', fill: { email: 'early.bird@example.com' } },
  ];

  async function pressEnterInEachForm(page: Page, requests: string[], javaScript: boolean): Promise<void> {
    for (const { path: pagePath, form, fill } of FORMS) {
      await page.goto(pagePath);
      const element = page.locator(form);
      // Posted if it is ever sent (never a GET with the fields in the address), and not sendable yet.
      expect({ form, method: await element.getAttribute('method') }).toEqual({ form, method: 'post' });
      await expect(element.locator('[data-submit]').isDisabled()).resolves.toBe(true);
      let last = element.locator('input').first();
      for (const [name, value] of Object.entries(fill)) {
        last = element.locator(`input[name="${name}"]`);
        await last.fill(value);
      }
      await last.press('Enter');
      await page.waitForLoadState('networkidle');
      // A sane result: still the same page, the values still in their fields, and (without JavaScript) why nothing happened.
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(pagePath);
      expect(await last.inputValue()).toBe(Object.values(fill).at(-1));
      if (!javaScript) await expect(page.getByText(/Please turn on JavaScript/).first().isVisible()).resolves.toBe(true);
    }
    const leaked = requests.filter((url) => /early\.bird|Secret-Early-Bird/i.test(decodeURIComponent(url)));
    expect(leaked).toEqual([]);
  }

  it('without JavaScript, Enter in each form sends nothing and puts no e-mail or password in a URL', async () => {
    const { page } = await shop.open({ javaScriptEnabled: false });
    const requests: string[] = [];
    page.on('request', (request) => requests.push(`${request.method()} ${request.url()}`));
    await pressEnterInEachForm(page, requests, false);
    expect(requests.filter((line) => line.startsWith('POST'))).toEqual([]);
  }, JOURNEY_TIMEOUT);

  it('before the page\'s script has loaded (it never arrives), Enter in each form sends nothing', async () => {
    const { page } = await shop.open();
    await page.route(/\.m?js(\?|$)/, (route) => route.abort());
    const requests: string[] = [];
    page.on('request', (request) => requests.push(`${request.method()} ${request.url()}`));
    await pressEnterInEachForm(page, requests, true);
    expect(requests.filter((line) => line.startsWith('POST'))).toEqual([]);
  }, JOURNEY_TIMEOUT);
});
