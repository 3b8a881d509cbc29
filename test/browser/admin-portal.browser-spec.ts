import { eventually } from '../support/eventually.js';
import sharp from 'sharp';
import { adminNotification, openPortal, prepareScreenshots, shootAdmin } from '../support/admin-browser.js';
import { useBrowserShop } from '../support/browser-shop.js';
import { HttpBuyer } from '../support/http-buyer.js';
import { DEMO_ADMIN, DEMO_COUNCIL } from '../support/identity-browser.js';
import { databaseKind } from '../support/test-database.js';





/**
 * Issue 14's kit in Chromium against the built server on demo data: lists whose state lives in the URL, forms
 * that show the API's 422 reasons beside their fields, the unsaved-changes warning, confirmations before deleting,
 * notifications, uploads, and the seed's "Auth Token Expired" on a 401.
 */
describe(`administration portal in Chromium (${databaseKind})`, () => {
  const shop = useBrowserShop({ setupTimeoutMs: 90_000 });

  beforeAll(() => prepareScreenshots());

  it('delivery types: the list, an add with errors beside the fields, an edit that warns before leaving unsaved, a delete after asking', async () => {
    const { page, problems } = await shop.open();
    await openPortal(page, 'Delivery');
    await page.waitForURL('**/admin/delivery');
    const rows = page.locator('[data-admin-row]');
    await rows.first().waitFor();
    await eventually(() => rows.filter({ hasText: 'Royal Mail Tracked 48' }).innerText()).toContain('£3.95');
    await shootAdmin(page, 'delivery-list');

    await page.locator('[data-admin-add]').click();
    await page.waitForURL('**/admin/delivery/add');
    const form = page.locator('form.admin-form');
    await form.waitFor();
    // react-router moved: Vike's own page transition (and its "Loading..." overlay) never started.
    await eventually(() => page.locator('[data-page-loader]').getAttribute('data-page-loader')).toBe('hidden');
    await form.getByLabel('Name').fill('Royal Mail Tracked 48');
    await form.getByLabel('Price ex VAT').fill('six pounds');
    await form.locator('[data-admin-save]').click();
    // An amount that is not one is refused before asking the server.
    await eventually(() => form.locator('[data-field-error="price"]').innerText()).toContain('Enter an amount in pounds');
    await form.getByLabel('Price ex VAT').fill('6.50');
    await form.locator('[data-admin-save]').click();
    // The server's 422: the name is taken, said beside the name.
    await form.locator('[data-field-error="name"]').waitFor();
    await eventually(() => form.locator('[data-field-error="price"]').count()).toBe(0);
    await eventually(() => form.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');
    await shootAdmin(page, 'delivery-add-errors');

    await form.getByLabel('Name').fill('Pallet delivery');
    await form.getByLabel('Up to weight (grams)').fill('500000');
    await form.locator('[data-admin-save]').click();
    await page.waitForURL(/\/admin\/delivery\/\d+$/);
    await adminNotification(page, 'The delivery type is created.').waitFor();
    // The notice and the new URL come before the saved record's screen renders: wait for its heading.
    await eventually(() => page.locator('h1').innerText()).toBe('Pallet delivery');
    await eventually(() => page.locator('h1').innerText()).toBe('Pallet delivery');
    await eventually(() => page.getByLabel('Price ex VAT').inputValue()).toBe('6.50');

    // Unsaved changes: leaving asks; "Cancel" stays, with the edit still there.
    await page.getByLabel('Name').fill('Pallet delivery, 2 days');
    await page.locator('[data-admin-menu]').getByRole('link', { name: 'Brand Logos' }).click();
    const leave = page.locator('dialog[data-admin-confirm][open]');
    await leave.getByText('Leave without saving?').waitFor();
    await shootAdmin(page, 'delivery-unsaved');
    await leave.getByRole('button', { name: 'Cancel' }).click();
    await eventually(() => page.url()).toMatch(/\/admin\/delivery\/\d+$/);
    await eventually(() => page.getByLabel('Name').inputValue()).toBe('Pallet delivery, 2 days');
    await page.locator('[data-admin-save]').click();
    await adminNotification(page, 'Saved.').waitFor();
    await eventually(() => page.locator('h1').innerText()).toBe('Pallet delivery, 2 days');

    // Delete asks first, then the list no longer has it.
    await page.locator('[data-admin-delete]').click();
    const confirm = page.locator('dialog[data-admin-confirm][open]');
    await confirm.getByText('Delete Pallet delivery, 2 days?').waitFor();
    await confirm.locator('[data-admin-confirm-yes]').click();
    await page.waitForURL('**/admin/delivery');
    await adminNotification(page, 'The delivery type is deleted.').waitFor();
    await rows.first().waitFor();
    await eventually(() => rows.filter({ hasText: 'Pallet delivery' }).count()).toBe(0);
    expect(problems.unexpected([/status of 422/])).toEqual([]);
  });

  it('brands: a logo uploaded at once; the search and the sort live in the URL (reload and Back keep them)', async () => {
    const { page, problems } = await shop.open();
    await openPortal(page, 'Brand Logos');
    await page.waitForURL('**/admin/brands');
    await page.locator('[data-admin-add]').click();
    const form = page.locator('form.admin-form');
    await form.getByLabel('Name').fill('Zenith Safety Films');
    await form.getByLabel('Website').fill('not an address');
    await form.locator('[data-admin-save]').click();
    await form.locator('[data-field-error="website"]').waitFor();
    await form.getByLabel('Website').fill('https://zenith.example.co.uk');
    await form.locator('[data-admin-save]').click();
    await page.waitForURL(/\/admin\/brands\/\d+$/);

    const png = await sharp({ create: { width: 300, height: 120, channels: 3, background: '#0b5394' } }).png().toBuffer();
    await page.locator('[data-admin-upload] input[type="file"]').setInputFiles({ name: 'zenith.png', mimeType: 'image/png', buffer: png });
    await adminNotification(page, 'Logo uploaded.').waitFor();
    const preview = page.locator('.admin-upload__preview');
    await eventually(() => preview.getAttribute('src')).toMatch(/^\/media\/brands\/.+\.webp$/);
    await page.waitForFunction(() => (document.querySelector('.admin-upload__preview') as HTMLImageElement | null)?.complete === true);
    await eventually(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);
    await shootAdmin(page, 'brand-edit');

    await page.locator('.admin-breadcrumb a').click();
    await page.waitForURL('**/admin/brands');
    await page.locator('[data-admin-search]').fill('Zenith');
    await page.locator('[data-admin-search]').press('Enter');
    await page.waitForURL('**/admin/brands?search=Zenith');
    const rows = page.locator('[data-admin-row]');
    // The previous page stays on screen while the searched one loads: wait for the list to narrow.
    await eventually(() => rows.count()).toBe(1);
    await eventually(() => rows.innerText()).toContain('Zenith Safety Films');
    await page.reload();
    await rows.filter({ hasText: 'Zenith Safety Films' }).waitFor();
    await eventually(() => page.locator('[data-admin-search]').inputValue()).toBe('Zenith');
    await eventually(() => rows.count()).toBe(1);

    await page.locator('[data-admin-search]').fill('');
    await page.locator('[data-admin-search]').press('Enter');
    await page.waitForURL((url) => url.pathname === '/admin/brands' && url.search === '');
    await page.locator('[data-admin-sort="name"]').click();
    await page.waitForURL('**/admin/brands?sort=name');
    // The header follows the list once the sorted rows arrive, a moment after the URL.
    await page.locator('th[aria-sort="ascending"]', { hasText: 'Name' }).waitFor();
    await page.locator('[data-admin-sort="name"]').click();
    await page.waitForURL('**/admin/brands?sort=-name');
    const descending = (names: string[]) => names.join('|') === [...names].sort((a, b) => b.localeCompare(a, 'en-GB', { sensitivity: 'base' })).join('|');
    await eventually(async () => descending(await rows.locator('td:first-child').allInnerTexts())).toBe(true); // sorted Z to A
    await shootAdmin(page, 'brand-list');
    await page.goBack();
    await page.waitForURL('**/admin/brands?sort=name');
    await page.goBack();
    await page.goBack();
    await page.waitForURL('**/admin/brands?search=Zenith');
    await eventually(() => page.locator('[data-admin-search]').inputValue()).toBe('Zenith');
    expect(problems.unexpected([/status of 422/])).toEqual([]);
  });

  it('SEO entries at phone width; an expired session on save shows "Auth Token Expired" and goes to /login', async () => {
    const { page, problems } = await shop.open();
    await page.setViewportSize({ width: 390, height: 844 });
    await openPortal(page);
    await page.goto('/admin/seo/add');
    const form = page.locator('form.admin-form');
    await form.getByLabel('Path').fill('/category/posters');
    await form.getByLabel('Title').fill('Safety posters for the workplace');
    await form.getByLabel('Description').fill('Laminated A2 and A3 health and safety posters, delivered across the UK.');
    await form.locator('[data-admin-save]').click();
    await page.waitForURL(/\/admin\/seo\/\d+$/);
    await adminNotification(page, 'The SEO entry is created.').waitFor();
    await shootAdmin(page, 'seo-edit');
    await page.goto('/admin/seo');
    await page.locator('[data-admin-row]').filter({ hasText: '/category/posters' }).waitFor();
    await shootAdmin(page, 'seo-list');

    // The storefront page now carries the title.
    const storefront = await fetch(`${shop.server.url}/category/posters`).then((response) => response.text());
    expect(storefront).toContain('<title>Safety posters for the workplace');

    await page.locator('[data-admin-row] a').filter({ hasText: '/category/posters' }).click();
    // The record's screen with its stored values first: typing into a form still on its way would be lost.
    await page.locator('h1', { hasText: '/category/posters' }).waitFor();
    await eventually(() => page.getByLabel('Title').inputValue()).toBe('Safety posters for the workplace');
    await page.getByLabel('Title').fill('Posters');
    await page.locator('[data-admin-save]').waitFor();
    await page.context().clearCookies();
    await page.locator('[data-admin-save]').click();
    await page.locator('[data-dialog="auth-expired"]').getByText('Auth Token Expired').waitFor();
    await page.locator('[data-dialog="auth-expired"]').getByRole('button').click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(problems.unexpected([/status of 401/, /status of 403/])).toEqual([]);
  });

  it('orders: found by PO in a URL-kept search, paid on account in two BACS payments, processed, dispatched with tracking, refunded with a credit note', async () => {
    const council = await HttpBuyer.signIn(shop.server.url, DEMO_COUNCIL);
    const dvd = await council.optionIn('training-dvds', 'physical');
    const placed = await council.placeOrder(dvd.id, { payment_method: 'invoice', po_number: 'RBC-PO-7788' });

    const { page, problems } = await shop.open();
    await openPortal(page, 'Orders');
    await page.waitForURL('**/admin/orders');
    await page.locator('[data-admin-search]').fill('RBC-PO-7788');
    await page.locator('[data-admin-search]').press('Enter');
    await page.locator('[data-admin-filter="status"]').selectOption('awaiting_payment');
    await page.waitForURL((url) => url.searchParams.get('search') === 'RBC-PO-7788' && url.searchParams.get('status') === 'awaiting_payment');
    const row = page.locator('[data-admin-row]');
    await eventually(() => row.count()).toBe(1);
    await eventually(() => row.innerText()).toContain(placed.number);
    await eventually(() => row.innerText()).toContain('On account: invoice due');
    await shootAdmin(page, 'order-list');
    await row.getByRole('link', { name: placed.number }).click();
    await page.waitForURL(`**/admin/orders/${placed.id}`);
    await page.locator('[data-admin-order]').waitFor();

    // The invoice was issued when the order was placed on account.
    const invoiceHref = await page.locator('[data-admin-invoice]').getAttribute('href');
    const invoice = await page.request.get(invoiceHref!);
    expect([invoice.status(), invoice.headers()['content-type']]).toEqual([200, 'application/pdf']);

    // Two BACS payments: a bad amount is refused beside its field; the first part leaves the rest due.
    const payments = page.locator('[data-admin-payments]');
    await payments.getByLabel('Amount received').fill('ten pounds');
    await payments.getByLabel('Reference on the bank statement').fill('BACS RBC 0001');
    await payments.locator('[data-admin-record-payment]').click();
    await eventually(() => payments.locator('[data-field-error="amount"]').innerText()).toContain('Enter an amount in pounds');
    await payments.getByLabel('Amount received').fill('10.00');
    await payments.locator('[data-admin-record-payment]').click();
    await adminNotification(page, 'Payment recorded:').waitFor();
    const due = placed.grand_total - 1000;
    await eventually(() => payments.locator('[data-admin-amount-due]').innerText()).toBe(`£${(due / 100).toFixed(2)}`);
    await eventually(() => payments.getByLabel('Amount received').inputValue()).toBe((due / 100).toFixed(2));
    // The part payment keeps the status: its history entry says what it was, not the status it kept.
    await eventually(() => page.locator('[data-admin-history] li').first().locator('strong').innerText()).toBe('Note');
    await payments.getByLabel('Reference on the bank statement').fill('BACS RBC 0002');
    await payments.locator('[data-admin-record-payment]').click();
    await page.locator('h1 [data-order-status="paid"]').waitFor();

    await page.locator('[data-admin-transition="processing"]').click();
    await page.locator('h1 [data-order-status="processing"]').waitFor();

    // Dispatch asks for the tracking number.
    await page.locator('[data-admin-transition="dispatched"]').click();
    const dialog = page.locator('dialog[data-admin-confirm][open]');
    await dialog.locator('[data-admin-confirm-yes]').click();
    await eventually(() => dialog.locator('[data-field-error="tracking_number"]').innerText()).toContain('Enter the tracking number');
    await dialog.getByLabel('Tracking number').fill('RM123456789GB');
    await dialog.getByLabel('Note for the history').fill('Two boxes');
    await shootAdmin(page, 'order-dispatch');
    await dialog.locator('[data-admin-confirm-yes]').click();
    await page.locator('h1 [data-order-status="dispatched"]').waitFor();
    await eventually(() => page.locator('[data-admin-tracking]').innerText()).toBe('RM123456789GB');
    await eventually(() => page.locator('[data-admin-history]').innerText()).toContain('Two boxes');
    await shootAdmin(page, 'order-detail');

    // A refund asks first, then the credit note is there.
    await page.locator('[data-admin-transition="refunded"]').click();
    await page.locator('dialog[data-admin-confirm][open]').getByText(/a credit note for it is issued/).waitFor();
    await page.locator('dialog[data-admin-confirm][open] [data-admin-confirm-yes]').click();
    await page.locator('h1 [data-order-status="refunded"]').waitFor();
    await page.locator('[data-admin-credit-note]').waitFor();

    const held = await council.call<{ status: string; tracking_number: string }>('GET', `/api/orders/${placed.id}`);
    expect([held.status, held.tracking_number]).toEqual(['refunded', 'RM123456789GB']);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload(); // a phone starts with the menu closed
    await page.locator('[data-admin-order]').waitFor();
    await shootAdmin(page, 'order-detail');
    expect(problems.unexpected()).toEqual([]);
  });

  it('users: staff create a user (a taken e-mail said beside it), edit the address by the profile rules, give account terms, and see their orders in a tab', async () => {
    const council = await HttpBuyer.signIn(shop.server.url, DEMO_COUNCIL);
    const placed = await council.placeOrder((await council.optionIn('training-dvds', 'physical')).id, { payment_method: 'invoice', po_number: 'TAB-PO-1' });

    const { page, problems } = await shop.open();
    await openPortal(page, 'Users');
    await page.waitForURL('**/admin/users');
    await page.locator('[data-admin-add]').click();
    const form = page.locator('form.admin-form');
    await form.getByLabel('E-mail address').fill('COUNCIL@example.com');
    await form.getByLabel('First name').fill('Robin');
    await form.getByLabel('Last name').fill('Buyer');
    await form.locator('[data-admin-save]').click();
    await eventually(() => form.locator('[data-field-error="email"]').innerText()).toContain('already exists');
    await form.getByLabel('E-mail address').fill('robin.buyer@leeds-training.example.com');
    await form.getByLabel('Company').fill('Leeds Training Ltd');
    await form.locator('[data-admin-save]').click();
    await page.waitForURL(/\/admin\/users\/\d+$/);
    await adminNotification(page, 'The user is created.').waitFor();
    // The notice and the new URL come before the saved record's screen renders: wait for its heading.
    await eventually(() => page.locator('h1').innerText()).toBe('Robin Buyer');
    await eventually(() => page.locator('h1').innerText()).toBe('Robin Buyer');

    // The address is checked by the profile's rules, each reason beside its line.
    const billing = page.locator('fieldset[data-section="Billing address"]');
    await billing.getByLabel('Address line 1').fill('1 Canal Wharf');
    await billing.getByLabel('Town or city').fill('Leeds');
    await billing.getByLabel('Postcode').fill('NOT A CODE');
    await page.getByLabel('Account terms: may pay on account').check();
    await page.locator('[data-admin-save]').click();
    await page.locator('[data-field-error="billing_address.postcode"]').waitFor();
    await shootAdmin(page, 'user-errors');
    await billing.getByLabel('Postcode').fill('ls101ab');
    await page.locator('[data-admin-save]').click();
    await adminNotification(page, 'Saved.').waitFor();
    await eventually(() => billing.getByLabel('Postcode').inputValue()).toBe('LS10 1AB');
    const id = Number(page.url().split('/').pop());
    const admin = await HttpBuyer.signIn(shop.server.url, DEMO_ADMIN);
    const held = await admin.call<{ account_terms: boolean; company_name: string; billing_address: { postcode: string } }>('GET', `/api/admin/users/${id}`);
    expect([held.account_terms, held.company_name, held.billing_address.postcode]).toEqual([true, 'Leeds Training Ltd', 'LS10 1AB']);

    // The council's page: its orders tab lists the order just placed, and opens it.
    await page.locator('.admin-breadcrumb a').click();
    await page.locator('[data-admin-search]').fill('council@example.com');
    await page.locator('[data-admin-search]').press('Enter');
    const rows = page.locator('[data-admin-row]');
    await eventually(() => rows.count()).toBe(1);
    await rows.getByRole('link').first().click();
    await page.locator('[data-admin-tab="orders"]').click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'orders');
    const order = page.locator('[data-admin-tabs] [data-admin-row]').filter({ hasText: placed.number });
    await order.waitFor();
    await shootAdmin(page, 'user-orders');
    await page.keyboard.press('ArrowRight'); // the tabs follow the arrow keys
    await page.locator('[data-admin-tab="previews"]').focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForURL((url) => url.searchParams.get('tab') === 'product-views');
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'previews');
    await page.goBack();
    await order.getByRole('link', { name: placed.number }).click();
    await page.waitForURL(`**/admin/orders/${placed.id}`);
    expect(problems.unexpected([/status of 422/])).toEqual([]);
  });

  it('dashboard: today’s sales, orders to dispatch and overdue invoices as the API counts them, and a drawn chart with its table', async () => {
    const council = await HttpBuyer.signIn(shop.server.url, DEMO_COUNCIL);
    await council.placeOrder((await council.optionIn('training-dvds', 'physical')).id, { payment_method: 'invoice', po_number: 'DASH-PO-1' });
    const admin = await HttpBuyer.signIn(shop.server.url, DEMO_ADMIN);
    const figures = await admin.call<{
      sales: { today: { orders: number; total_inc_vat: number } };
      awaiting_dispatch: { count: number };
      sales_by_day: Array<{ date: string; orders: number }>;
    }>('GET', '/api/admin/dashboard');
    expect(figures.sales.today.orders).toBeGreaterThanOrEqual(1);

    const { page, problems } = await shop.open();
    await openPortal(page);
    const today = page.locator('[data-admin-card="today"]');
    await eventually(() => today.locator('.admin-card__figure').innerText()).toBe(`£${(figures.sales.today.total_inc_vat / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`);
    await eventually(() => today.locator('.admin-card__detail').innerText()).toContain(`${figures.sales.today.orders} order`);
    await eventually(() => page.locator('[data-admin-card="dispatch"] .admin-card__figure').innerText()).toBe(String(figures.awaiting_dispatch.count));
    // uPlot drew on a canvas the width of its box; the same figures are in the table behind it.
    const canvas = page.locator('[data-admin-sales-chart] canvas');
    await eventually(() => canvas.evaluate((c: HTMLCanvasElement) => c.width)).toBeGreaterThan(300);
    await page.locator('[data-admin-sales-chart] summary').click();
    const last = figures.sales_by_day[figures.sales_by_day.length - 1]!;
    await eventually(() => page.locator(`[data-admin-sales-day="${last.date}"] td`).first().innerText()).toBe(String(last.orders));
    await eventually(() => page.locator('[data-admin-sales-day]').count()).toBe(30);
    await shootAdmin(page, 'dashboard');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.locator('[data-admin-sales-chart] canvas').waitFor();
    await shootAdmin(page, 'dashboard');
    expect(problems.unexpected()).toEqual([]);
  });
});
