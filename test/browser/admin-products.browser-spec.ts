import { eventually } from '../support/eventually.js';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { adminNotification, openPortal, prepareScreenshots, shootAdmin } from '../support/admin-browser.js';
import { useBrowserShop } from '../support/browser-shop.js';
import { databaseKind } from '../support/test-database.js';

// The smallest thing the shop's type sniffing takes for an MP4: an ftyp box with the mp42 brand.
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.from([0, 0, 0, 0]), Buffer.from('mp42isom'), Buffer.alloc(64)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');



/** Phone width, with the side menu closed as a phone user would have it (it opens by itself only on a wide screen). */
async function narrow(page: Page): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  const toggle = page.locator('[data-admin-menu-toggle]');
  if ((await toggle.getAttribute('aria-expanded')) === 'true') await toggle.click();
}


interface ListLine {
  id: number;
  title: string;
  code: string;
  status: string;
  featured: boolean;
}

/** What the API holds, read with the page's own session (GETs need no XSRF header). */
async function api<T>(page: Page, url: string): Promise<T> {
  const response = await page.request.get(url);
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

interface ProductBody {
  id: number;
  title: string;
  code: string;
  summary: string;
  year: number | null;
  status: string;
  category_ids: number[];
  price_from: number | null;
  slug: string;
  options: { code: string; name: string; kind: string; price: number; qty: number | null; file_id: number | null; active: boolean }[];
  images: { id: number; url: string; alt: string; sort_order: number }[];
  files: { id: number; name: string }[];
  videos: { title: string; url: string | null; is_preview: boolean }[];
}

const galleryAlts = (product: ProductBody) => [...product.images].sort((a, b) => a.sort_order - b.sort_order || a.id - b.id).map((image) => image.alt);

/**
 * Issue 14's product screens in Chromium against the built server on demo data: a category's products with
 * search, filters and sort in the URL; creating a product; its tabs (categories, details, files, images,
 * options, videos) and what the API holds after each change.
 */
describe(`administration portal: products in Chromium (${databaseKind})`, () => {
  const shop = useBrowserShop({ setupTimeoutMs: 90_000 });

  beforeAll(() => prepareScreenshots());

  it("a category's products: search, status and featured filters and the sort live in the URL; the switcher changes category", async () => {
    const { page, problems } = await shop.open();
    await openPortal(page);
    await page.locator('[data-admin-menu]').getByRole('link', { name: 'Products', exact: true }).click();
    await page.waitForURL('**/admin/products/cat/1');
    const rows = page.locator('[data-admin-row]');
    await rows.first().waitFor();
    await page.locator('h1', { hasText: 'Products: Training DVDs' }).waitFor();
    const inCategory = await api<{ data: ListLine[]; meta: { total: number } }>(page, '/api/admin/products?category=1&per_page=100');
    await eventually(() => page.locator('[data-admin-count]').innerText()).toContain(`of ${inCategory.meta.total}`);
    await shootAdmin(page, 'products-list');

    // Search by code: one product.
    const sought = inCategory.data[3]!;
    await page.locator('[data-admin-search]').fill(sought.code);
    await page.locator('[data-admin-search]').press('Enter');
    await page.waitForURL(`**/admin/products/cat/1?search=${encodeURIComponent(sought.code)}`);
    await page.waitForFunction(() => document.querySelectorAll('[data-admin-row]').length === 1);
    await eventually(() => rows.innerText()).toContain(sought.title);
    await page.locator('[data-admin-search]').fill('');
    await page.locator('[data-admin-search]').press('Enter');
    await page.waitForURL((url) => url.pathname === '/admin/products/cat/1' && url.search === '');

    // Filters: featured ones, then only published among them.
    await page.locator('[data-admin-filter="featured"]').selectOption('true');
    await page.waitForURL('**/admin/products/cat/1?featured=true');
    const featured = inCategory.data.filter((line) => line.featured);
    expect(featured.length).toBeGreaterThan(0);
    await page.waitForFunction((count) => document.querySelectorAll('[data-admin-row]').length === count, featured.length);
    expect((await rows.allInnerTexts()).every((text) => text.includes('Featured'))).toBe(true);
    await page.locator('[data-admin-filter="status"]').selectOption('published');
    await page.waitForURL('**/admin/products/cat/1?featured=true&status=published');
    await page.locator('[data-admin-filter="featured"]').selectOption('');
    await page.waitForURL('**/admin/products/cat/1?status=published');
    const published = inCategory.data.filter((line) => line.status === 'published');
    await page.waitForFunction((count) => document.querySelectorAll('[data-admin-row]').length === Math.min(count, 25), published.length);
    await eventually(() => rows.locator('[data-product-status="draft"]').count()).toBe(0);

    // Sort by title, then by code descending; a reload keeps filter and sort.
    await page.locator('[data-admin-sort="title"]').click();
    await page.waitForURL('**/admin/products/cat/1?status=published&sort=title');
    await page.locator('th[aria-sort="ascending"]', { hasText: 'Title' }).waitFor(); // the header follows the sorted rows
    const byTitle = published.map((line) => line.title).sort((a, b) => a.localeCompare(b, 'en-GB', { sensitivity: 'base' })).slice(0, 25);
    await eventually(() => rows.locator('td:first-child').allInnerTexts()).toEqual(byTitle);
    await page.locator('[data-admin-sort="code"]').click();
    await page.locator('[data-admin-sort="code"]').click();
    await page.waitForURL('**/admin/products/cat/1?status=published&sort=-code');
    await page.reload();
    await rows.first().waitFor();
    await eventually(() => page.locator('[data-admin-filter="status"]').inputValue()).toBe('published');
    await eventually(() => page.locator('th[aria-sort="descending"]').innerText()).toContain('Code');
    const byCodeDescending = published.map((line) => line.code).sort().reverse().slice(0, 25);
    await eventually(() => rows.locator('td:nth-child(3)').allInnerTexts()).toEqual(byCodeDescending);

    // The category switcher opens another category's page.
    await page.locator('[data-admin-category-switcher]').selectOption('3');
    await page.waitForURL('**/admin/products/cat/3');
    await page.locator('h1', { hasText: 'Products: Posters' }).waitFor();
    await rows.first().waitFor();
    const posters = await api<{ meta: { total: number } }>(page, '/api/admin/products?category=3');
    await eventually(() => page.locator('[data-admin-count]').innerText()).toContain(`of ${posters.meta.total}`);

    await narrow(page);
    await shootAdmin(page, 'products-list');
    expect(problems.unexpected()).toEqual([]);
  });

  it('a new product: a code in use said beside the code; then its details, categories, options (a download needs a file), images reordered and deleted, videos', async () => {
    const { page, problems } = await shop.open();
    await openPortal(page);
    await page.goto('/admin/products/cat/3');
    await page.locator('[data-admin-row]').first().waitFor();
    const taken = (await api<{ data: ListLine[] }>(page, '/api/admin/products?category=3')).data[0]!.code;

    await page.locator('[data-admin-add]').click();
    await page.waitForURL('**/admin/products/add?category=3');
    const form = page.locator('form.admin-form');
    await eventually(() => form.getByLabel('Category').inputValue()).toBe('3');
    await form.getByLabel('Title').fill('Forklift Safety Poster');
    await form.getByLabel('Product code').fill(taken);
    await form.locator('[data-admin-save]').click();
    await form.locator('[data-field-error="code"]').waitFor();
    await eventually(() => form.getByLabel('Product code').getAttribute('aria-invalid')).toBe('true');
    await shootAdmin(page, 'product-add-errors');
    await form.getByLabel('Product code').fill('PST-FORK-901');
    await form.locator('[data-admin-save]').click();
    await page.waitForURL(/\/admin\/products\/\d+$/);
    await adminNotification(page, 'The product is created.').waitFor();
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const read = () => api<ProductBody>(page, `/api/admin/products/${id}`);
    expect(await read()).toMatchObject({ title: 'Forklift Safety Poster', code: 'PST-FORK-901', status: 'draft', category_ids: [3] });

    // The tabs, in the seed's order.
    await eventually(() => page.locator('[role="tab"]').allInnerTexts()).toEqual(['Categories', 'Details', 'Files (0)', 'Images (0)', 'Options (0)', 'Videos (0)', 'Course']);
    const tab = (name: string) => page.locator(`[data-admin-tab="${name}"]`);

    // Details: the tab a product opens on (its URL names no tab), though the seed lists it second.
    await eventually(() => tab('details').getAttribute('aria-selected')).toBe('true');
    expect(new URL(page.url()).search).toBe('');
    await page.getByLabel('Summary').fill('An A2 laminated poster on safe forklift driving.');
    await page.getByLabel('Year').fill('2025');
    await page.getByLabel('Status').selectOption('published');
    await page.locator('[data-admin-save]').click();
    await adminNotification(page, 'Saved.').waitFor();
    expect(await read()).toMatchObject({ summary: 'An A2 laminated poster on safe forklift driving.', year: 2025, status: 'published' });

    // Categories: add Training DVDs to Posters.
    await tab('categories').click();
    await page.getByLabel('Training DVDs').check();
    await page.locator('[data-product-categories-save]').click();
    await adminNotification(page, 'Categories saved.').waitFor();
    expect((await read()).category_ids.sort()).toEqual([1, 3]);

    // Options: a posted one, then a download without a file (422 beside the file), a file uploaded there and chosen.
    await tab('options').click();
    await page.locator('[data-product-add-option]').click();
    let optionForm = page.locator('[data-product-option-form]');
    await optionForm.getByLabel('Name').fill('A2 laminated');
    await optionForm.getByLabel('Option code').fill('PST-FORK-901-A2');
    await optionForm.getByLabel('Price ex VAT').fill('12.50');
    await optionForm.locator('[data-product-option-save]').click();
    await adminNotification(page, 'The option A2 laminated is added.').waitFor();
    await page.locator('[data-product-option="PST-FORK-901-A2"]').waitFor();
    expect(await read()).toMatchObject({ price_from: 1250, options: [{ code: 'PST-FORK-901-A2', kind: 'physical', price: 1250, qty: null }] });

    await page.locator('[data-product-add-option]').click();
    optionForm = page.locator('[data-product-option-form]');
    await optionForm.getByLabel('Name').fill('Printable PDF');
    await optionForm.getByLabel('Option code').fill('PST-FORK-901-PDF');
    await optionForm.getByLabel('Price ex VAT').fill('4.00');
    await optionForm.getByLabel('Kind').selectOption('download');
    await optionForm.locator('[data-product-option-save]').click();
    await optionForm.locator('[data-field-error="file_id"]').waitFor();
    await shootAdmin(page, 'product-option-errors');
    await optionForm.locator('[data-product-file-uploader] input[type="file"]').setInputFiles({ name: 'forklift-poster.pdf', mimeType: 'application/pdf', buffer: PDF });
    await optionForm.locator('[data-product-file-uploader]').getByLabel('Name buyers see').fill('Forklift poster (A2, print-ready)');
    await optionForm.locator('[data-product-file-upload]').click();
    await adminNotification(page, 'Forklift poster (A2, print-ready).pdf uploaded.').waitFor();
    const file = (await read()).files[0]!;
    expect(file.name).toBe('Forklift poster (A2, print-ready).pdf');
    await eventually(() => optionForm.locator('[data-field="file_id"] select').inputValue()).toBe(String(file.id));
    await optionForm.locator('[data-product-option-save]').click();
    await adminNotification(page, 'The option Printable PDF is added.').waitFor();
    expect((await read()).options.find((option) => option.code === 'PST-FORK-901-PDF')).toMatchObject({ kind: 'download', price: 400, file_id: file.id });
    expect((await read()).price_from).toBe(400);

    // An edit sends only what changed; a delete asks first.
    await page.getByRole('button', { name: 'Edit A2 laminated' }).click();
    optionForm = page.locator('[data-product-option-form]');
    await eventually(() => optionForm.getByLabel('Price ex VAT').inputValue()).toBe('12.50');
    await optionForm.getByLabel('Quantity in stock').fill('5');
    await optionForm.locator('[data-product-option-save]').click();
    await adminNotification(page, 'The option A2 laminated is saved.').waitFor();
    expect((await read()).options.find((option) => option.code === 'PST-FORK-901-A2')).toMatchObject({ qty: 5, price: 1250 });
    await page.locator('[data-product-add-option]').click();
    optionForm = page.locator('[data-product-option-form]');
    await optionForm.getByLabel('Name').fill('Withdrawn A3');
    await optionForm.getByLabel('Option code').fill('PST-FORK-901-A3');
    await optionForm.getByLabel('Price ex VAT').fill('1.00');
    await optionForm.locator('[data-product-option-save]').click();
    await page.locator('[data-product-option="PST-FORK-901-A3"]').waitFor();
    expect((await read()).price_from).toBe(100);
    await page.getByRole('button', { name: 'Delete Withdrawn A3' }).click();
    await page.locator('dialog[data-admin-confirm][open]').getByText('Delete the option Withdrawn A3?').waitFor();
    await page.locator('dialog[data-admin-confirm][open] [data-admin-confirm-yes]').click();
    await adminNotification(page, 'The option Withdrawn A3 is deleted.').waitFor();
    expect((await read()).options.map((option) => option.code).sort()).toEqual(['PST-FORK-901-A2', 'PST-FORK-901-PDF']);
    expect((await read()).price_from).toBe(400);

    // Files: the download option's file cannot be deleted; the API's reason is shown.
    await tab('files').click();
    await page.locator('[data-product-file]').first().waitFor();
    await eventually(() => page.locator('[data-product-file] a').getAttribute('href')).toBe(`/api/admin/products/${id}/files/${file.id}/download`);
    await page.getByRole('button', { name: `Delete ${file.name}` }).click();
    await page.locator('dialog[data-admin-confirm][open] [data-admin-confirm-yes]').click();
    const refusal = await page.locator('[data-product-file-refusal]').innerText();
    expect(refusal.length).toBeGreaterThan(10);
    expect((await read()).files).toHaveLength(1);

    // Images: two uploaded with alt text, reordered by the buttons and by the drag handle's keyboard sensor, one deleted.
    await tab('images').click();
    for (const [alt, colour] of [
      ['Red forklift poster', '#c0392b'],
      ['Blue forklift poster', '#1d4e89'],
    ] as const) {
      const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: colour } }).png().toBuffer();
      await page.locator('[data-product-image-uploader] input[type="file"]').setInputFiles({ name: `${colour.slice(1)}.png`, mimeType: 'image/png', buffer: png });
      await page.locator('[data-product-image-uploader]').getByLabel('Alt text').fill(alt);
      await page.locator('[data-product-image-upload]').click();
      await adminNotification(page, 'Image uploaded.').waitFor();
      await page.locator('[data-product-image]').filter({ has: page.locator(`img[alt="${alt}"]`) }).waitFor();
      await adminNotification(page, 'Image uploaded.').getByRole('button', { name: 'Dismiss' }).click();
    }
    expect(galleryAlts(await read())).toEqual(['Red forklift poster', 'Blue forklift poster']);
    await page.getByRole('button', { name: 'Move image 1 (Red forklift poster) later' }).click();
    await adminNotification(page, 'Image order saved.').waitFor();
    expect(galleryAlts(await read())).toEqual(['Blue forklift poster', 'Red forklift poster']);
    await page.locator('.product-gallery__position').first().filter({ hasText: '1 of 2' }).waitFor();
    await eventually(() => page.locator('[data-product-image] img').first().getAttribute('alt')).toBe('Blue forklift poster');

    // The drag handle with the keyboard: Space picks up, an arrow moves, Space drops.
    await adminNotification(page, 'Image order saved.').getByRole('button', { name: 'Dismiss' }).click();
    const handle = page.getByRole('button', { name: 'Drag image 1 (Blue forklift poster)' });
    await handle.focus();
    // dnd-kit measures and moves in animation frames: each key after the last one has been acted on.
    await page.keyboard.press('Space');
    await page.locator('.product-gallery__item--dragging').waitFor();
    // The arrow key works once dnd-kit has measured where the images are: its live region then says which position
    // the picked-up image is over ("Picked up…" is replaced by "Over position 1 of 2."). Waited for, not guessed.
    await page.locator('[id^="DndLiveRegion"]').filter({ hasText: 'Over position 1 of 2.' }).waitFor({ state: 'attached' });
    // dnd-kit moves to the next image's measured place; under load its measuring can lag the key, and the key then
    // moves nothing (the CI of 2026-11-29 lost one so). The live region says when the move is made — pressed again
    // until it does (with two images, more presses cannot go past the second).
    const overSecond = page.locator('[id^="DndLiveRegion"]').filter({ hasText: 'Over position 2 of 2.' });
    for (let attempt = 1; ; attempt++) {
      await page.keyboard.press('ArrowRight');
      const moved = await overSecond.waitFor({ state: 'attached', timeout: 5_000 }).then(() => true, () => false);
      if (moved) break;
      if (attempt === 4) throw new Error('dnd-kit never moved the picked-up image over position 2 of 2');
    }
    await page.keyboard.press('Space');
    await adminNotification(page, 'Image order saved.').waitFor();
    expect(galleryAlts(await read())).toEqual(['Red forklift poster', 'Blue forklift poster']);
    await shootAdmin(page, 'product-images');

    await page.getByRole('button', { name: 'Delete image 2 (Blue forklift poster)' }).click();
    const confirm = page.locator('dialog[data-admin-confirm][open]');
    await confirm.getByText('Delete this image?').waitFor();
    await confirm.locator('[data-admin-confirm-yes]').click();
    await adminNotification(page, 'The image is deleted.').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-product-image]').length === 1);
    expect(galleryAlts(await read())).toEqual(['Red forklift poster']);

    // Videos: one by its address.
    await tab('videos').click();
    const videoForm = page.locator('[data-product-video-form]');
    await videoForm.getByLabel('Title').fill('Forklift trailer');
    await videoForm.getByLabel('Video address').fill('http://example.com/clip');
    await videoForm.locator('[data-product-video-add]').click();
    await videoForm.locator('[data-field-error="url"]').waitFor();
    await videoForm.getByLabel('Video address').fill('https://www.youtube.com/watch?v=abc123');
    await videoForm.locator('[data-product-video-add]').click();
    await page.locator('[data-product-video="Forklift trailer"]').waitFor();
    expect((await read()).videos).toEqual([expect.objectContaining({ title: 'Forklift trailer', url: 'https://www.youtube.com/watch?v=abc123', is_preview: true })]);
    // An uploaded file, kept out of previews; then the link deleted after asking.
    await videoForm.locator('[data-product-video-source="file"]').check();
    await videoForm.getByLabel('Title').fill('Full film');
    await videoForm.getByLabel('Video file').setInputFiles({ name: 'full-film.mp4', mimeType: 'video/mp4', buffer: MP4 });
    await videoForm.getByLabel('Shown in previews').uncheck();
    await videoForm.locator('[data-product-video-add]').click();
    await adminNotification(page, 'The video Full film is added.').waitFor();
    expect((await read()).videos).toContainEqual(expect.objectContaining({ title: 'Full film', url: null, is_preview: false }));
    await eventually(() => page.locator('[data-product-video="Full film"]').innerText()).toContain('Uploaded file');
    await page.getByRole('button', { name: 'Delete Forklift trailer' }).click();
    await page.locator('dialog[data-admin-confirm][open] [data-admin-confirm-yes]').click();
    await adminNotification(page, 'The video Forklift trailer is deleted.').waitFor();
    expect((await read()).videos.map((video) => video.title)).toEqual(['Full film']);

    // Published in the portal, so on the storefront: its page shows the title, the gallery's first image and the options.
    const published = await read();
    expect(published.status).toBe('published');
    const storefront = await page.context().newPage();
    await storefront.goto(`/products/${published.slug}`);
    await eventually(() => storefront.locator('h1').innerText()).toBe(published.title);
    await storefront.locator(`img[src="${published.images[0]!.url}"]`).first().waitFor();
    for (const option of published.options.filter((candidate) => candidate.active)) {
      await storefront.locator('#options').getByText(option.name, { exact: false }).first().waitFor();
    }
    await storefront.close();

    // Every tab, wide and narrow (the notifications dismissed, so the screenshots show the tabs).
    const closes = page.locator('.admin-notifications__close');
    // One at a time, each click waited for by the count it lowers (a notice may hide itself meanwhile: then the count is lower still).
    for (let left = await closes.count(); left > 0; left = await closes.count()) {
      await closes.first().click().catch(() => undefined);
      await eventually(() => closes.count()).toBeLessThan(left);
    }
    for (const width of [1280, 390]) {
      if (width < 640) await narrow(page);
      for (const name of ['categories', 'details', 'files', 'images', 'options', 'videos']) {
        await tab(name).click();
        await page.locator('[role="tabpanel"]').waitFor();
        await page.waitForFunction(() => [...document.images].every((image) => image.complete));
        await shootAdmin(page, `product-${name}`);
      }
    }
    expect(problems.unexpected([/status of 422/, /status of 409/])).toEqual([]);
  });
  it('categories: added with a slug in use said beside the slug; one that holds products is not deleted, an empty one is', async () => {
    const { page, problems } = await shop.open();
    await openPortal(page);
    await page.goto('/admin/products/cat/1');
    await page.locator('[data-admin-categories]').click();
    await page.waitForURL('**/admin/categories');
    const rows = page.locator('[data-admin-row]');
    await rows.filter({ hasText: 'Training DVDs' }).waitFor();
    await shootAdmin(page, 'categories-list');

    await page.locator('[data-admin-add]').click();
    const form = page.locator('form.admin-form');
    await form.getByLabel('Name').fill('First Aid');
    await form.getByLabel('Slug').fill('posters');
    await form.locator('[data-admin-save]').click();
    await form.locator('[data-field-error="slug"]').waitFor();
    await form.getByLabel('Slug').fill('first-aid');
    await form.locator('[data-admin-save]').click();
    await page.waitForURL(/\/admin\/categories\/\d+$/);
    await adminNotification(page, 'The category is created.').waitFor();
    const created = Number(new URL(page.url()).pathname.split('/').pop());
    expect(await api<{ slug: string; product_count: number }>(page, `/api/admin/categories/${created}`)).toMatchObject({ slug: 'first-aid', product_count: 0 });

    // Training DVDs holds products: the API refuses, and says why.
    await page.goto('/admin/categories/1');
    await page.locator('[data-admin-delete]').click();
    await page.locator('dialog[data-admin-confirm][open] [data-admin-confirm-yes]').click();
    await page.locator('[data-admin-notifications] [data-notice]').filter({ hasText: /product/ }).first().waitFor();
    expect((await page.request.get('/api/admin/categories/1')).status()).toBe(200);

    await page.goto(`/admin/categories/${created}`);
    await page.locator('[data-admin-delete]').click();
    await page.locator('dialog[data-admin-confirm][open] [data-admin-confirm-yes]').click();
    await page.waitForURL('**/admin/categories');
    await adminNotification(page, 'The category is deleted.').waitFor();
    expect((await page.request.get(`/api/admin/categories/${created}`)).status()).toBe(404);
    // The editor's own query of the deleted category may be read once more as it goes (a 404, not shown).
    expect(problems.unexpected([/status of 422/, /status of 409/, /status of 404 .*\/api\/admin\/categories\/\d+\)/])).toEqual([]);
  });
});
