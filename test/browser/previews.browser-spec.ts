import { expectNoSeriousA11yViolations } from '../support/accessibility.js';
import { eventually } from '../support/eventually.js';
import { useInProcessBrowserShop } from '../support/browser-shop-in-process.js';
import { createProduct, type CreatedProduct } from '../support/catalogue-fixtures.js';
import { DEMO_CUSTOMER, hydrated } from '../support/identity-browser.js';
import { databaseKind } from '../support/test-database.js';

const JOURNEY_TIMEOUT = 45_000;
const VIDEO_ID = 'dQw4w9WgXcQ';

/**
 * Request a preview from a product page and watch it from /account/previews, in Chromium against the real
 * application with its built pages. The application runs in this process (not as a separate server) so the
 * product with a preview video can be arranged in SQL on either database; YouTube itself is answered by a
 * stand-in page, so the journey needs no network and still proves the CSP lets the embed load.
 */
describe(`preview journeys in Chromium (${databaseKind})`, () => {
  let product: CreatedProduct;
  const browserShop = useInProcessBrowserShop({
    ready: async (shop) => {
      product = await createProduct(shop.sql, {
        title: 'Manual Handling in the Workplace', summary: 'Lifting safely', previewVideoUrl: `https://www.youtube.com/watch?v=${VIDEO_ID}`,
        options: [{ name: 'DVD', price: 19_500 }],
      });
    },
  });

  async function open() {
    const { context, page, problems } = await browserShop.open();
    // A stand-in for YouTube's player: no network, but a real cross-origin frame that the CSP must allow.
    await context.route('https://www.youtube-nocookie.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>player</title><p id="player">Stand-in player</p>' }),
    );
    return { page, problems };
  }

  it('signs in from the product page, requests a preview, and watches it from /account/previews', async () => {
    const { page, problems } = await open();
    await page.goto(`/products/${product.slug}`);
    await hydrated(page);

    // Anonymous: the button is a way to sign in that comes back here.
    const preview = page.locator('[data-product-preview]');
    await preview.getByRole('link', { name: 'Sign in to request a preview' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await hydrated(page);
    const form = page.locator('form[data-form="login"]');
    await form.getByLabel('E-mail address').fill(DEMO_CUSTOMER.email);
    await form.getByLabel('Password', { exact: true }).fill(DEMO_CUSTOMER.password);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === `/products/${product.slug}`);
    await hydrated(page);

    await preview.getByRole('button', { name: 'Request preview' }).click();
    const done = preview.locator('[data-request-preview="done"]');
    await done.getByText('Preview requested — see your previews').waitFor({ state: 'visible' });
    await eventually(() => done.getAttribute('data-preview-state')).toBe('active');
    await expectNoSeriousA11yViolations(page, 'product page: preview requested');

    await done.getByRole('link', { name: 'see your previews' }).click();
    await page.waitForURL((url) => url.pathname === '/account/previews');
    await hydrated(page);
    await eventually(() => page.title()).toMatch(/^Your previews \| /);
    const row = page.locator('[data-preview]').filter({ hasText: 'Manual Handling in the Workplace' });
    await row.locator('[data-preview-state="active"]').getByText('Active').waitFor({ state: 'visible' });
    await expectNoSeriousA11yViolations(page, 'account: previews');

    await row.getByRole('link', { name: /^Watch/ }).click();
    await page.waitForURL((url) => /^\/account\/previews\/\d+$/.test(url.pathname));
    await page.getByRole('heading', { name: 'Preview: Manual Handling in the Workplace' }).waitFor({ state: 'visible' });
    const embed = page.locator('iframe[data-preview-embed]');
    await eventually(() => embed.getAttribute('src')).toBe(`https://www.youtube-nocookie.com/embed/${VIDEO_ID}`);
    await page.frameLocator('iframe[data-preview-embed]').locator('#player').getByText('Stand-in player').waitFor({ state: 'visible' });
    await expectNoSeriousA11yViolations(page, 'account: preview');

    // Asking again from the product page answers the same preview.
    await page.goto(`/products/${product.slug}`);
    await hydrated(page);
    await preview.getByRole('button', { name: 'Request preview' }).click();
    await preview.locator('[data-request-preview="done"][data-preview-state="active"]').waitFor({ state: 'visible' });
    await eventually(() => browserShop.shop.sql('select id from previews where product_id = ?', [product.id])).toHaveLength(1);

    expect(problems.unexpected()).toEqual([]);
  }, JOURNEY_TIMEOUT);
});
