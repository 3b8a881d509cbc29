import path from 'node:path';
import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations } from '../support/accessibility.js';
import { SCREENSHOTS } from '../support/browser-shop.js';
import { useInProcessBrowserShop } from '../support/browser-shop-in-process.js';
import { createProduct } from '../support/catalogue-fixtures.js';
import { DEMO_ADMIN, GOOD_PASSWORD, hydrated, registerByApi, signInThroughForm, uniqueEmail } from '../support/identity-browser.js';
import { CheckoutService } from '../../src/modules/orders/index.js';
import { checkoutInput, inContext } from '../support/orders-fixtures.js';
import { databaseKind } from '../support/test-database.js';

/**
 * Issue 27, first slice in Chromium (ADR 0046): a visitor picks a date of an open course on the product page (a full
 * date is listed but cannot be chosen), adds the place to the basket, and the basket names the date and venue; staff
 * find the session on the portal's Sessions screen with the place taken off nothing yet, and open its editor.
 */
describe(`open-course session journeys in Chromium (${databaseKind})`, () => {
  let slug: string;
  let course: number;
  let onlineSession: number; // the buyer's order takes one of its places (after the product page's journeys)
  const browserShop = useInProcessBrowserShop({
    ready: async (shop) => {
      const product = await createProduct(shop.sql, {
        title: 'Fire Marshal Training Course', options: [{ name: 'Open course — 1 place', kind: 'course', price: 14_500 }, { name: 'Course workbook', price: 1_500 }],
      });
      slug = product.slug;
      course = product.optionIds[0]!;
      const session = `insert into training_sessions (product_id, option_id, starts_at, ends_at, venue, online, joining_url, capacity, places_taken)
        values (?, ?, ?, ?, ?, ?, ?, 12, ?)`;
      const day = (n: number, hour: number) => new Date(Date.UTC(2030, 2, n, hour)).toISOString();
      await shop.sql(session, [product.id, product.optionIds[0], day(12, 9), day(12, 13), 'HS Training Centre, Leeds LS1 4AP', false, null, 12]);
      await shop.sql(session, [product.id, product.optionIds[0], day(19, 9), day(19, 13), 'Manchester Conference Centre, M1 3BB', false, null, 11]);
      await shop.sql(session, [product.id, product.optionIds[0], day(26, 9), day(26, 13), null, true, 'https://meet.example.com/fm', 4]);
      onlineSession = (await shop.sql<{ id: number }>('select max(id) as id from training_sessions'))[0]!.id;
    },
  });
  const open = (width = 1280) => browserShop.open({ viewport: { width, height: 900 } });

  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOTS, `course-sessions-${name}.png`), fullPage: true });

  it.each([1280, 390])('picks a date on the product page, adds the place, and the basket names the date and venue (%i px)', async (width) => {
    const { page, problems } = await open(width);
    await page.goto(`/products/${slug}`);
    await hydrated(page);
    const picker = page.getByLabel('Date for Open course — 1 place');
    await picker.waitFor();
    // The full date is listed but disabled; the first date with places is chosen to start with.
    await page.locator('option', { hasText: 'Tue 12 Mar 2030' }).and(page.locator('[disabled]')).waitFor({ state: 'attached' });
    await expectPickerValue(page, 'Tue 19 Mar 2030');
    await picker.selectOption({ label: 'Tue 26 Mar 2030, 09:00–13:00, Online — 8 places left' });
    await page.locator('#options').scrollIntoViewIfNeeded();
    await expectNoSeriousA11yViolations(page, `product page with dates (${width})`);
    await shot(page, `product-${width}`);

    await page.locator('[data-option] [data-add-to-basket]').first().click();
    await page.locator('[data-add-result="success"]', { hasText: 'Tue 26 Mar 2030, 09:00–13:00, Online' }).waitFor();
    await page.locator('[data-view-basket]').click();
    await page.waitForURL('**/basket');
    await page.locator('[data-basket-booking]', { hasText: 'Tue 26 Mar 2030, 09:00–13:00, Online' }).waitFor();
    await expectNoSeriousA11yViolations(page, `basket with a course date (${width})`);
    await shot(page, `basket-${width}`);
    expect(problems.unexpected()).toEqual([]);
  });

  it('shows the buyer\'s order with the session\'s date and venue on their account page', async () => {
    const buyer = { email: uniqueEmail('course-buyer'), password: GOOD_PASSWORD };
    await registerByApi(browserShop.url, { email: buyer.email, first_name: 'Robin', last_name: 'Buyer' });
    const { shop } = browserShop;
    const [row] = await shop.sql<{ id: number }>('update users set account_terms = true where email = ? returning id', [buyer.email]);
    const placed = await inContext(shop, () => shop.app.get(CheckoutService).place(
      row!.id, [{ optionId: course, qty: 1, bookingRef: String(onlineSession), bookingLabel: 'Tue 26 Mar 2030, 09:00–13:00, Online' }],
      checkoutInput({ paymentMethod: 'invoice', poNumber: 'PO-COURSE-27' }),
    ));
    const { page, problems } = await open(390);
    await signInThroughForm(page, buyer);
    await page.goto(`/account/orders/${placed.order.id}`);
    await page.locator('[data-order-booking]', { hasText: 'Tue 26 Mar 2030, 09:00–13:00, Online' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'account order with a course date');
    await shot(page, 'account-order-390');
    expect(problems.unexpected()).toEqual([]);
  });

  it('shows staff the sessions by date and a session\'s editor, at 1280 and 390 px', async () => {
    // One sign-in for both widths: each width loads the screens afresh (a phone's menu starts closed).
    const { page } = await open();
    await signInThroughForm(page, DEMO_ADMIN);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/admin/sessions');
      const row = page.getByRole('row').filter({ hasText: 'Manchester Conference Centre' });
      await row.waitFor();
      await page.locator('[data-admin-loading]').waitFor({ state: 'detached' });
      await expectNoSeriousA11yViolations(page, `portal sessions (${width})`);
      await shot(page, `admin-list-${width}`);
      await row.getByRole('link').first().click();
      await page.locator('[data-session-places]', { hasText: '11 of 12 places taken; 1 left.' }).waitFor();
      await expectNoSeriousA11yViolations(page, `portal session editor (${width})`);
      await shot(page, `admin-edit-${width}`);
    }
  });
});

async function expectPickerValue(page: Page, startsWith: string): Promise<void> {
  await page.waitForFunction((text) => {
    const select = document.querySelector<HTMLSelectElement>('[data-session-picker]');
    return select !== null && select.selectedOptions[0]?.textContent?.startsWith(text) === true;
  }, startsWith);
}
