import path from 'node:path';
import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations } from './accessibility.js';
import { SCREENSHOTS } from './browser-shop.js';
import { DEMO_ADMIN, signInThroughForm } from './identity-browser.js';

export { prepareScreenshots, SCREENSHOTS } from './browser-shop.js';

/**
 * A screenshot of a portal screen once it has settled (and its accessibility check) (no screen chunk or data loading), from the top: a
 * full-page capture at desktop width, what the phone shows at phone width (a full-page one repeats the sticky bar).
 */
export async function shootAdmin(page: Page, name: string): Promise<void> {
  await page.locator('[data-admin-progress]').waitFor({ state: 'detached' });
  await page.locator('[data-admin-loading]').waitFor({ state: 'detached' });
  // A list being refreshed is faded (opacity 0.6) until its new rows arrive: axe then measured every cell as too faint
  // (make test-stress, run 3). Settled means no list refreshing.
  await page.locator('.admin-table__table--refreshing').waitFor({ state: 'detached' });
  // A settled screen is also the one to check for accessibility (once per screen, whatever the width).
  await expectNoSeriousA11yViolations(page, `portal: ${name}`);
  const width = page.viewportSize()?.width ?? 0;
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENSHOTS, `admin-${name}-${width}.png`), fullPage: width > 640 });
}

/** The admin's way in: the sign-in form, the dashboard, then a section through the side menu (as staff do). */
export async function openPortal(page: Page, menu?: string): Promise<void> {
  await signInThroughForm(page, DEMO_ADMIN);
  // The admin lands on the dashboard: loading it again would only cost a page load (and its figures' requests).
  if (new URL(page.url()).pathname !== '/admin') await page.goto('/admin');
  await page.locator('[data-admin-page="dashboard"]').waitFor();
  if (menu) await page.locator('[data-admin-menu]').getByRole('link', { name: menu, exact: true }).click();
}

/** The portal's notification with this text (the first, when one was raised twice). */
export const adminNotification = (page: Page, text: string | RegExp) =>
  page.locator('[data-admin-notifications] [data-notice]').filter({ hasText: text }).first();
