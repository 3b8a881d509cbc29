import path from 'node:path';
import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations } from '../support/accessibility.js';
import { openPortal, prepareScreenshots, SCREENSHOTS, shootAdmin } from '../support/admin-browser.js';
import { useBrowserShop } from '../support/browser-shop.js';
import { eventually } from '../support/eventually.js';
import { HttpBuyer } from '../support/http-buyer.js';
import { DEMO_COUNCIL, GOOD_PASSWORD, hydrated, registerByApi, signInThroughForm, uniqueEmail } from '../support/identity-browser.js';
import { databaseKind } from '../support/test-database.js';

const JOURNEY_TIMEOUT = 90_000;

/** A storefront page once the page loader's overlay has gone, checked for accessibility, at 1280 and at 390 px. */
async function shootBoth(page: Page, name: string): Promise<void> {
  await page.locator('[data-page-loader="hidden"]').waitFor({ state: 'attached', timeout: 10_000 });
  await expectNoSeriousA11yViolations(page, name);
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-1280x900.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-390x844.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * Issue 28 items 1–3 in Chromium against the built server on demo data: a customer pays later from /cancelled and
 * cancels another unpaid order from its page (items back in the basket); staff find an on-account order with goods
 * among those to dispatch at once, dispatch it with a note shown to the customer and refund it with an internal
 * one; the customer's history says plain sentences and only the shown note.
 */
describe(`after-sale journeys in Chromium (${databaseKind})`, () => {
  const shop = useBrowserShop({ setupTimeoutMs: 90_000 });

  beforeAll(() => prepareScreenshots());

  it('an unpaid card order: /cancelled offers Pay now, which pays; the order page cancels another, its items back in the basket', async () => {
    const buyer = { email: uniqueEmail('later'), password: GOOD_PASSWORD };
    await registerByApi(shop.server.url, buyer);
    const api = await HttpBuyer.signIn(shop.server.url, buyer);
    const dvd = await api.optionIn('training-dvds', 'physical');
    const first = await api.placeOrder(dvd.id, { payment_method: 'card', po_number: 'PO-LATER-1' });

    const { page, problems } = await shop.open();
    await signInThroughForm(page, buyer);
    await page.goto(`/cancelled?order=${first.id}`);
    await hydrated(page);
    await eventually(() => page.locator('h1').innerText()).toBe('Payment cancelled');
    await shootBoth(page, 'cancelled-pay-now');
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.waitForURL(/\/pay\/test\//);
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL(/\/complete\?order=\d+/);
    await page.locator('[data-order-result="paid"]').waitFor({ timeout: 20_000 });

    // A second order left unpaid: its page offers both; Cancel asks first, then the items are back in the basket.
    const second = await api.placeOrder(dvd.id, { payment_method: 'card', po_number: 'PO-LATER-2' });
    await page.goto(`/account/orders/${second.id}`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Pay now' }).waitFor();
    await shootBoth(page, 'account-order-unpaid');
    await page.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.locator('dialog[data-dialog="cancel-order"][open]');
    await eventually(() => dialog.getByLabel('Put the items back in my basket').isChecked()).toBe(true);
    await expectNoSeriousA11yViolations(page, 'cancel-order-dialog');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'cancel-order-dialog-1280x900.png') });
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await page.waitForURL((url) => url.pathname === '/basket');
    await hydrated(page);
    await eventually(() => page.locator('[data-basket-item]').count()).toBe(1);
    await page.goto(`/account/orders/${second.id}`);
    await eventually(() => page.locator('[data-order-history]').innerText()).toContain('Cancelled');
    expect(await page.getByRole('button', { name: 'Pay now' }).count()).toBe(0);
    expect(problems.unexpected()).toEqual([]);
  }, JOURNEY_TIMEOUT);

  it('staff: an on-account order with goods waits for dispatch at once; an internal note stays internal, a shown one reaches the customer', async () => {
    const council = await HttpBuyer.signIn(shop.server.url, DEMO_COUNCIL);
    const dvd = await council.optionIn('training-dvds', 'physical');
    const placed = await council.placeOrder(dvd.id, { payment_method: 'invoice', po_number: 'RBC-PO-DISPATCH' });

    const { page, problems } = await shop.open();
    await openPortal(page);
    await page.locator('[data-admin-card="dispatch"]').getByRole('link', { name: /Orders to dispatch/ }).click();
    await page.waitForURL((url) => url.searchParams.get('to_dispatch') === 'true');
    const row = page.locator('[data-admin-row]').filter({ hasText: placed.number });
    await eventually(() => row.innerText()).toContain('On account: invoice due');
    await shootAdmin(page, 'orders-to-dispatch');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await row.waitFor();
    await shootAdmin(page, 'orders-to-dispatch');
    await page.setViewportSize({ width: 1280, height: 900 });
    await row.getByRole('link', { name: placed.number }).click();
    await page.waitForURL(`**/admin/orders/${placed.id}`);

    await page.locator('[data-admin-transition="processing"]').click();
    await page.locator('h1 [data-order-status="processing"]').waitFor();
    await page.locator('[data-admin-transition="dispatched"]').click();
    let dialog = page.locator('dialog[data-admin-confirm][open]');
    await dialog.getByLabel('Tracking number').fill('RM555000111GB');
    await dialog.getByLabel('Note for the history').fill('Sent in two boxes: the second follows tomorrow.');
    await dialog.getByLabel('Show the note to the customer').check();
    await shootAdmin(page, 'order-dispatch-visible-note');
    await dialog.locator('[data-admin-confirm-yes]').click();
    await page.locator('h1 [data-order-status="dispatched"]').waitFor();

    await page.locator('[data-admin-transition="refunded"]').click();
    dialog = page.locator('dialog[data-admin-confirm][open]');
    await dialog.getByLabel('Note for the history').fill('DVD arrived cracked; customer does not want a replacement');
    await dialog.locator('[data-admin-confirm-yes]').click();
    await page.locator('h1 [data-order-status="refunded"]').waitFor();
    const history = page.locator('[data-admin-history]');
    await eventually(() => history.locator('[data-admin-note-visible="internal"]').first().innerText()).toContain('DVD arrived cracked');
    await eventually(() => history.locator('[data-admin-note-visible="customer"]').innerText()).toContain('two boxes');
    expect(await history.innerText()).not.toContain('staff (user');
    await shootAdmin(page, 'order-history-notes');
    // At phone width, as a phone opens it (the menu closed, no notifications left over).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.locator('[data-admin-order]').waitFor();
    await shootAdmin(page, 'order-history-notes');
    // Refunded, it no longer waits for dispatch.
    await page.goto('/admin/orders?to_dispatch=true&search=RBC-PO-DISPATCH');
    await page.getByText('Nothing matches').waitFor();
    expect(problems.unexpected()).toEqual([]);

    // The council's buyer reads plain sentences and the note shown to them, never the internal one.
    const customer = await shop.open();
    await signInThroughForm(customer.page, DEMO_COUNCIL);
    await customer.page.goto(`/account/orders/${placed.id}`);
    const theirs = customer.page.locator('[data-order-history]');
    await eventually(() => theirs.innerText()).toContain('Refunded');
    const text = await theirs.innerText();
    expect(text).toContain('Order placed on account: invoice issued');
    expect(text).toContain('Sent in two boxes: the second follows tomorrow.');
    expect(text).not.toContain('cracked');
    await shootBoth(customer.page, 'account-order-history');
    expect(customer.problems.unexpected()).toEqual([]);
  }, JOURNEY_TIMEOUT);

  it('staff refund one line of a paid order from its screen; the customer sees "Partly refunded" and the credit note (issue 28 item 7)', async () => {
    const council = await HttpBuyer.signIn(shop.server.url, DEMO_COUNCIL);
    const dvd = await council.optionIn('training-dvds', 'physical');
    const placed = await council.placeOrder(dvd.id, { payment_method: 'invoice', po_number: 'RBC-PO-PARTREFUND' });

    const { page, problems } = await shop.open();
    await openPortal(page);
    await page.goto(`/admin/orders/${placed.id}`);
    // Paid by BACS first (the amount is filled with what is due), so it is refundable.
    const payments = page.locator('[data-admin-payments]');
    await payments.getByLabel('Reference on the bank statement').fill('BACS RBC PARTREFUND');
    await payments.locator('[data-admin-record-payment]').click();
    await page.locator('h1 [data-order-status="paid"]').waitFor();

    // Refund the DVD only (the delivery charge stays), back into stock, with a note shown to the customer.
    const refund = page.locator('[data-admin-refund]');
    await refund.locator('[data-refund-line] input').first().fill('1');
    await refund.getByLabel('Put the returned goods back into stock').check();
    await refund.getByLabel('Note for the history').fill('Returned unopened: refunded.');
    await refund.getByLabel('Show the note to the customer').check();
    await shootAdmin(page, 'order-refund-form');
    await refund.locator('[data-admin-refund-submit]').click();
    await page.locator('h1 [data-admin-partly-refunded]').waitFor();
    const creditNote = page.locator('[data-order-refunds] [data-refund-credit-note]');
    await eventually(() => creditNote.innerText()).toMatch(/^Credit note CN-\d{6} \(PDF\)$/);
    await shootAdmin(page, 'order-partly-refunded');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.locator('[data-admin-refund]').waitFor();
    await shootAdmin(page, 'order-partly-refunded');
    expect(problems.unexpected()).toEqual([]);

    const customer = await shop.open();
    await signInThroughForm(customer.page, DEMO_COUNCIL);
    await customer.page.goto(`/account/orders/${placed.id}`);
    await eventually(() => customer.page.locator('[data-order-partly-refunded]').innerText()).toBe('Partly refunded');
    const theirs = customer.page.locator('[data-order-refunds] [data-refund-credit-note]');
    const label = await theirs.innerText();
    expect(label).toBe(await creditNote.innerText());
    const pdf = await customer.page.request.get((await theirs.getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(await customer.page.locator('[data-order-history]').innerText()).toContain('Returned unopened: refunded.');
    await shootBoth(customer.page, 'account-order-partly-refunded');
    expect(customer.problems.unexpected()).toEqual([]);
  }, JOURNEY_TIMEOUT);
});
