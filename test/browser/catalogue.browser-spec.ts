import { expectNoSeriousA11yViolations } from '../support/accessibility.js';
import { eventually } from '../support/eventually.js';
import type { Page } from 'playwright-core';
import { useBrowserShop } from '../support/browser-shop.js';
import { hydrated } from '../support/identity-browser.js';
import { databaseKind } from '../support/test-database.js';

const APP_NAME = 'HS Training Direct';
const JOURNEY_TIMEOUT = 45_000;

/** Paths of the documents a page loads (a client-side navigation loads none). */
function documentsOf(page: Page): string[] {
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') {
      const url = new URL(request.url());
      documents.push(`${url.pathname}${url.search}`);
    }
  });
  return documents;
}

const cardTitles = (page: Page) => page.locator('[data-product-grid] [data-product-card] h2 a, [data-product-grid] [data-product-card] h3 a').allTextContents();
const pricesFrom = async (page: Page) =>
  (await page.locator('[data-product-grid] [data-price-from]').evaluateAll((els) => els.map((el) => el.getAttribute('data-price-from')))).map(Number);

/** Browsing the demo catalogue (`db:seed --demo`) against the BUILT server, as `make start` runs it. */
describe(`catalogue journeys in Chromium (${databaseKind})`, () => {
  const shop = useBrowserShop({ setupTimeoutMs: 120_000 });

  it('home → category → product by client-side navigation, without console errors or CSP violations', async () => {
    const { page, problems } = await shop.open();
    const documents = documentsOf(page);
    expect((await page.goto('/'))?.status()).toBe(200);
    await hydrated(page);
    await page.locator('[data-home-featured] [data-product-card]').first().waitFor({ state: 'visible' });
    await eventually(() => page.locator('[data-brand-logos] img').count()).toBeGreaterThan(0);

    await page.locator('a[data-category-tile="/category/training-dvds"]').click();
    await page.waitForURL((url) => url.pathname === '/category/training-dvds');
    await page.getByRole('heading', { level: 1, name: 'Training DVDs' }).waitFor({ state: 'visible' });
    await eventually(() => page.title()).toBe(`Training DVDs | ${APP_NAME}`);
    await expectNoSeriousA11yViolations(page, 'category page');
    const first = page.locator('[data-product-grid] [data-product-card]').first();
    const title = (await first.locator('h2 a').textContent())!.trim();

    await first.locator('h2 a').click();
    await page.waitForURL((url) => url.pathname.startsWith('/products/'));
    await page.getByRole('heading', { level: 1, name: title }).waitFor({ state: 'visible' });
    await eventually(() => page.title()).toBe(`${title} | ${APP_NAME}`);
    await page.locator('[data-options-table]').waitFor({ state: 'visible' });
    // Prices ex and inc VAT; the basket button works exactly when the option is in stock.
    const firstRow = page.locator('[data-options-table] tbody tr').first();
    const ex = Number(await firstRow.locator('[data-price-ex-vat]').getAttribute('data-price-ex-vat'));
    const inc = Number(await firstRow.locator('[data-price-inc-vat]').getAttribute('data-price-inc-vat'));
    expect(inc - ex).toBe(Math.floor((ex * 20 + 50) / 100));
    const inStock = (await firstRow.locator('[data-stock]').getAttribute('data-stock')) !== 'out';
    await eventually(() => firstRow.locator('[data-add-to-basket]').isEnabled()).toBe(inStock);
    await expectNoSeriousA11yViolations(page, 'product page');

    expect(documents).toEqual(['/']); // every step after the first was a client-side navigation
    expect(problems.unexpected()).toEqual([]);

    // Reloading serves the product page from the server, with its structured data.
    expect((await page.reload())?.status()).toBe(200);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as { name: string; offers: unknown[] };
    expect(jsonLd.name).toBe(title);
    expect(jsonLd.offers.length).toBeGreaterThan(0);
    expect(problems.unexpected()).toEqual([]);
  }, JOURNEY_TIMEOUT);

  it('a search from the header with a typo ("manul handling") finds the product', async () => {
    const { page, problems } = await shop.open();
    await page.goto('/');
    await hydrated(page);
    const search = page.locator('header').getByRole('searchbox');
    await search.fill('manul handling');
    await search.press('Enter');
    await page.waitForURL(/\/category\?search=manul(\+|%20)handling$/);
    await page.getByRole('heading', { level: 1, name: 'Search results for “manul handling”' }).waitFor({ state: 'visible' });
    await eventually(() => page.title()).toBe(`Search results for “manul handling” | ${APP_NAME}`);
    const titles = await cardTitles(page);
    expect(titles[0]).toMatch(/^Manual Handling/);
    await eventually(() => page.locator('[data-corrected-search]').innerText()).toContain('Showing results for “manual handling”');
    await eventually(() => page.locator('header').getByRole('searchbox').inputValue()).toBe('manul handling');
    expect(problems.unexpected()).toEqual([]);
  }, JOURNEY_TIMEOUT);

  it('facets, sort and pagination are links and a form that keep each other, in the client router', async () => {
    const { page, problems } = await shop.open();
    const documents = documentsOf(page);
    await page.goto('/category');
    await hydrated(page);
    const total = Number(await page.locator('[data-result-count]').getAttribute('data-result-count'));
    expect(total).toBeGreaterThan(24); // the demo catalogue fills more than one page

    // Sort: picking an order navigates at once.
    await page.getByLabel('Sort by').selectOption('price');
    await page.waitForURL((url) => url.search === '?sort=price');
    await eventually(async () => {
      const prices = await pricesFrom(page);
      return prices.length === 24 && prices.every((p, i) => i === 0 || prices[i - 1]! <= p);
    }).toBe(true); // 24 prices in ascending order

    // Pagination keeps the order.
    await page.locator('[data-pagination]').getByRole('link', { name: 'Next' }).click();
    await page.waitForURL((url) => url.search === '?sort=price&page=2');
    await page.locator('[data-pagination] a[aria-current="page"]').getByText('2').waitFor({ state: 'visible' });
    const secondPage = await pricesFrom(page);
    expect(secondPage.every((p, i) => i === 0 || secondPage[i - 1]! <= p)).toBe(true);

    // A brand facet narrows the list, keeps the order and starts again at page 1.
    const brand = page.locator('[data-facet="brand"]').first();
    const brandName = (await brand.locator('.facets__label').textContent())!.trim();
    const brandCount = Number(/\((\d+)\)/.exec((await brand.textContent())!)![1]);
    await brand.click();
    await page.waitForURL((url) => /^\?brand=\d+&sort=price$/.test(url.search));
    await eventually(async () => Number(await page.locator('[data-result-count]').getAttribute('data-result-count'))).toBe(brandCount); // brandName's products
    const brands = await page.locator('[data-product-grid] .product-card__brand').allTextContents();
    expect(new Set(brands)).toEqual(new Set([brandName]));

    // The chosen facet undoes itself.
    await page.locator('[data-facet="brand"][aria-current="true"]').click();
    await page.waitForURL((url) => url.search === '?sort=price');
    // The client router changes the URL before the new page renders, so wait for the count itself.
    await eventually(async () => Number(await page.locator('[data-result-count]').getAttribute('data-result-count'))).toBe(total);

    expect(documents).toEqual(['/category']);
    expect(problems.unexpected()).toEqual([]);
  }, JOURNEY_TIMEOUT);

  it('the gallery shows another image in place once hydrated', async () => {
    const { page, problems } = await shop.open();
    await page.goto('/category/training-dvds');
    await hydrated(page);
    // The first product with more than one image.
    const hrefs = await page.locator('[data-product-grid] [data-product-card] h2 a').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
    let found = false;
    for (const href of hrefs) {
      await page.goto(href);
      if ((await page.locator('[data-gallery-thumb]').count()) > 1) {
        found = true;
        break;
      }
    }
    expect(found).toBe(true);
    await hydrated(page);
    const main = page.locator('[data-gallery-main]');
    const before = await main.getAttribute('src');
    const second = page.locator('[data-gallery-thumb="1"]');
    await second.click();
    await eventually(() => main.getAttribute('src')).not.toBe(before);
    await eventually(() => second.getAttribute('aria-current')).toBe('true');
    expect(new URL(page.url()).pathname).toMatch(/^\/products\//); // stayed on the page
    expect(problems.unexpected()).toEqual([]);
  }, JOURNEY_TIMEOUT);
});
