import path from 'node:path';
import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations } from '../support/accessibility.js';
import { SCREENSHOTS } from '../support/browser-shop.js';
import { useInProcessBrowserShop } from '../support/browser-shop-in-process.js';
import { createProduct } from '../support/catalogue-fixtures.js';
import { DEMO_ADMIN, GOOD_PASSWORD, hydrated, registerByApi, signInThroughForm, uniqueEmail } from '../support/identity-browser.js';
import { CheckoutService } from '../../src/modules/orders/index.js';
import { checkoutInput, inContext } from '../support/orders-fixtures.js';
import { eventually, waitUntil } from '../support/eventually.js';
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

  /** How far the page and the list's table scroll sideways, in pixels (0: they fit). */
  const sidewaysScroll = (page: Page) => page.evaluate(() => {
    const wrap = document.querySelector('.admin-page .table-wrap')!;
    return { page: document.scrollingElement!.scrollWidth - document.documentElement.clientWidth, table: wrap.scrollWidth - wrap.clientWidth };
  });
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
    // A certificate with a long name and course, for the Certificates list's widths (ADR 0062).
    const [product] = await browserShop.shop.sql<{ product_id: number }>('select product_id from training_sessions where option_id = ? limit 1', [course]);
    await browserShop.shop.sql(
      `insert into training_certificates (code, delegate_ref, learner_name, product_id, course_title, score, completed_at, expires_at)
       values ('WIDE0123456789AB', 'wide', 'Alexandra Montgomery-Fairweather', ?, 'Fire Marshal Training Course — Level 2 Award (RQF)', 100, now(), now() + interval '3 years')`,
      [product!.product_id],
    );
    // One sign-in for both widths: each width loads the screens afresh (a phone's menu starts closed).
    const { page } = await open();
    await signInThroughForm(page, DEMO_ADMIN);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/admin/certificates');
      await page.getByRole('row').filter({ hasText: 'WIDE0123456789AB' }).waitFor();
      await page.locator('[data-admin-loading]').waitFor({ state: 'detached' });
      await expectNoSeriousA11yViolations(page, `portal certificates (${width})`);
      await shot(page, `admin-certificates-${width}`);
      expect({ width, ...(await sidewaysScroll(page)) }).toEqual({ width, page: 0, table: 0 });

      await page.goto('/admin/sessions');
      const row = page.getByRole('row').filter({ hasText: 'Manchester Conference Centre' });
      await row.waitFor();
      await page.locator('[data-admin-loading]').waitFor({ state: 'detached' });
      await expectNoSeriousA11yViolations(page, `portal sessions (${width})`);
      await shot(page, `admin-list-${width}`);
      // Rows are cards on a phone (DataTable `cards`): neither the page nor the table scrolls sideways.
      expect({ width, ...(await sidewaysScroll(page)) }).toEqual({ width, page: 0, table: 0 });
      await row.getByRole('link').first().click();
      await page.locator('[data-session-places]', { hasText: '11 of 12 places taken; 1 left.' }).waitFor();
      await expectNoSeriousA11yViolations(page, `portal session editor (${width})`);
      await shot(page, `admin-edit-${width}`);
      // Cancelling asks first; the way out says what it keeps ("Cancel" beside "Cancel session" read as either).
      await page.getByRole('button', { name: 'Cancel session…' }).click();
      const dialog = page.locator('dialog[data-admin-confirm][open]');
      await dialog.getByRole('button', { name: 'Cancel session and e-mail' }).waitFor();
      await shot(page, `admin-cancel-dialog-${width}`);
      await dialog.getByRole('button', { name: 'Keep the session' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
  });

  it('the whole journey: picks a date, buys and pays, names the delegate, staff mark attendance, the certificate verifies', async () => {
    const { shop, url: baseURL } = browserShop;
    const [product] = await shop.sql<{ product_id: number }>('select product_id from training_sessions where option_id = ? limit 1', [course]);
    const [own] = await shop.sql<{ id: number }>(
      `insert into training_sessions (product_id, option_id, starts_at, ends_at, venue, online, joining_url, capacity, places_taken)
       values (?, ?, ?, ?, ?, false, null, 10, 0) returning id`,
      [product!.product_id, course, new Date(Date.UTC(2030, 2, 5, 9)).toISOString(), new Date(Date.UTC(2030, 2, 5, 16)).toISOString(), 'York Safety Centre, YO1 7HH'],
    );
    const session = own!.id;
    const buyer = { email: uniqueEmail('course-journey'), password: GOOD_PASSWORD };
    const delegate = { name: 'Jordan Delegate', email: uniqueEmail('course-delegate') };
    await registerByApi(baseURL, { email: buyer.email, first_name: 'Morgan', last_name: 'Manager' });
    const { page, problems } = await open(1280);
    /**
     * A page on the way at 1280 px, then at 390 px (the same page, narrowed), then back. The portal is reloaded at
     * 390 px, as a phone would open it: narrowing a live portal keeps its desktop menu open over the page.
     */
    const shots = async (on: Page, name: string, reloadUntil?: string) => {
      await shot(on, `journey-${name}-1280`);
      await on.setViewportSize({ width: 390, height: 844 });
      if (reloadUntil) {
        await on.reload();
        await on.locator(reloadUntil).waitFor();
      }
      await shot(on, `journey-${name}-390`);
      await on.setViewportSize({ width: 1280, height: 900 });
    };

    // The buyer signs in, picks the York date on the product page and adds the place.
    await signInThroughForm(page, buyer);
    await page.goto(`/products/${slug}`);
    await hydrated(page);
    const york = await page.locator('[data-session-picker] option', { hasText: 'York Safety Centre' }).getAttribute('value');
    await page.getByLabel('Date for Open course — 1 place').selectOption(york!);
    await page.locator('[data-option] [data-add-to-basket]').first().click();
    await page.locator('[data-add-result="success"]', { hasText: 'York Safety Centre' }).waitFor();

    // Checkout with the company's billing address, then pay on the test payment page.
    await page.goto('/checkout');
    await hydrated(page);
    await page.locator('[data-checkout-summary] [data-checkout-line]', { hasText: 'Fire Marshal Training Course' }).waitFor();
    // The summary names the date and venue being bought, as the basket did.
    expect(await page.locator('[data-checkout-summary] [data-checkout-booking]').innerText()).toContain('York Safety Centre');
    expect(await page.getByText(/^Nothing to post: after payment you name who attends each place/).count()).toBe(1);
    await shots(page, 'checkout-course-date');
    const billing = page.locator('[data-address="billing_address"]');
    await billing.getByLabel('Full name').fill('Morgan Manager');
    await billing.getByLabel('Company or organisation (optional)').fill('Northern Safety Ltd');
    await billing.getByLabel('Address line 1').fill('2 Station Road');
    await billing.getByLabel('Town or city').fill('York');
    await billing.getByLabel('Postcode').fill('YO1 7HH');
    await page.getByLabel(/I accept the/).check();
    await page.getByRole('button', { name: /^Continue to payment/ }).click();
    await page.waitForURL(/\/pay\/test\//);
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL(/\/complete\?order=\d+/);
    await page.locator('[data-order-result="paid"]').waitFor({ timeout: 20_000 });
    const orderId = Number(new URL(page.url()).searchParams.get('order'));

    // The order page: the place's Delegates section; the buyer names who attends and saves.
    await page.goto(`/account/orders/${orderId}`);
    await hydrated(page);
    const delegates = page.locator('[data-course-delegates]');
    await delegates.locator(`[data-delegates-session="${session}"]`).waitFor();
    await delegates.getByLabel('Place 1: name').fill(delegate.name);
    await delegates.getByLabel('Place 1: e-mail').fill(delegate.email);
    await delegates.getByRole('button', { name: 'Save delegates' }).click();
    await page.locator('[data-delegates-saved]').waitFor();
    expect(await page.locator('[data-order-delivery-courses]').innerText()).toMatch(/^Nothing comes by post/);
    await expectNoSeriousA11yViolations(page, 'order page with its delegates');
    await shots(page, 'order-delegates');

    // The delegate's joining instructions arrive with the session's calendar entry.
    const joining = await waitUntil(async () => {
      const mails = (await (await page.request.get(`/api/dev/mailbox?to=${encodeURIComponent(delegate.email)}`)).json()) as Array<{ subject: string; attachments: Array<{ content_type: string }> }>;
      return mails.find((mail) => mail.subject.startsWith('Joining instructions: '));
    }, { what: 'the joining instructions' });
    expect(joining.attachments.map((attachment) => attachment.content_type)).toContain('text/calendar');

    // Attendance opens once a session has started: the session is moved to this morning. (Its delegates' list is
    // settled by then, which is right: nobody renames a delegate who is already in the room.)
    const hour = 3_600_000;
    await shop.sql('update training_sessions set starts_at = ?, ends_at = ? where id = ?', [new Date(Date.now() - hour).toISOString(), new Date(Date.now() + hour).toISOString(), session]);

    // Staff find the session, open its register, tick the delegate and save: the certificate is issued.
    const staff = await open(1280);
    await signInThroughForm(staff.page, DEMO_ADMIN);
    await staff.page.getByRole('navigation').getByRole('link', { name: 'Sessions', exact: true }).click();
    await staff.page.waitForURL('**/admin/sessions');
    await staff.page.getByRole('row').filter({ hasText: 'York Safety Centre' }).getByRole('link').first().click();
    await staff.page.locator('[data-session-register-link]').click();
    await staff.page.waitForURL(`**/admin/sessions/${session}/register`);
    const attended = staff.page.getByLabel(`Attended: ${delegate.name}`);
    await attended.waitFor();
    expect(await attended.isEnabled()).toBe(true);
    await shots(staff.page, 'register-before', '[data-register-attended]');
    await attended.check();
    await staff.page.getByRole('button', { name: 'Save attendance' }).click();
    const certificate = staff.page.locator('[data-register-certificate]');
    await certificate.waitFor();
    await expectNoSeriousA11yViolations(staff.page, 'register after saving');
    await shots(staff.page, 'register-after', '[data-register-certificate]');
    const code = await certificate.getAttribute('data-register-certificate');
    expect(await certificate.getAttribute('href')).toBe(`/certificates/${code}`);
    // The order in the portal lists its place with the delegate the buyer named.
    await staff.page.goto(`/admin/orders/${orderId}`);
    const places = staff.page.locator('[data-admin-places]');
    await eventually(() => places.innerText()).toContain(delegate.name);
    await shots(staff.page, 'admin-order-places', '[data-admin-places]');

    // The certificate's public page, as anyone checking it would open it.
    await page.goto(`/certificates/${code}`);
    await page.getByRole('heading', { name: 'Valid certificate' }).waitFor();
    expect(await page.locator('main').innerText()).toContain(delegate.name);
    await expectNoSeriousA11yViolations(page, 'certificate page');
    await shots(page, 'certificate');
    expect(problems.unexpected()).toEqual([]);
    expect(staff.problems.unexpected()).toEqual([]);
  }, 90_000);
});

async function expectPickerValue(page: Page, startsWith: string): Promise<void> {
  await page.waitForFunction((text) => {
    const select = document.querySelector<HTMLSelectElement>('[data-session-picker]');
    return select !== null && select.selectedOptions[0]?.textContent?.startsWith(text) === true;
  }, startsWith);
}
