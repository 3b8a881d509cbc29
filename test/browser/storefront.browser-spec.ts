import { expectNoSeriousA11yViolations } from '../support/accessibility.js';
import { eventually } from '../support/eventually.js';
import path from 'node:path';
import type { Page, Request } from 'playwright-core';
import { prepareScreenshots, SCREENSHOTS, useBrowserShop, type OpenOptions } from '../support/browser-shop.js';
import { failedResource, hydrated } from '../support/identity-browser.js';
import { databaseKind } from '../support/test-database.js';

const APP_NAME = 'HS Training Direct';
const SEARCH_PLACEHOLDER = 'Find videos, posters or training';
const HOME_WIDGET_TEXT = 'Health and safety training that people remember';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 740 };
// Jest ignores `testTimeout` inside a `projects` entry (only the global one counts): set it here.
const JOURNEY_TIMEOUT = 30_000;

/** The journeys run against the BUILT server as a separate process, the way `make start` runs it. */
describe(`storefront journeys in Chromium (${databaseKind})`, () => {
  const shop = useBrowserShop({ production: true });
  beforeAll(prepareScreenshots);
  const open = (viewport = DESKTOP, options: Omit<OpenOptions, 'viewport'> = {}) => shop.open({ viewport, ...options });

  /** The footer's card logos are lazy: bring them into view and wait until every one has decoded. */
  async function cardLogosLoaded(page: Page): Promise<void> {
    const cards = page.locator('footer').getByRole('list', { name: 'Cards we accept' }).getByRole('img');
    await cards.last().scrollIntoViewIfNeeded();
    await eventually(() => cards.count()).toBeGreaterThanOrEqual(2);
    // The card logos have loaded.
    await eventually(() => cards.evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0))).toBe(true);
  }

  const documentRequests = (page: Page): Request[] => {
    const seen: Request[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') seen.push(request);
    });
    return seen;
  };

  it('home: title, header with logo and search, nav, widgets and footer, without console errors or CSP violations', async () => {
    const { page, problems } = await open();
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await hydrated(page);

    await eventually(() => page.title()).toContain(APP_NAME);
    await eventually(() => page.locator('html').getAttribute('lang')).toBe('en-GB');
    await page.locator('a[data-logo-link] img').waitFor({ state: 'visible' });
    await eventually(() => page.locator('a[data-logo-link]').getAttribute('href')).toBe('/');
    const search = page.locator('header').getByRole('searchbox');
    await search.waitFor({ state: 'visible' });
    await eventually(() => search.getAttribute('placeholder')).toBe(SEARCH_PLACEHOLDER);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Training DVDs' }).waitFor({ state: 'visible' });
    await page.locator('section[data-widget="home-intro"]').getByText(HOME_WIDGET_TEXT).waitFor({ state: 'visible' });
    await page.locator('a[data-basket-link]').getByText('£0.00').waitFor({ state: 'visible' });

    const footer = page.locator('footer');
    await footer.scrollIntoViewIfNeeded();
    await footer.getByText('© 2021').waitFor({ state: 'visible' });
    await footer.getByRole('img', { name: 'Visa' }).waitFor({ state: 'visible' });
    await cardLogosLoaded(page); // served, and allowed by the CSP
    // The stylesheet applied (a CSP block would leave the page unstyled): the nav is laid out in a row on a desktop.
    const navDisplay = await page.locator('nav[aria-label="Main"] ul').first().evaluate((ul) => getComputedStyle(ul).display);
    expect(navDisplay).toBe('flex');

    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoSeriousA11yViolations(page, 'home');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'home-1280x900.png'), fullPage: true });
    expect(problems.unexpected()).toEqual([]);
  }, JOURNEY_TIMEOUT);

  it('search: typing "fire safety" in the header lands on /category?search=… with the box pre-filled', async () => {
    const { page, problems } = await open();
    await page.goto('/');
    await hydrated(page);
    const search = page.locator('header').getByRole('searchbox');
    await search.fill('fire safety');
    await search.press('Enter');
    await page.waitForURL(/\/category\?search=fire(\+|%20)safety$/);
    await eventually(() => page.locator('header').getByRole('searchbox').inputValue()).toBe('fire safety');
    // No category page yet: /category is answered by the server with 404 (the search box still pre-filled).
    expect(problems.unexpected([failedResource(404, '/category?search=')])).toEqual([]);

    // Without JavaScript the plain GET form does the same, and the server pre-fills the box.
    const noJs = await open(DESKTOP, { javaScriptEnabled: false });
    await noJs.page.goto('/');
    await noJs.page.locator('header').getByRole('searchbox').fill('fire safety');
    await Promise.all([noJs.page.waitForURL(/\/category\?search=fire\+safety$/), noJs.page.locator('header').getByRole('searchbox').press('Enter')]);
    await eventually(() => noJs.page.locator('header').getByRole('searchbox').inputValue()).toBe('fire safety');
  }, JOURNEY_TIMEOUT);

  it('unknown path: the not-found page, served with HTTP 404', async () => {
    const { page, problems } = await open();
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await hydrated(page);
    await page.locator('[data-error-page="404"]').getByRole('heading', { name: 'Page not found' }).waitFor({ state: 'visible' });
    await page.getByRole('navigation', { name: 'Main' }).waitFor({ state: 'visible' }); // inside the storefront layout
    await eventually(() => page.title()).toMatch(/Page not found/);
    await expectNoSeriousA11yViolations(page, 'not-found page');
    expect(problems.unexpected([failedResource(404, '/no/such/page')])).toEqual([]);
    expect(problems.all.filter((p) => failedResource(404).test(p))).toHaveLength(1); // the document only
  }, JOURNEY_TIMEOUT);

  it('client-side navigation: the page loader shows, the URL changes, and the page is never reloaded', async () => {
    // Vike's client router only handles URLs that match a page route; any other link is a full page load
    // (so that the server answers 404). Today the storefront routes are / and /admin/*, so this journey
    // starts on the not-found page and follows the nav's "Home" link.
    const { page, problems } = await open();
    const documents = documentRequests(page);
    const dataRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('.pageContext.json')) dataRequests.push(new URL(request.url()).pathname);
    });
    expect((await page.goto('/no/such/page'))?.status()).toBe(404);
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as { __sameDocument: string }).__sameDocument = 'still here'));

    // Hold the page data until the loader has been seen mid-navigation (released below, not slowed by a guessed delay).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/index.pageContext.json', async (route) => {
      await held;
      await route.continue();
    });
    // (The loader's own box is empty: its bar and overlay are position: fixed. Wait for the overlay.)
    const loaderShown = page.waitForSelector('[data-page-loader="visible"] [role="status"]', { state: 'visible', timeout: 5000 });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    const loader = await loaderShown;
    await eventually(() => loader.textContent()).toContain('Loading...');
    await eventually(() => page.locator('[data-page-loader="visible"] img').getAttribute('alt')).toBe('Loading Please Wait');
    const progress = Number(await page.locator('[data-page-loader="visible"] [role="progressbar"]').getAttribute('aria-valuenow'));
    expect(progress).toBeGreaterThanOrEqual(0);
    expect(progress).toBeLessThanOrEqual(100);
    release();

    await page.waitForURL((url) => url.pathname === '/');
    await page.locator('section[data-widget="home-intro"]').getByText(HOME_WIDGET_TEXT).waitFor({ state: 'visible' });
    await page.locator('[data-error-page]').waitFor({ state: 'detached' });
    await eventually(() => page.title()).toContain(APP_NAME);
    await eventually(() => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    // The loader goes away once the page is shown (500 ms after finishing, seed §9).
    await page.waitForSelector('[data-page-loader="hidden"]', { state: 'attached', timeout: 5000 });

    await eventually(() => page.evaluate(() => (window as unknown as { __sameDocument?: string }).__sameDocument)).toBe('still here');
    expect(documents.map((d) => new URL(d.url()).pathname)).toEqual(['/no/such/page']);
    expect(dataRequests).toEqual(['/index.pageContext.json']); // the URL Vike asks for the home page's data
    expect(problems.unexpected([failedResource(404, '/no/such/page')])).toEqual([]);
  }, JOURNEY_TIMEOUT);

  it('About Us dropdown opens on click and lists its five links', async () => {
    const { page, problems } = await open();
    await page.goto('/');
    await hydrated(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const toggle = nav.getByRole('button', { name: 'About Us' });
    await eventually(() => toggle.getAttribute('aria-expanded')).toBe('false');
    const menu = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
    await eventually(() => menu.isVisible()).toBe(false);

    await toggle.click();
    await eventually(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await menu.waitFor({ state: 'visible' });
    const items = menu.getByRole('link');
    await items.first().waitFor({ state: 'visible' });
    const listed = await items.evaluateAll((as) => as.map((a) => ({ href: a.getAttribute('href'), text: a.textContent?.trim() })));
    expect(listed.map((l) => l.href)).toEqual(['/about', '/blog', '/joinus/recruitment', '/joinus/distribution', '/joinus/partnership']);
    for (const item of await items.all()) await eventually(() => item.isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page, 'home: About Us menu open');

    await page.keyboard.press('Escape');
    await eventually(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await menu.waitFor({ state: 'hidden' });
    expect(problems.unexpected()).toEqual([]);
  }, JOURNEY_TIMEOUT);

  it('phone (360×740): the nav collapses behind "Menu", opens on tap, and nothing scrolls sideways', async () => {
    const { page, problems } = await open(PHONE);
    await page.goto('/');
    await hydrated(page);
    const noSidewaysScroll = () => page.evaluate(() => document.documentElement.scrollWidth);
    await eventually(() => noSidewaysScroll()).toBeLessThanOrEqual(PHONE.width);
    await cardLogosLoaded(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoSeriousA11yViolations(page, 'home');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'home-360x740.png'), fullPage: true });

    const nav = page.getByRole('navigation', { name: 'Main' });
    const menu = nav.getByRole('button', { name: 'Menu' });
    await menu.waitFor({ state: 'visible' });
    await eventually(() => menu.getAttribute('aria-expanded')).toBe('false');
    const training = nav.getByRole('link', { name: 'Training DVDs' });
    await eventually(() => training.isVisible()).toBe(false);

    await menu.click();
    await eventually(() => menu.getAttribute('aria-expanded')).toBe('true');
    await training.waitFor({ state: 'visible' });
    for (const name of ['Home', 'Online Training', 'Posters', 'Training Courses', 'Risk Assessments', 'PowerPoint', 'Contact']) {
      await eventually(async () => ({ name, visible: await nav.getByRole('link', { name, exact: true }).isVisible() })).toEqual({ name, visible: true });
    }
    await nav.getByRole('button', { name: 'About Us' }).click();
    await nav.getByRole('link', { name: 'Partnership' }).waitFor({ state: 'visible' });
    await expectNoSeriousA11yViolations(page, 'home: phone menu open');
    await eventually(() => noSidewaysScroll()).toBeLessThanOrEqual(PHONE.width);

    await menu.click();
    await training.waitFor({ state: 'hidden' });
    expect(problems.unexpected()).toEqual([]);
  }, JOURNEY_TIMEOUT);

  it('newsletter: nothing sent when empty; failure shows "Invalid Email Address"; success thanks, then clears after ~2 s', async () => {
    const { page, problems } = await open();
    const posts: Request[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/newsletter') posts.push(request);
    });
    await page.goto('/');
    await hydrated(page);
    const box = page.locator('[data-newsletter]');
    const email = box.getByRole('textbox', { name: 'Email address' });
    const subscribe = box.getByRole('button', { name: 'Subscribe' });
    const message = box.locator('[data-newsletter-message]');
    await box.scrollIntoViewIfNeeded();

    // Empty: no request, no message.
    await subscribe.click();
    // No request now, and none later: the malformed address below makes the first and only one (posts has length 1 once
    // its answer shows, and a request from this click would have been sent before that one).
    expect(posts).toHaveLength(0);
    await eventually(async () => (await message.textContent())?.trim()).toBe('');

    // The server refuses a malformed address (422): any failure reads "Invalid Email Address".
    await email.fill('office@example');
    await subscribe.click();
    await message.getByText('Invalid Email Address').waitFor({ state: 'visible' });
    expect(posts).toHaveLength(1);
    expect(posts[0]!.method()).toBe('POST');
    expect(posts[0]!.postDataJSON()).toEqual({ email: 'office@example' });
    expect(await posts[0]!.headerValue('content-type')).toMatch(/^application\/json/);
    await eventually(() => email.inputValue()).toBe('office@example'); // kept, to correct it
    await email.fill('office@example.co.uk');

    // A server that accepts it. The browser itself notes when the thanks appear and when they are cleared
    // (so that a slow test runner cannot blur the timing).
    await page.route('**/api/newsletter', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{}' }));
    await message.evaluate((element) => {
      const times: { shown?: number; cleared?: number; emailAtClear?: string } = {};
      (window as unknown as { __newsletterTimes: typeof times }).__newsletterTimes = times;
      const input = element.closest('form')!.querySelector('input')!;
      new MutationObserver(() => {
        const now = performance.now();
        if (times.shown === undefined && element.textContent === 'Thank you, you have been subscribed') times.shown = now;
        if (times.shown !== undefined && times.cleared === undefined && element.textContent === '') {
          times.cleared = now;
          times.emailAtClear = input.value;
        }
      }).observe(element, { childList: true, characterData: true, subtree: true });
    });
    await subscribe.click();
    await message.getByText('Thank you, you have been subscribed').waitFor({ state: 'visible' });
    await eventually(() => message.textContent()).not.toContain('Invalid Email Address'); // the error flag was reset
    expect(posts).toHaveLength(2);
    await eventually(() => email.inputValue()).toBe('office@example.co.uk'); // not cleared at once
    await eventually(async () => [await message.textContent(), await email.inputValue()]).toEqual(['', '']); // both cleared
    const times = await page.evaluate(() => (window as unknown as { __newsletterTimes: { shown: number; cleared: number; emailAtClear: string } }).__newsletterTimes);
    expect(times.cleared - times.shown).toBeGreaterThanOrEqual(1900); // seed §9: after 2000 ms, not before
    expect(times.emailAtClear).toBe(''); // email and message go together

    expect(problems.unexpected([failedResource(422, '/api/newsletter')])).toEqual([]);
  }, JOURNEY_TIMEOUT);

  it('a server error (≥ 500) through the app\'s fetch wrapper opens the "Error 500" dialog; OK closes it', async () => {
    const { page, problems } = await open();
    await page.goto('/');
    await hydrated(page);
    await page.route('**/api/newsletter', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":500,"error":"Internal Server Error"}' }),
    );
    const dialog = page.getByRole('dialog', { name: 'Error 500' });
    await eventually(() => dialog.isVisible()).toBe(false);

    const box = page.locator('[data-newsletter]');
    await box.getByRole('textbox', { name: 'Email address' }).fill('office@example.co.uk');
    await box.getByRole('button', { name: 'Subscribe' }).click();

    await dialog.waitFor({ state: 'visible' });
    await dialog.getByText('Server Error').waitFor({ state: 'visible' });
    // The caller still sees the failure.
    await box.getByText('Invalid Email Address').waitFor({ state: 'visible' });
    // Modal: focus is on its OK button.
    const ok = dialog.getByRole('button', { name: 'OK' });
    await eventually(() => ok.evaluate((button) => button === document.activeElement)).toBe(true);
    await expectNoSeriousA11yViolations(page, 'home: Error 500 dialog');
    await ok.click();
    await dialog.waitFor({ state: 'hidden' });

    expect(problems.unexpected([failedResource(500, '/api/newsletter')])).toEqual([]);
  }, JOURNEY_TIMEOUT);

  it('admin portal: title, side menu of seed §2, "Exit To Web Site", the menu opens and closes', async () => {
    const { page, problems } = await open();
    // The portal is admin-only: sign in as the demo administrator (the context's request shares its cookies).
    const signIn = await page.context().request.post('/api/login', { data: { email: 'admin@example.com', password: 'demo-admin-password' } });
    expect(signIn.status()).toBe(200);
    const documents = documentRequests(page);
    const response = await page.goto('/admin');
    expect(response?.status()).toBe(200);
    await page.locator('[data-layout="admin"]').waitFor({ state: 'visible' });
    await hydrated(page);
    await page.getByText('Administration Portal', { exact: true }).waitFor({ state: 'visible' });
    await eventually(() => page.title()).toMatch(/Administration Portal/);
    await expectNoSeriousA11yViolations(page, 'portal: dashboard');

    const menu = page.getByRole('navigation', { name: 'Administration' });
    await menu.waitFor({ state: 'visible' }); // open by default on a wide screen
    const entries = await menu.getByRole('link').evaluateAll((as) => as.map((a) => ({ href: a.getAttribute('href'), text: a.textContent?.trim() })));
    expect(entries.map((e) => e.href)).toEqual([
      // Seed §2's "/ (Dashboard)" is the portal's root (issue 28 item 8, ADR 0043).
      '/admin',
      '/admin/users',
      '/admin/products/cat/1',
      '/admin/orders',
      '/admin/delivery',
      '/admin/blog',
      '/admin/widgets',
      '/admin/brands',
      '/admin/seo',
      // Issue 14 adds the two read-only lists after the seed's entries.
      '/admin/enquiries',
      '/admin/newsletter',
      // The training module's screens (issues 26 and 27, ADR 0041).
      '/admin/certificates',
      '/admin/sessions',
    ]);
    expect(entries.find((e) => e.href === '/admin')?.text).toBe('Dashboard');
    expect(entries.find((e) => e.href === '/admin/brands')?.text).toBe('Brand Logos');
    const exit = page.getByRole('link', { name: 'Exit To Web Site' });
    await eventually(() => exit.getAttribute('href')).toBe('/');

    const toggle = page.locator('[data-admin-menu-toggle]');
    await eventually(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await toggle.click();
    await menu.waitFor({ state: 'hidden' });
    await eventually(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await menu.waitFor({ state: 'visible' });
    await eventually(() => toggle.getAttribute('aria-expanded')).toBe('true');

    // A portal link changes the URL inside the same document.
    await menu.getByRole('link', { name: 'Users' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/users');
    await page.getByText('Administration Portal', { exact: true }).waitFor({ state: 'visible' });

    // "Exit To Web Site" leads back to the storefront home.
    await exit.click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.locator('section[data-widget="home-intro"]').getByText(HOME_WIDGET_TEXT).waitFor({ state: 'visible' });
    await page.locator('[data-layout="storefront"]').waitFor({ state: 'visible' });
    expect(documents.length).toBeGreaterThanOrEqual(1);
    expect(problems.unexpected()).toEqual([]);
  }, JOURNEY_TIMEOUT);
});
