import { expectNoSeriousA11yViolations } from '../support/accessibility.js';
import { eventually } from '../support/eventually.js';
import type { Page } from 'playwright-core';
import { useBrowserShop } from '../support/browser-shop.js';
import { hydrated } from '../support/identity-browser.js';
import { databaseKind } from '../support/test-database.js';

const APP_NAME = 'HS Training Direct';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 740 };
// Jest ignores `testTimeout` inside a `projects` entry (only the global one counts): set it here.
const JOURNEY_TIMEOUT = 30_000;

const PAGES = [
  { path: '/about', heading: 'About Us', widget: 'about-main', says: 'Who we are' },
  { path: '/training', heading: 'Training Courses', widget: 'training-main', says: 'IOSH Managing Safely' },
  { path: '/riskassessments', heading: 'Risk Assessments', widget: 'riskassessments-main', says: 'The five steps' },
  { path: '/privacy', heading: 'Privacy Policy', widget: 'privacy-policy', says: 'What we collect' },
  { path: '/terms', heading: 'Terms & Conditions', widget: 'terms-and-conditions', says: 'Prices and payment' },
  { path: '/delivery', heading: 'Delivery Information', widget: 'delivery-information', says: 'Digital products' },
] as const;

/** The information pages against the BUILT server as a separate process, the way `make start` runs it. */
describe(`information and legal pages in Chromium (${databaseKind})`, () => {
  const shop = useBrowserShop({ production: true });
  const open = (viewport = DESKTOP) => shop.open({ viewport });

  async function showsPage(page: Page, { path, heading, widget, says }: (typeof PAGES)[number]): Promise<void> {
    await page.waitForURL((url) => url.pathname === path);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor({ state: 'visible' });
    await page.locator(`section[data-widget="${widget}"]`).getByText(says, { exact: true }).waitFor({ state: 'visible' });
    await eventually(() => page.title()).toBe(`${heading} | ${APP_NAME}`);
  }

  it('opens About Us from the nav dropdown (client navigation) and shows its widget', async () => {
    const { page, problems } = await open();
    await page.goto('/');
    await hydrated(page);
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname);
    });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'About Us' }).click();
    await nav.getByRole('link', { name: 'About Us', exact: true }).click();
    await showsPage(page, PAGES[0]);
    await page.getByText('since 2009').first().waitFor({ state: 'visible' });
    expect(documents).toEqual([]); // hydrated links navigate on the client
    expect(problems.unexpected()).toEqual([]);
  }, JOURNEY_TIMEOUT);

  it('opens About Us and the legal pages from the footer', async () => {
    const { page, problems } = await open();
    await page.goto('/');
    await hydrated(page);
    const footer = page.locator('footer');
    for (const [label, shown] of [
      ['About Us', PAGES[0]],
      ['Privacy Policy', PAGES[3]],
      ['Terms & Conditions', PAGES[4]],
      ['Delivery Information', PAGES[5]],
    ] as const) {
      const link = footer.getByRole('link', { name: label, exact: true });
      await link.scrollIntoViewIfNeeded();
      await link.click();
      await showsPage(page, shown);
      await expectNoSeriousA11yViolations(page, shown.path);
    }
    expect(problems.unexpected()).toEqual([]);
  }, JOURNEY_TIMEOUT);

  it('server-renders and hydrates each page without console errors or CSP violations', async () => {
    const { page, problems } = await open();
    for (const shown of PAGES) {
      const response = await page.goto(shown.path);
      expect({ path: shown.path, status: response?.status() }).toEqual({ path: shown.path, status: 200 });
      await hydrated(page);
      await showsPage(page, shown);
    }
    expect(problems.unexpected()).toEqual([]);
  }, JOURNEY_TIMEOUT);

  it('phone (360×740): /training with its booking box does not scroll sideways', async () => {
    const { page, problems } = await open(PHONE);
    await page.goto('/training');
    await hydrated(page);
    await page.locator('section[data-widget="training-booking"]').getByText('How to book').waitFor({ state: 'visible' });
    await eventually(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(problems.unexpected()).toEqual([]);
  }, JOURNEY_TIMEOUT);
});
