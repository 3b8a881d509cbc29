import { eventually } from '../support/eventually.js';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { adminNotification, openPortal, prepareScreenshots, SCREENSHOTS, shootAdmin } from '../support/admin-browser.js';
import { useBrowserShop } from '../support/browser-shop.js';
import { hydrated, uniqueEmail } from '../support/identity-browser.js';
import { databaseKind } from '../support/test-database.js';

/** A `datetime-local` value `days` from now in the browser's own time zone (what the field shows). */
const localInputInDays = (page: Page, days: number) =>
  page.evaluate((n) => {
    const date = new Date(Date.now() + n * 86_400_000);
    const pad = (v: number) => String(v).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
  }, days);

/**
 * Issue 14's content screens in Chromium against the built server on demo data: widgets and blog posts through
 * the rich-text editor (and its HTML source view), what the API and the storefront then hold, and the read-only
 * enquiry and newsletter lists with their CSV downloads.
 */
describe(`administration portal content screens in Chromium (${databaseKind})`, () => {
  const shop = useBrowserShop({ setupTimeoutMs: 90_000 });
  const api = async <T,>(page: Page, apiPath: string): Promise<T> => {
    const response = await page.request.get(`${shop.server.url}${apiPath}`);
    expect(response.status()).toBe(200);
    return (await response.json()) as T;
  };

  beforeAll(() => prepareScreenshots());

  it('widgets: bold through the editor, a script typed in the HTML source is gone after saving, the storefront Edit link opens the editor', async () => {
    const { page, problems } = await shop.open();
    await openPortal(page, 'Widgets');
    await page.waitForURL('**/admin/widgets');
    const rows = page.locator('[data-admin-row]');
    await rows.filter({ hasText: 'home-intro' }).waitFor();
    await eventually(() => page.locator('th[aria-sort="ascending"]').innerText()).toContain('Name');
    await page.locator('[data-admin-sort="updated_at"]').click();
    await page.waitForURL('**/admin/widgets?sort=updated_at');
    await shootAdmin(page, 'widget-list');

    await page.locator('[data-admin-add]').click();
    await page.waitForURL('**/admin/widgets/add');
    const form = page.locator('form.admin-form');
    await form.getByLabel('Name').fill('spring-offer');
    const visual = form.getByRole('textbox', { name: 'Content' });
    await visual.click();
    await page.keyboard.type('Spring offer: half price posters this week.');
    // Select "half price posters" with the keyboard, then the toolbar's Bold.
    await page.keyboard.press('Home');
    for (let i = 0; i < 'Spring offer: '.length; i++) await page.keyboard.press('ArrowRight');
    for (let i = 0; i < 'half price posters'.length; i++) await page.keyboard.press('Shift+ArrowRight');
    const bold = form.getByRole('button', { name: 'Bold' });
    await eventually(() => bold.getAttribute('aria-pressed')).toBe('false');
    await bold.click();
    await eventually(() => bold.getAttribute('aria-pressed')).toBe('true');
    await eventually(() => visual.locator('strong').innerText()).toBe('half price posters');
    await shootAdmin(page, 'widget-editor');

    // The HTML source: the markup the editor made, edited as text (a script typed in).
    const toggle = form.locator('[data-rich-text-toggle]');
    await toggle.click();
    await eventually(() => toggle.getAttribute('aria-pressed')).toBe('true');
    const source = form.locator('[data-rich-text-source]');
    await eventually(() => source.inputValue()).toBe('<p>Spring offer: <strong>half price posters</strong> this week.</p>');
    await eventually(() => bold.isDisabled()).toBe(true);
    await source.fill('<p>Spring offer: <strong>half price posters</strong> this week.</p><script>alert("x")</script><p>Ends <em>Sunday</em>.</p>');
    await shootAdmin(page, 'widget-source');
    // Back to the visual view: what the source says, formatted.
    await toggle.click();
    await visual.locator('em').getByText('Sunday').waitFor();
    await eventually(() => visual.locator('strong').innerText()).toBe('half price posters');

    await form.locator('[data-admin-save]').click();
    await page.waitForURL(/\/admin\/widgets\/\d+$/);
    await adminNotification(page, 'The widget is created.').waitFor();
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const stored = await api<{ name: string; html: string; updated_by: number | null }>(page, `/api/admin/widgets/${id}`);
    expect(stored.name).toBe('spring-offer');
    expect(stored.html).toContain('<strong>half price posters</strong>');
    expect(stored.html).toContain('<em>Sunday</em>');
    expect(stored.html).not.toContain('<script');
    expect(stored.html).not.toContain('alert');
    expect(stored.updated_by).not.toBeNull();
    // The form shows what was stored: the script is gone from the source view too.
    await page.locator('[data-rich-text-toggle]').click();
    await eventually(() => page.locator('[data-rich-text-source]').inputValue()).toBe(stored.html);

    // Markup the visual editor cannot keep (a class on a div) opens as HTML, untouched, with a note.
    await page.locator('[data-rich-text-source]').fill('<div class="offer"><p>Call <a href="/contact">our team</a>.</p></div>');
    await page.locator('[data-admin-save]').click();
    await adminNotification(page, 'Saved.').waitFor();
    expect((await api<{ html: string }>(page, `/api/admin/widgets/${id}`)).html).toBe('<div class="offer"><p>Call <a href="/contact">our team</a>.</p></div>');
    await page.reload();
    await page.locator('[data-rich-text-note]').waitFor();
    await eventually(() => page.locator('[data-rich-text-source]').inputValue()).toBe('<div class="offer"><p>Call <a href="/contact">our team</a>.</p></div>');
    await eventually(() => page.locator('[data-admin-save]').isEnabled()).toBe(true);

    // The list finds it; delete asks first.
    await page.locator('.admin-breadcrumb a').click();
    await page.locator('[data-admin-search]').fill('spring');
    await page.locator('[data-admin-search]').press('Enter');
    await page.waitForURL('**/admin/widgets?search=spring*');
    // The previous page stays on screen while the search loads: wait for the searched one's count.
    await page.locator('[data-admin-count]').getByText('1–1 of 1').waitFor();
    await eventually(() => rows.allInnerTexts()).toEqual([expect.stringContaining('spring-offer')]);
    await rows.getByRole('link', { name: 'spring-offer' }).click();
    await page.locator('[data-admin-delete]').click();
    const confirm = page.locator('dialog[data-admin-confirm][open]');
    await confirm.getByText('Delete spring-offer?').waitFor();
    await confirm.locator('[data-admin-confirm-yes]').click();
    await page.waitForURL('**/admin/widgets');
    await adminNotification(page, 'The widget is deleted.').waitFor();
    expect((await page.request.get(`${shop.server.url}/api/admin/widgets/${id}`)).status()).toBe(404);

    // The storefront's "Edit" link on a widget lands on its editor; a change made there is on the home page.
    await page.goto('/');
    await hydrated(page);
    await page.locator('[data-widget="home-accreditation"] [data-widget-edit]').click();
    await page.waitForURL(/\/admin\/widgets\/\d+$/);
    // The portal loads the record after the URL changes: wait for its heading rather than read the first one.
    await eventually(() => page.locator('h1').innerText()).toBe('home-accreditation');
    await page.getByRole('textbox', { name: 'Content' }).waitFor();
    // Loading markup into the visual view is not an edit: nothing is unsaved until someone types.
    await eventually(() => page.locator('.admin-form__dirty').count()).toBe(0);
    const homeVisual = page.getByRole('textbox', { name: 'Content' });
    await homeVisual.click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.press('Enter');
    await page.keyboard.press('ControlOrMeta+b');
    await page.keyboard.type('Approved by RoSPA');
    await page.locator('[data-admin-save]').click();
    await adminNotification(page, 'Saved.').waitFor();
    await eventually(() => page.locator('.admin-form__dirty').count()).toBe(0);
    const home = await fetch(`${shop.server.url}/`).then((response) => response.text());
    expect(home).toContain('<strong>Approved by RoSPA</strong>');
    expect(problems.unexpected()).toEqual([]);
  });

  it('blog: a scheduled post stays off /blog, a published one is on it with an uploaded cover; edit keeps the body and cover, delete asks first', async () => {
    const { page, problems } = await shop.open();
    await openPortal(page, 'Blog');
    await page.waitForURL('**/admin/blog');
    const rows = page.locator('[data-admin-row]');
    await rows.first().waitFor();
    await shootAdmin(page, 'blog-list');
    const blogPage = () => fetch(`${shop.server.url}/blog`).then((response) => response.text());

    // Scheduled: published, with a time two days ahead.
    await page.locator('[data-admin-add]').click();
    const form = page.locator('form.admin-form');
    await form.getByLabel('Title').fill('Ladder safety: three points of contact');
    await form.getByLabel('Status').selectOption('published');
    await form.getByLabel('Publish date and time').fill(await localInputInDays(page, 2));
    await form.getByLabel('Summary').fill('Why three points of contact matter on every ladder.');
    await form.getByRole('textbox', { name: 'Body' }).click();
    await page.keyboard.type('Most falls from ladders happen below two metres.');
    await form.locator('[data-admin-save]').click();
    await page.waitForURL(/\/admin\/blog\/\d+$/);
    await adminNotification(page, 'The blog post is created.').waitFor();
    await page.locator('[data-blog-publication="scheduled"]').waitFor();
    await eventually(() => page.getByLabel('Address').inputValue()).toBe('ladder-safety-three-points-of-contact');
    await shootAdmin(page, 'blog-edit');
    expect(await blogPage()).not.toContain('Ladder safety: three points of contact');

    // Published now: the date left blank.
    await page.goto('/admin/blog/add');
    await form.getByLabel('Title').fill('Manual handling refresher');
    await form.getByLabel('Status').selectOption('published');
    await form.getByRole('textbox', { name: 'Body' }).click();
    await page.keyboard.press('ControlOrMeta+i');
    await page.keyboard.type('Lift with your legs');
    await page.keyboard.press('ControlOrMeta+i');
    await page.keyboard.type(', not your back.');
    // A link through the toolbar's address box: "back" selected, then Link, the address, Enter.
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    for (let i = 0; i < 'back'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
    await form.getByRole('button', { name: 'Link' }).click();
    await form.getByLabel('Link address').fill('/blog/manual-handling');
    await form.getByLabel('Link address').press('Enter');
    await form.getByRole('textbox', { name: 'Body' }).getByRole('link', { name: 'back' }).waitFor();
    await form.locator('[data-admin-save]').click();
    await page.waitForURL(/\/admin\/blog\/\d+$/);
    await page.locator('[data-blog-publication="published"]').waitFor();
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    expect(await blogPage()).toContain('Manual handling refresher');

    // A cover: uploaded as soon as it is chosen, shown in the panel, then described in the form and saved.
    const cover = page.locator('[data-admin-blog-cover]');
    await eventually(() => cover.getByText('None yet').count()).toBe(1);
    const photo = await sharp({ create: { width: 1200, height: 675, channels: 3, background: '#1f6f4a' } }).jpeg().toBuffer();
    await cover.getByLabel('Cover image', { exact: true }).setInputFiles({ name: 'lifting.jpg', mimeType: 'image/jpeg', buffer: photo });
    await adminNotification(page, 'Cover image uploaded.').waitFor();
    const preview = cover.locator('img.admin-upload__preview');
    await preview.waitFor();
    await eventually(() => preview.getAttribute('src')).toMatch(new RegExp(`^/media/blog/${id}/[A-Za-z0-9_-]+\\.webp$`));
    // The element comes before its picture has loaded: wait for the load, then check what loaded.
    await eventually(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true); // the cover preview loaded
    await eventually(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
    await eventually(() => page.locator('.admin-form__dirty').count()).toBe(0); // the upload is not an unsaved edit
    await page.getByLabel('Cover image description').fill('Two people lifting a box with straight backs');
    await page.locator('[data-admin-save]').click();
    await adminNotification(page, 'Saved.').waitFor();
    await shootAdmin(page, 'blog-edit-cover');
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.reload(); // a tablet starts with the menu closed
    await cover.locator('img.admin-upload__preview').waitFor();
    await shootAdmin(page, 'blog-edit-cover');
    await page.setViewportSize({ width: 1280, height: 900 });

    // The storefront shows it: on the post's page with its size and description, and in the list.
    const coverUrl = (await preview.getAttribute('src'))!;
    const slug = await page.getByLabel('Address').inputValue();
    await page.goto(`/blog/${slug}`);
    const shown = page.locator('img.post__cover');
    await shown.waitFor();
    await eventually(() => shown.evaluate((img: HTMLImageElement) => ({ src: img.getAttribute('src'), alt: img.alt, width: img.width, natural: img.naturalWidth, height: img.getAttribute('height') }))).toEqual({
      src: coverUrl, alt: 'Two people lifting a box with straight backs', width: 760, natural: 1200, height: '675',
    });
    await page.screenshot({ path: `${SCREENSHOTS}/blog-post-cover-1280.png` });
    await page.goto('/blog');
    await page.locator(`[data-blog-post="${slug}"] img.post-card__cover[src="${coverUrl}"]`).waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/blog-list-cover-1280.png` });
    await page.goto(`/admin/blog/${id}`);
    await cover.locator('img.admin-upload__preview').waitFor();
    await eventually(() => cover.getByRole('button', { name: 'Remove' }).isVisible()).toBe(true);

    // An edit of the title alone sends the whole post (the PUT replaces it): the body, status and cover stay.
    await page.getByLabel('Title').fill('Manual handling: a refresher');
    await page.locator('[data-admin-save]').click();
    await adminNotification(page, 'Saved.').waitFor();
    const post = await api<{ title: string; body: string; status: string; is_public: boolean; cover_image: string | null }>(page, `/api/admin/blog/${id}`);
    expect(post).toMatchObject({ title: 'Manual handling: a refresher', status: 'published', is_public: true, cover_image: coverUrl });
    expect(post.body).toBe('<p><em>Lift with your legs</em>, not your <a href="/blog/manual-handling">back</a>.</p>');
    expect(await blogPage()).toContain('Manual handling: a refresher');

    // The list says which is which; the status filter lives in the URL.
    await page.locator('.admin-breadcrumb a').click();
    await rows.filter({ hasText: 'Ladder safety' }).locator('[data-blog-status="scheduled"]').waitFor();
    await rows.filter({ hasText: 'Manual handling: a refresher' }).locator('[data-blog-status="published"]').waitFor();
    await page.locator('[data-admin-filter="status"]').selectOption('draft');
    await page.waitForURL('**/admin/blog?status=draft');
    // No drafts on demo data: the filtered list says so (and not the unfiltered page it showed while loading).
    await page.locator('[data-admin-empty]').getByText('Nothing matches').waitFor();
    await eventually(() => rows.count()).toBe(0);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/admin/blog' && url.search === '');

    await rows.getByRole('link', { name: 'Manual handling: a refresher' }).click();
    await page.locator('[data-admin-delete]').click();
    const confirm = page.locator('dialog[data-admin-confirm][open]');
    await confirm.getByText('Delete Manual handling: a refresher?').waitFor();
    await confirm.locator('[data-admin-confirm-yes]').click();
    await page.waitForURL('**/admin/blog');
    await adminNotification(page, 'The blog post is deleted.').waitFor();
    expect(await blogPage()).not.toContain('Manual handling');
    expect((await page.request.get(`${shop.server.url}${coverUrl}`)).status()).toBe(404); // its cover went with it
    expect(problems.unexpected()).toEqual([]);
  });

  it('enquiries and newsletter subscribers: read-only lists of what visitors sent, with CSV downloads of what the list shows', async () => {
    const { page, problems } = await shop.open();
    const name = `Robin Enquirer ${Date.now().toString(36)}`;
    await page.goto('/contact');
    await hydrated(page);
    const enquiry = page.locator('[data-enquiry-form="contact"]');
    await enquiry.getByLabel('Your name').fill(name);
    await enquiry.getByLabel('Company').fill('Northgate Academy Trust');
    await enquiry.getByLabel('E-mail address').fill(uniqueEmail('enquiry'));
    await enquiry.getByLabel('Your message').fill('Please send a quote for asbestos awareness training for forty teaching staff across our three schools.');
    await enquiry.getByRole('button', { name: 'Send enquiry' }).click();
    await page.locator('[data-notice="success"]').waitFor();
    const subscriber = uniqueEmail('news');
    const newsletter = page.locator('[data-newsletter]');
    await newsletter.getByRole('textbox').fill(subscriber);
    await newsletter.getByRole('button', { name: 'Subscribe' }).click();
    await page.locator('[data-newsletter-message="success"]').waitFor();

    await openPortal(page, 'Enquiries');
    await page.waitForURL('**/admin/enquiries');
    const rows = page.locator('[data-admin-row]');
    const row = rows.filter({ hasText: name });
    await row.waitFor();
    await eventually(() => row.innerText()).toContain('Northgate Academy Trust');
    await eventually(() => row.locator('a').count()).toBe(1); // the mailto only: there is no edit screen
    await page.locator('[data-admin-filter="type"]').selectOption('recruitment');
    await page.waitForURL('**/admin/enquiries?type=recruitment');
    // The link follows the list once its rows arrive, a moment after the URL changes.
    const csvLink = page.locator('[data-admin-csv]');
    await eventually(() => csvLink.getAttribute('href')).toBe('/api/admin/enquiries.csv?type=recruitment');
    await page.locator('[data-admin-filter="type"]').selectOption('contact');
    await row.waitFor();
    // Searched by the company: the search and the type filter together, both in the URL.
    await page.locator('[data-admin-search]').fill('northgate academy');
    await page.locator('[data-admin-search]').press('Enter');
    await page.waitForURL('**/admin/enquiries?type=contact&search=northgate+academy');
    await page.locator('[data-admin-count]').getByText('1–1 of 1').waitFor();
    await row.waitFor();
    await shootAdmin(page, 'enquiries');
    // The download holds what the list shows: the type and the search.
    const csvHref = await eventually(() => page.locator('[data-admin-csv]').getAttribute('href')).toBe('/api/admin/enquiries.csv?type=contact&search=northgate+academy');
    const csv = await page.request.get(`${shop.server.url}${csvHref}`);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toMatch(/^text\/csv/);
    const csvRows = (await csv.text()).split('\r\n').filter((line) => line !== '');
    expect(csvRows).toHaveLength(2); // the header and the one enquiry the list shows
    expect(csvRows[1]).toContain(name);

    await page.locator('[data-admin-menu]').getByRole('link', { name: 'Newsletter', exact: true }).click();
    await page.waitForURL('**/admin/newsletter');
    await page.locator('[data-admin-search]').fill(subscriber.split('@')[0]!);
    await page.locator('[data-admin-search]').press('Enter');
    await page.locator('[data-admin-count]').getByText('1–1 of 1').waitFor();
    await rows.filter({ hasText: subscriber }).waitFor();
    await eventually(() => rows.first().innerText()).toContain('Subscribed');
    await shootAdmin(page, 'newsletter');
    // As above, the link follows the list a moment after its rows (read once, it was seen still without the search).
    const newsletterCsv = await eventually(() => page.locator('[data-admin-csv]').getAttribute('href'))
      .toBe(`/api/admin/newsletter-subscribers.csv?search=${encodeURIComponent(subscriber.split('@')[0]!)}`);
    const download = await page.request.get(`${shop.server.url}${newsletterCsv}`);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toMatch(/^text\/csv/);
    const downloaded = (await download.text()).split('\r\n').filter((line) => line !== '');
    expect(downloaded).toHaveLength(2);
    expect(downloaded[1]).toContain(subscriber);
    expect(problems.unexpected()).toEqual([]);
  });

  it('phone width (390): every content screen, the editor included, fits without sideways scrolling', async () => {
    const { page, problems } = await shop.open();
    await page.setViewportSize({ width: 390, height: 844 });
    await openPortal(page);
    const screens: [string, string, string][] = [
      ['widget-list', '/admin/widgets', '[data-admin-row]'],
      ['widget-editor', '/admin/widgets/add', '[data-rich-text-visual] [role="textbox"]'],
      ['blog-list', '/admin/blog', '[data-admin-row]'],
      ['blog-edit', '/admin/blog/add', '[data-rich-text-visual] [role="textbox"]'],
      ['enquiries', '/admin/enquiries', '[data-admin-table]'],
      ['newsletter', '/admin/newsletter', '[data-admin-table]'],
    ];
    for (const [name, url, ready] of screens) {
      await page.goto(url);
      await page.locator(ready).first().waitFor();
      await page.locator('[data-admin-loading]').waitFor({ state: 'detached' });
      await shootAdmin(page, name);
      // The screen itself fits (a wide table scrolls inside its own box); the admin bar above is the layout's.
      const overflow = await page.evaluate(() => {
        const screen = document.querySelector('.admin-page')!;
        return Math.max(0, Math.ceil(screen.getBoundingClientRect().right) - document.documentElement.clientWidth, screen.scrollWidth - screen.clientWidth);
      });
      expect({ name, overflow }).toEqual({ name, overflow: 0 });
    }
    await page.goto('/admin/widgets/add');
    await page.locator('[data-rich-text-toggle]').click();
    await page.locator('[data-rich-text-source]').waitFor();
    await shootAdmin(page, 'widget-source');
    expect(problems.unexpected()).toEqual([]);
  });
});
