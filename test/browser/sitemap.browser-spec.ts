import { useInProcessBrowserShop } from '../support/browser-shop-in-process.js';
import { hydrated } from '../support/identity-browser.js';
import { databaseKind } from '../support/test-database.js';

/**
 * Issue 5's last check: the sitemap a search engine reads lists the seeded catalogue, and its product URLs lead
 * to real product pages — in Chromium, against the app with the demo catalogue `make start` seeds.
 */
describe(`sitemap in Chromium (${databaseKind})`, () => {
  const browserShop = useInProcessBrowserShop({ demoCatalogue: true, setupTimeoutMs: 90_000 });

  it('lists seeded products and categories, and a listed product URL opens its product page', async () => {
    const { shop } = browserShop;
    const { page, problems } = await browserShop.open();
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

    // Chromium's own XML viewer styles the sitemap inline, which the shop's CSP refuses: only the product page counts.
    problems.clear();
    await page.goto(productPaths[0]!);
    await hydrated(page);
    const heading = await page.getByRole('heading', { level: 1 }).innerText();
    const [listed] = await shop.sql<{ title: string }>('select title from products where slug = ?', [decodeURIComponent(productPaths[0]!.slice('/products/'.length))]);
    expect(heading).toBe(listed!.title);
    expect(problems.unexpected()).toEqual([]);
  }, 60_000);
});
