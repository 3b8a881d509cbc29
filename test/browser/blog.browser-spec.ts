import { expectNoSeriousA11yViolations } from '../support/accessibility.js';
import { eventually } from '../support/eventually.js';
import { useBrowserShop } from '../support/browser-shop.js';
import { DEMO_ADMIN, hydrated } from '../support/identity-browser.js';
import type { ServerProcess } from '../support/server-process.js';
import { databaseKind } from '../support/test-database.js';

const APP_NAME = 'HS Training Direct';
// Jest ignores `testTimeout` inside a `projects` entry (only the global one counts): set it here.
const JOURNEY_TIMEOUT = 30_000;

const POSTS = [
  {
    slug: 'fire-marshal-training-how-many-do-you-need',
    title: 'Fire marshal training: how many do you need?',
    excerpt: 'There is no magic ratio in the law, but there is a sensible way to work it out.',
    body: '<p>The Regulatory Reform (Fire Safety) Order 2005 asks for enough <strong>competent persons</strong>.</p>',
    published_at: '2026-06-18T09:00:00.000Z',
  },
  {
    slug: 'what-the-new-hse-guidance-on-manual-handling-means-for-your-team',
    title: 'What the new HSE guidance on manual handling means for your team',
    excerpt: 'The HSE has refreshed its advice on assessing lifting, carrying, pushing and pulling.',
    body: '<h2>Avoid, assess, reduce</h2><p>The order of duties is the same.</p>',
    published_at: '2026-08-04T09:00:00.000Z',
  },
];

/** The posts of the journey, written through the admin API (and a draft that no list may show). */
async function writePosts(server: ServerProcess): Promise<void> {
  const login = await fetch(`${server.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_ADMIN) });
  expect(login.status).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const write = (body: object) =>
    fetch(`${server.url}/api/admin/blog`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
  for (const post of POSTS) {
    const res = await write({ ...post, status: 'published' });
    // db:seed --demo may already have added the demo posts (same slugs): either way the post exists.
    expect([201, 422]).toContain(res.status);
  }
  expect((await write({ slug: 'a-draft-nobody-sees', title: 'A draft nobody sees', body: '<p>x</p>' })).status).toBe(201);
}

/** The blog journey against the BUILT server as a separate process; posts are written through the admin API. */
describe(`blog journeys in Chromium (${databaseKind})`, () => {
  const shop = useBrowserShop({ production: true, ready: writePosts });
  const open = () => shop.open();

  it('blog list → click a post → the post renders with its title, in the same document, without console errors or CSP violations', async () => {
    const { page, problems } = await open();
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname);
    });
    const response = await page.goto('/blog');
    expect(response?.status()).toBe(200);
    await hydrated(page);
    await eventually(() => page.title()).toBe(`Blog | ${APP_NAME}`);
    await page.getByRole('heading', { level: 1, name: 'Blog' }).waitFor({ state: 'visible' });

    const list = page.locator('[data-blog-list]');
    const titles = await list.locator('h2 a').allTextContents();
    // Newest first; drafts never listed.
    expect(titles.indexOf(POSTS[1]!.title)).toBeGreaterThanOrEqual(0);
    expect(titles.indexOf(POSTS[1]!.title)).toBeLessThan(titles.indexOf(POSTS[0]!.title));
    expect(titles).not.toContain('A draft nobody sees');
    // The stylesheet applied (a CSP block would leave it unstyled): the list has no bullets.
    await eventually(() => list.locator('ul').first().evaluate((ul) => getComputedStyle(ul).listStyleType)).toBe('none');
    await expectNoSeriousA11yViolations(page, 'blog list');

    await list.getByRole('link', { name: POSTS[0]!.title, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/blog/${POSTS[0]!.slug}`);
    await page.getByRole('heading', { level: 1, name: POSTS[0]!.title }).waitFor({ state: 'visible' });
    await page.locator('[data-blog-body] strong').getByText('competent persons').waitFor({ state: 'visible' });
    await eventually(() => page.title()).toBe(`${POSTS[0]!.title} | ${APP_NAME}`);
    await expectNoSeriousA11yViolations(page, 'blog post');
    expect(documents).toEqual(['/blog']); // client-side navigation: no second document
    expect(problems.unexpected()).toEqual([]);

    // Reloading the post serves it from the server as well.
    expect((await page.reload())?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: POSTS[0]!.title }).waitFor({ state: 'visible' });
    expect(problems.unexpected()).toEqual([]);
  }, JOURNEY_TIMEOUT);

  it('a draft\'s address shows the not-found page with HTTP 404', async () => {
    const { page, problems } = await open();
    const response = await page.goto('/blog/a-draft-nobody-sees');
    expect(response?.status()).toBe(404);
    await hydrated(page);
    await page.locator('[data-error-page="404"]').getByRole('heading', { name: 'Page not found' }).waitFor({ state: 'visible' });
    await expectNoSeriousA11yViolations(page, 'not-found page');
    expect(problems.unexpected([/status of 404\b/])).toEqual([]);
  }, JOURNEY_TIMEOUT);
});
