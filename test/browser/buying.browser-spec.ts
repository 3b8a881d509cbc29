import { expectNoSeriousA11yViolations } from '../support/accessibility.js';
import { eventually } from '../support/eventually.js';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { useBrowserShop } from '../support/browser-shop.js';
import { DEMO_COUNCIL, DEMO_CUSTOMER, GOOD_PASSWORD, hydrated, registerByApi, signInThroughForm, uniqueEmail } from '../support/identity-browser.js';
import { pdfText } from '../support/pdf-text.js';
import { ROOT } from '../support/server-process.js';
import { databaseKind } from '../support/test-database.js';

const SCREENSHOTS = path.join(ROOT, 'var/test-results/screenshots');
const JOURNEY_TIMEOUT = 60_000;

/** "£1,234.50" → 123450 pence. */
const pence = (text: string) => Math.round(Number(text.replace(/[£,\s]/g, '')) * 100);

/** Screenshots are taken once the page loader's overlay (seed §4) has gone, so they show the page itself. */
async function settled(page: Page): Promise<void> {
  await page.locator('[data-page-loader="hidden"]').waitFor({ state: 'attached', timeout: 10_000 });
}

/**
 * Issue 12's "done when", in Chromium against the built server on demo data (`make start`'s shop): a guest adds a
 * DVD and a download, signs in and keeps the basket, checks out with a PO number, pays on the test payment page and
 * lands on /complete, which shows the order paid once the signed webhook has arrived.
 */
describe(`buying journeys in Chromium (${databaseKind})`, () => {
  const shop = useBrowserShop({ setupTimeoutMs: 90_000 });

  beforeAll(() => mkdir(SCREENSHOTS, { recursive: true }));

  const topBarTotal = (page: Page) => page.locator('[data-basket-total]');

  /** Opens the first product of a category and adds the option whose name matches. */
  async function addFromCategory(page: Page, category: string, option: RegExp): Promise<string> {
    await page.goto(`/category/${category}`);
    await page.locator('[data-product-card] a').first().click();
    await page.waitForURL(/\/products\//);
    await hydrated(page);
    // The client router changes the URL before the product page renders: wait for its buttons before reading its h1.
    await page.getByRole('button', { name: option }).first().waitFor({ state: 'visible' });
    const title = (await page.locator('h1').innerText()).trim();
    const before = await topBarTotal(page).innerText();
    await page.getByRole('button', { name: option }).first().click();
    await page.locator('[data-add-result="success"]').waitFor();
    // The top bar follows without a reload.
    await eventually(() => topBarTotal(page).innerText()).not.toBe(before);
    return title;
  }

  it('guest basket → sign in (kept) → checkout with a PO → pay on the test page → /complete shows it paid', async () => {
    const { page, problems } = await shop.open();
    await page.goto('/');
    await hydrated(page);
    await eventually(() => topBarTotal(page).innerText()).toBe('£0.00');

    const dvd = await addFromCategory(page, 'training-dvds', /^Add to basket: DVD$/);
    await settled(page);
    await page.locator('#options').screenshot({ path: path.join(SCREENSHOTS, 'product-added-1280x900.png') });
    const pack = await addFromCategory(page, 'powerpoint', /^Add to basket: PowerPoint pack/);

    // The basket: two lines; plus then minus on the DVD leaves it at one, and the totals follow.
    await page.goto('/basket');
    await hydrated(page);
    const rows = page.locator('[data-basket-item]');
    await eventually(() => rows.count()).toBe(2);
    await eventually(() => rows.first().innerText()).toContain(pack); // new items go first (seed §4)
    const grandBefore = await page.locator('[data-grand-total]').innerText();
    await page.getByRole('button', { name: `One more ${dvd}, DVD` }).click();
    await eventually(() => page.locator(`[data-basket-item] [data-qty="2"]`).count()).toBe(1);
    expect(pence(await page.locator('[data-grand-total]').innerText())).toBeGreaterThan(pence(grandBefore));
    await eventually(() => topBarTotal(page).innerText()).toBe(await page.locator('[data-grand-total]').innerText());
    await page.getByRole('button', { name: `One fewer ${dvd}, DVD` }).click();
    await eventually(() => page.locator('[data-grand-total]').innerText()).toBe(grandBefore);
    const guestTotal = await topBarTotal(page).innerText();
    expect(guestTotal).toBe(grandBefore);
    await settled(page);
    await expectNoSeriousA11yViolations(page, 'basket');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'basket-1280x900.png'), fullPage: true });

    // Checkout needs an account: sign in, come back to checkout, with the basket kept.
    await page.getByRole('link', { name: 'Sign in and checkout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await hydrated(page);
    const login = page.locator('form[data-form="login"]');
    await login.getByLabel('E-mail address').fill(DEMO_CUSTOMER.email);
    await login.getByLabel('Password', { exact: true }).fill(DEMO_CUSTOMER.password);
    await login.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/checkout');
    await hydrated(page);
    await eventually(() => topBarTotal(page).innerText()).toBe(guestTotal);
    const summary = page.locator('[data-checkout-summary]');
    await eventually(() => summary.locator('[data-checkout-line]').count()).toBe(2);

    // The demo customer has no saved address: fill the billing address, deliver there, with a PO number.
    const billing = page.locator('[data-address="billing_address"]');
    await billing.getByLabel('Full name').fill('Casey Customer');
    await billing.getByLabel('Company or organisation (optional)').fill('Customer Safety Ltd');
    await billing.getByLabel('Address line 1').fill('1 High Street');
    await billing.getByLabel('Town or city').fill('Leeds');
    await billing.getByLabel('Postcode').fill('LS1 4AP');
    await page.getByLabel('Purchase order number (optional)').fill('PO-JOURNEY-1');
    // Without the terms: a clear answer next to the box, nothing placed.
    await page.getByRole('button', { name: /^Continue to payment/ }).click();
    await page.locator('[data-error-summary]').getByText('Accept the terms').first().waitFor();
    expect(page.url()).toContain('/checkout');
    await page.getByLabel(/I accept the/).check();
    const delivery = await page.locator('[data-delivery-type] input:checked').locator('xpath=..').innerText();
    expect(delivery).toMatch(/Royal Mail|Courier|Tracked/i);
    const toPay = await page.locator('[data-checkout-summary] [data-grand-total]').innerText();
    await settled(page);
    await expectNoSeriousA11yViolations(page, 'checkout');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'checkout-1280x900.png'), fullPage: true });
    await page.getByRole('button', { name: /^Continue to payment/ }).click();

    // The embedded test provider's hosted page.
    await page.waitForURL(/\/pay\/test\//);
    await eventually(() => page.locator('.amount').innerText()).toBe(toPay);
    await expectNoSeriousA11yViolations(page, 'pay-test');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'pay-test-1280x900.png'), fullPage: true });
    await page.getByRole('button', { name: /^Pay / }).click();

    // /complete: the webhook (queued, signed, POSTed to the shop) marks it paid; the page notices by itself.
    await page.waitForURL(/\/complete\?order=\d+/);
    await page.locator('[data-order-result="paid"]').waitFor({ timeout: 20_000 });
    await eventually(() => page.locator('h1').innerText()).toBe('Thank you for your order');
    await eventually(() => page.locator('[data-order-po]').innerText()).toBe('PO-JOURNEY-1');
    await eventually(() => page.locator('[data-order-total]').innerText()).toBe(toPay);
    await eventually(() => page.locator('[data-order-status]').innerText()).toBe('Paid');
    // Placing the order emptied the basket.
    await page.reload();
    await hydrated(page);
    await eventually(() => topBarTotal(page).innerText()).toBe('£0.00');
    await settled(page);
    await expectNoSeriousA11yViolations(page, 'complete');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'complete-1280x900.png'), fullPage: true });
    expect(problems.unexpected([/status of 422\b/])).toEqual([]); // the refused first try
  }, JOURNEY_TIMEOUT);

  it('after the sale: the download in /account/downloads fetches, the order page downloads its VAT invoice and buys again', async () => {
    const { page, problems } = await shop.open();
    await signInThroughForm(page, DEMO_CUSTOMER);
    // The overview lists the order the first journey paid for.
    const recent = page.locator('[data-recent-orders] [data-order-row]');
    await recent.first().waitFor();
    await settled(page);
    await expectNoSeriousA11yViolations(page, 'account');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'account-1280x900.png'), fullPage: true });

    // The PowerPoint pack bought in the first journey is a download: listed with its size and type, and fetched.
    await page.getByRole('navigation', { name: 'Account pages' }).getByRole('link', { name: 'Downloads' }).click();
    await page.waitForURL((url) => url.pathname === '/account/downloads');
    await hydrated(page);
    const download = page.locator('[data-download]').first();
    await download.waitFor();
    const size = Number(await download.locator('[data-download-size]').getAttribute('data-download-size'));
    expect(size).toBeGreaterThan(0);
    const href = await download.locator('[data-download-link]').getAttribute('href');
    expect(href).toMatch(/^\/api\/downloads\/\d+\?expires=\d+&signature=[\w-]{43}$/);
    const [saved] = await Promise.all([page.waitForEvent('download'), download.locator('[data-download-link]').click()]);
    expect(saved.suggestedFilename()).toBe((await download.locator('[data-download-file]').innerText()).trim());
    const file = await page.request.get(href!);
    expect(file.status()).toBe(200);
    expect((await file.body()).length).toBe(size);
    await settled(page);
    await expectNoSeriousA11yViolations(page, 'account-downloads');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'account-downloads-1280x900.png'), fullPage: true });

    // The order: its invoice as a PDF whose text names the order, and "Buy again" refills the basket.
    await page.getByRole('navigation', { name: 'Account pages' }).getByRole('link', { name: 'Orders' }).click();
    await page.waitForURL((url) => url.pathname === '/account/orders');
    await settled(page);
    await expectNoSeriousA11yViolations(page, 'account-orders');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'account-orders-1280x900.png'), fullPage: true });
    await page.locator('[data-order-row] th a').first().click();
    await page.waitForURL(/\/account\/orders\/\d+$/);
    await hydrated(page);
    await page.locator('[data-download-invoice]').waitFor({ state: 'visible' }); // the order page, not the list still on screen
    const number = (await page.locator('h1').innerText()).replace('Order ', '').trim();
    const invoiceHref = await page.locator('[data-download-invoice]').getAttribute('href');
    const invoice = await page.request.get(invoiceHref!);
    expect(invoice.status()).toBe(200);
    expect(invoice.headers()['content-type']).toBe('application/pdf');
    const text = (await pdfText(await invoice.body())).replace(/\s+/g, ' ');
    expect(text).toContain('VAT INVOICE');
    expect(text).toContain(number);
    expect(text).toContain('PO-JOURNEY-1');
    await page.getByRole('button', { name: 'Buy again' }).click();
    await page.locator('[data-buy-again-result="success"]').waitFor();
    await eventually(() => topBarTotal(page).innerText()).not.toBe('£0.00');
    await settled(page);
    await expectNoSeriousA11yViolations(page, 'account-order');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'account-order-1280x900.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await settled(page);
    await expectNoSeriousA11yViolations(page, 'account-order');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'account-order-390x844.png'), fullPage: true });
    await page.goto('/account/downloads');
    await settled(page);
    await expectNoSeriousA11yViolations(page, 'account-downloads');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'account-downloads-390x844.png'), fullPage: true });
    await page.goto('/account/orders');
    await settled(page);
    await expectNoSeriousA11yViolations(page, 'account-orders');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'account-orders-390x844.png'), fullPage: true });
    // Leave the basket as the next journey expects it.
    await page.request.delete('/api/basket', { headers: { 'x-xsrf-token': (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '' } });
    expect(problems.unexpected()).toEqual([]);
  }, JOURNEY_TIMEOUT);

  it('a council with account terms checks out "on account" with a PO and gets the invoice by e-mail (dev mailbox)', async () => {
    const { page, problems } = await shop.open();
    await signInThroughForm(page, DEMO_COUNCIL);
    await addFromCategory(page, 'training-dvds', /^Add to basket: DVD$/);
    await page.goto('/checkout');
    await hydrated(page);
    const billing = page.locator('[data-address="billing_address"]');
    await billing.getByLabel('Full name').fill('Morgan Council');
    await billing.getByLabel('Address line 1').fill('1 Civic Square');
    await billing.getByLabel('Town or city').fill('Leeds');
    await billing.getByLabel('Postcode').fill('LS1 1UR');
    await page.locator('[data-payment-method="invoice"] input').check();
    await page.getByLabel(/I accept the/).check();
    // "No PO, no pay": without the PO number the form says so beside the field.
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.locator('[data-error-summary]').getByText(/purchase order number/).first().waitFor();
    await page.getByLabel(/Purchase order number/).fill('RBC-PO-9001');
    await settled(page);
    await expectNoSeriousA11yViolations(page, 'checkout-on-account');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'checkout-on-account-1280x900.png'), fullPage: true });
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/complete\?order=\d+/);
    await hydrated(page);
    await eventually(() => page.locator('h1').innerText()).toBe('Thank you for your order');
    const invoice = (await page.locator('[data-invoice-number]').innerText()).trim();
    expect(invoice).toMatch(/^INV-\d{6}$/);
    await eventually(() => page.locator('[data-order-status]').innerText()).toBe('Invoiced: payment due');
    await settled(page);
    await expectNoSeriousA11yViolations(page, 'complete-on-account');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'complete-on-account-1280x900.png'), fullPage: true });

    // The invoice e-mail, as the development mailbox shows it (its HTML part in a sandboxed frame, the PDF attached).
    const mail = await eventually(async () => {
      const mails = (await (await page.request.get(`/api/dev/mailbox?to=${encodeURIComponent(DEMO_COUNCIL.email)}`)).json()) as Array<{ id: string; subject: string }>;
      return mails.find((candidate) => candidate.subject.startsWith(`Invoice ${invoice} `));
    }, { timeout: 20_000 }).toBeDefined();
    const id = mail!.id;
    await page.goto(`/dev/mailbox/${id}`);
    await page.frameLocator('iframe').locator('h1').waitFor();
    await eventually(() => page.frameLocator('iframe').locator('h1').innerText()).toBe('Your order on account');
    await eventually(() => page.getByRole('link', { name: `${invoice}.pdf` }).count()).toBe(1);
    await expectNoSeriousA11yViolations(page, 'mail-invoice');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'mail-invoice-1280x900.png'), fullPage: true });
    await page.goto(`/dev/mailbox/${id}/html`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSeriousA11yViolations(page, 'mail-invoice');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'mail-invoice-390x844.png'), fullPage: true });
    const pdf = await page.request.get(`/dev/mailbox/${id}/attachments/0`);
    expect((await pdfText(await pdf.body())).replace(/\s+/g, ' ')).toContain('Your PO number RBC-PO-9001');
    expect(problems.unexpected([/status of 422\b/])).toEqual([]);
  }, JOURNEY_TIMEOUT);

  it('Cancel on the payment page lands on /cancelled with the order still unpaid; /complete does not pay it', async () => {
    const { page, problems } = await shop.open();
    await page.setViewportSize({ width: 390, height: 844 });
    await signInThroughForm(page, DEMO_CUSTOMER);
    await addFromCategory(page, 'risk-assessments', /^Add to basket: Risk assessment template/);
    await page.goto('/basket');
    await hydrated(page);
    await settled(page);
    await expectNoSeriousA11yViolations(page, 'basket');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'basket-390x844.png'), fullPage: true });
    await page.getByRole('link', { name: 'Checkout' }).click();
    await page.waitForURL((url) => url.pathname === '/checkout');
    await hydrated(page);
    // Nothing physical: free digital delivery, and the address saved by the first journey (or typed now).
    await eventually(() => page.locator('[data-delivery-type="digital"]').innerText()).toContain('Digital delivery');
    const billing = page.locator('[data-address="billing_address"]');
    if ((await billing.getByLabel('Address line 1').inputValue()) === '') {
      await billing.getByLabel('Full name').fill('Casey Customer');
      await billing.getByLabel('Address line 1').fill('1 High Street');
      await billing.getByLabel('Town or city').fill('Leeds');
      await billing.getByLabel('Postcode').fill('LS1 4AP');
    }
    await page.getByLabel(/I accept the/).check();
    await settled(page);
    await expectNoSeriousA11yViolations(page, 'checkout');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'checkout-390x844.png'), fullPage: true });
    await page.getByRole('button', { name: /^Continue to payment/ }).click();
    await page.waitForURL(/\/pay\/test\//);
    await expectNoSeriousA11yViolations(page, 'pay-test');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'pay-test-390x844.png'), fullPage: true });
    await page.getByRole('link', { name: /^Cancel/ }).click();

    await page.waitForURL(/\/cancelled\?order=\d+/);
    await eventually(() => page.locator('h1').innerText()).toBe('Payment cancelled');
    await eventually(() => page.locator('[data-order-status]').innerText()).toBe('Awaiting payment');
    await settled(page);
    await expectNoSeriousA11yViolations(page, 'cancelled');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'cancelled-390x844.png'), fullPage: true });
    // Going to /complete by hand proves nothing: the order still waits for the webhook.
    const orderId = new URL(page.url()).searchParams.get('order');
    await page.goto(`/complete?order=${orderId}`);
    await hydrated(page);
    await eventually(() => page.locator('h1').innerText()).toBe('Confirming your payment…');
    await eventually(() => page.locator('[data-order-result]').getAttribute('data-order-result')).toBe('pending_payment');
    await settled(page);
    await expectNoSeriousA11yViolations(page, 'complete-waiting');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'complete-waiting-390x844.png'), fullPage: true });
    // Someone else's order, or none: the page is a 404.
    const missing = await page.goto('/complete?order=999999');
    expect(missing?.status()).toBe(404);
    expect(problems.unexpected([/status of 404\b/])).toEqual([]);
  }, JOURNEY_TIMEOUT);

  it('the test payment page is the order\'s customer\'s: another signed-in customer gets a not-found page, the owner pays', async () => {
    const owner = { email: uniqueEmail('owner'), password: GOOD_PASSWORD };
    await registerByApi(shop.server.url, owner);
    const { page } = await shop.open();
    await signInThroughForm(page, owner);
    // A demo shop on the test provider says so on every storefront page (issue 25).
    await eventually(() => page.getByRole('note').innerText()).toContain('Demo shop: payments are simulated');
    await addFromCategory(page, 'risk-assessments', /^Add to basket: Risk assessment template/);
    await page.goto('/checkout');
    await hydrated(page);
    const billing = page.locator('[data-address="billing_address"]');
    await billing.getByLabel('Full name').fill('Owen Owner');
    await billing.getByLabel('Address line 1').fill('2 Mill Lane');
    await billing.getByLabel('Town or city').fill('Leeds');
    await billing.getByLabel('Postcode').fill('LS1 4AP');
    await page.getByLabel(/I accept the/).check();
    await page.getByRole('button', { name: /^Continue to payment/ }).click();
    await page.waitForURL(/\/pay\/test\//);
    const payUrl = page.url();

    // Someone else, signed in as another customer, opens the owner's payment link.
    const stranger = await shop.open();
    await signInThroughForm(stranger.page, DEMO_CUSTOMER);
    const refused = await stranger.page.goto(payUrl);
    expect(refused?.status()).toBe(404);
    await eventually(() => stranger.page.locator('h1').innerText()).toBe('Payment session not found');
    await eventually(() => stranger.page.getByRole('button', { name: /^Pay / }).count()).toBe(0);
    expect(stranger.problems.unexpected([/status of 404\b/])).toEqual([]);

    // Still unpaid: the owner's page still offers Pay, and paying works.
    await page.reload();
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL(/\/complete\?order=\d+/);
    await page.locator('[data-order-result="paid"]').waitFor({ timeout: 20_000 });
    await eventually(() => page.locator('[data-order-status]').innerText()).toBe('Paid');
  }, JOURNEY_TIMEOUT);
});
