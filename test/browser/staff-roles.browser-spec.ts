import path from 'node:path';
import type { Page } from 'playwright-core';
import { adminNotification, openPortal, prepareScreenshots, SCREENSHOTS, shootAdmin } from '../support/admin-browser.js';
import { useBrowserShop } from '../support/browser-shop.js';
import { eventually } from '../support/eventually.js';
import { HttpBuyer } from '../support/http-buyer.js';
import { DEMO_ADMIN, GOOD_PASSWORD, registerByApi, signInThroughForm } from '../support/identity-browser.js';
import { databaseKind } from '../support/test-database.js';

/**
 * Issue 28 item 11 (ADR 0044) in Chromium: the portal's menu and screens follow the staff role. Two members of staff
 * register as customers and an administrator gives them their roles through the users API, as the user screen does.
 */
const CATALOGUE = { email: 'cat.alogue@hs-training.co.uk', password: GOOD_PASSWORD };
const ORDERS = { email: 'or.ders@hs-training.co.uk', password: GOOD_PASSWORD };

const menuLabels = (page: Page) => page.locator('[data-admin-menu]').getByRole('link').allInnerTexts();

/** The side menu at desktop width, and opened at phone width (it starts closed there). */
async function shootMenu(page: Page, name: string): Promise<void> {
  await shootAdmin(page, name);
  await page.setViewportSize({ width: 390, height: 844 });
  const toggle = page.locator('[data-admin-menu-toggle]');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await page.locator('[data-admin-menu]').waitFor({ state: 'visible' });
  await shootAdmin(page, name);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** At phone width the menu covers the screen: shut it to show the screen itself (it stays open from a wide window). */
async function narrowWithMenuShut(page: Page): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  const toggle = page.locator('[data-admin-menu-toggle]');
  if ((await toggle.getAttribute('aria-expanded')) === 'true') await toggle.click();
  await page.locator('[data-admin-menu]').waitFor({ state: 'hidden' });
}

describe(`staff roles in the portal (${databaseKind})`, () => {
  const shop = useBrowserShop({
    setupTimeoutMs: 90_000,
    ready: async (server) => {
      const admin = await HttpBuyer.signIn(server.url, DEMO_ADMIN);
      for (const [account, role] of [[CATALOGUE, 'catalogue'], [ORDERS, 'orders']] as const) {
        await registerByApi(server.url, { ...account, first_name: role === 'orders' ? 'Orla' : 'Cat', last_name: 'Staff' });
        const found = await admin.call<{ data: Array<{ id: number }> }>('GET', `/api/admin/users?search=${encodeURIComponent(account.email)}`);
        await admin.call('PATCH', `/api/admin/users/${found.data[0]!.id}`, { staff_role: role });
      }
    },
  });

  beforeAll(() => prepareScreenshots());

  it('a catalogue role sees Products, Brand Logos and Sessions only, lands on its products, and gets a panel on /admin/orders', async () => {
    const { page, problems } = await shop.open();
    await signInThroughForm(page, CATALOGUE, { staff: true });
    await page.goto('/admin');
    // No dashboard for this role: /admin opens its first screen.
    await page.waitForURL('**/admin/products');
    await page.locator('[data-admin-list="product"]').waitFor();
    await eventually(() => menuLabels(page)).toEqual(['Products', 'Brand Logos', 'Sessions']); // open-course sessions are the catalogue's (ADR 0046)
    await shootMenu(page, 'menu-catalogue-role');

    // Categories are the catalogue's too, through the products screen's button.
    await page.locator('[data-admin-categories]').click();
    await page.waitForURL('**/admin/categories');
    await page.locator('[data-admin-row]').first().waitFor();

    await page.goto('/admin/orders');
    const panel = page.locator('[data-admin-page="not-for-your-role"]');
    await panel.getByRole('heading', { name: 'Not available for your role' }).waitFor();
    await eventually(() => panel.innerText()).toContain('Your staff role is Catalogue: products, categories, brands.');
    expect(await page.locator('[data-admin-row]').count()).toBe(0);
    await shootAdmin(page, 'not-for-your-role');
    await narrowWithMenuShut(page);
    await shootAdmin(page, 'not-for-your-role');
    await page.setViewportSize({ width: 1280, height: 900 });
    await panel.locator('[data-admin-role-home]').click();
    await page.waitForURL('**/admin/products');

    // A mistyped address is "Not found" for this role as for an administrator: no panel, so no hint that something
    // is there (issue 30); its way back is the role's own first screen.
    await page.goto('/admin/no-such-page');
    const notFound = page.locator('[data-admin-page="not-found"]');
    await notFound.getByRole('heading', { name: 'Not found', level: 1 }).waitFor();
    expect(await page.locator('[data-admin-page="not-for-your-role"]').count()).toBe(0);
    await eventually(() => page.title()).toBe('Not found | Administration Portal');
    await shootAdmin(page, 'not-found-catalogue-role');
    await narrowWithMenuShut(page);
    await shootAdmin(page, 'not-found-catalogue-role');
    await page.setViewportSize({ width: 1280, height: 900 });
    await notFound.getByRole('link', { name: 'Back to Products' }).click();
    await page.waitForURL('**/admin/products');

    // The storefront's content blocks offer no "Edit" to a role without content.
    await page.goto('/');
    await page.locator('[data-widget]').first().waitFor();
    expect(await page.locator('[data-widget-edit]').count()).toBe(0);
    // No screen of another area was drawn, so none of its requests was refused.
    expect(problems.unexpected()).toEqual([]);
  });

  it('an orders role sees the dashboard without low stock or enquiries, and customers read-only', async () => {
    const { page } = await shop.open();
    await signInThroughForm(page, ORDERS, { staff: true });
    await page.goto('/admin');
    await page.locator('[data-admin-page="dashboard"]').waitFor();
    await eventually(() => menuLabels(page)).toEqual(['Dashboard', 'Users', 'Orders', 'Delivery']);
    await page.locator('[data-admin-card="dispatch"]').waitFor();
    expect(await page.locator('[data-admin-dashboard-list="low-stock"]').count()).toBe(0);
    expect(await page.locator('[data-admin-dashboard-list="enquiries"]').count()).toBe(0);
    await shootMenu(page, 'menu-orders-role');

    await page.locator('[data-admin-menu]').getByRole('link', { name: 'Users', exact: true }).click();
    await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
    expect(await page.locator('[data-admin-add]').count()).toBe(0);
    const customer = page.locator('[data-admin-row]').filter({ hasText: 'customer@example.com' });
    await customer.getByRole('link').first().click();
    await page.locator('[data-admin-read-only]').waitFor();
    expect(await page.locator('[data-admin-save]').count()).toBe(0);
    await eventually(() => page.getByLabel('E-mail address').isDisabled()).toBe(true);
    await eventually(() => page.getByRole('tab').allInnerTexts()).toEqual(['Details', 'Orders', 'Previews', 'Product views']);
    await shootAdmin(page, 'user-read-only');
  });

  it('an administrator sets the role on the user screen', async () => {
    const { page } = await shop.open();
    await openPortal(page, 'Users');
    await page.locator('[data-admin-row]').filter({ hasText: CATALOGUE.email }).getByRole('link').first().click();
    const role = page.getByLabel('Role', { exact: true });
    await eventually(() => role.inputValue()).toBe('catalogue');
    await role.selectOption('content');
    await role.scrollIntoViewIfNeeded();
    await shootAdmin(page, 'user-role-field');
    await page.locator('[data-admin-save]').click();
    await adminNotification(page, 'Saved.').waitFor();
    const stored = await (await HttpBuyer.signIn(shop.server.url, DEMO_ADMIN)).call<{ data: Array<{ staff_role: string }> }>(
      'GET', `/api/admin/users?search=${encodeURIComponent(CATALOGUE.email)}`,
    );
    expect(stored.data[0]!.staff_role).toBe('content');

    await narrowWithMenuShut(page);
    await role.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'admin-user-role-field-390.png') });
  });
});
