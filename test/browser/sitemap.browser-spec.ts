import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser, watchProblems } from '../support/browser.js';
import { hydrated, nextClientIp } from '../support/identity-browser.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { databaseKind } from '../support/test-database.js';

const SETUP_TIMEOUT = 90_000;

/**
 * Issue 5's last check: the sitemap a search engine reads lists the seeded catalogue, and its product URLs lead
 * to real product pages — in Chromium, against the app with the demo catalogue `make start` seeds.
 */
describe(`sitemap in Chromium (${databaseKind})`, () => {
  let shop: TestApp;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    shop = await startTestApp({ TRUST_PROXY: '127.0.0.1' }, { demoCatalogue: true });
    await shop.app.listen(0, '127.0.0.1');
    browser = await launchBrowser();
    context = await browser.newContext({ baseURL: await shop.app.getUrl(), extraHTTPHeaders: { 'X-Forwarded-For': nextClientIp() } });
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await shop?.close();
  });

  it('lists seeded products and categories, and a listed product URL opens its product page', async () => {
    const page = await context.newPage();
    const response = await page.goto('/sitemap.xml');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toMatch(/xml/);
    const locs = await page.evaluate(() => [...document.getElementsByTagName('loc')].map((loc) => loc.textContent ?? ''));
    const paths = locs.map((loc) => new URL(loc).pathname);
    const [seeded] = await shop.sql<{ slug: string; title: string }>(
      "select slug, title from products where status = 'published' order by id limit 1",
    );
    const [draft] = await shop.sql<{ slug: string }>("select slug from products where status = 'draft' order by id limit 1");
    expect(paths).toContain(`/products/${seeded!.slug}`);
    expect(paths).toContain('/category/training-dvds');
    if (draft) expect(paths).not.toContain(`/products/${draft.slug}`);
    const productPaths = paths.filter((path) => path.startsWith('/products/'));
    const [{ count }] = (await shop.sql<{ count: number }>("select count(*)::int as count from products where status = 'published'")) as [{ count: number }];
    expect(productPaths).toHaveLength(count);

    const problems = await watchProblems(page);
    await page.goto(productPaths[0]!);
    await hydrated(page);
    const heading = await page.getByRole('heading', { level: 1 }).innerText();
    const [listed] = await shop.sql<{ title: string }>('select title from products where slug = ?', [decodeURIComponent(productPaths[0]!.slice('/products/'.length))]);
    expect(heading).toBe(listed!.title);
    expect(problems.unexpected()).toEqual([]);
  }, 60_000);
});
