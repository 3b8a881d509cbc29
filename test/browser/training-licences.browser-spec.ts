import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectNoSeriousA11yViolations } from '../support/accessibility.js';
import { launchBrowser, watchProblems } from '../support/browser.js';
import { prepareScreenshots, SCREENSHOTS } from '../support/browser-shop.js';
import { createProduct } from '../support/catalogue-fixtures.js';
import { eventually } from '../support/eventually.js';
import { failedResource, GOOD_PASSWORD, hydrated, nextClientIp, registerByApi, uniqueEmail, waitForMail } from '../support/identity-browser.js';
import { placeOrder } from '../support/orders-fixtures.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { databaseKind } from '../support/test-database.js';

const SUBJECT = 'You are invited to the online course "Manual Handling Online"';

/**
 * Issue 26, licences in Chromium (ADR 0040): the buyer of a 10-seat licence invites learners by pasting a list,
 * is told plainly when the list is longer than the free seats, takes a seat back after confirming; a learner opens
 * the e-mailed link, signs in, comes back to the invitation and starts the course, which /learn then lists. The
 * application runs in this process so the licence can be arranged with an order placed on account.
 */
describe(`training licence journeys in Chromium (${databaseKind})`, () => {
  let shop: TestApp;
  let browser: Browser;
  let baseURL: string;
  const buyer = { email: uniqueEmail('licence-buyer'), password: GOOD_PASSWORD };
  const learner = { email: uniqueEmail('licence-learner'), password: GOOD_PASSWORD };
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    shop = await startTestApp({ TRUST_PROXY: '127.0.0.1', QUEUE_POLL_MS: '50' });
    await shop.app.listen(0, '127.0.0.1');
    baseURL = await shop.app.getUrl();
    await registerByApi(baseURL, { email: buyer.email, first_name: 'Morgan', last_name: 'Manager' });
    await registerByApi(baseURL, { email: learner.email, first_name: 'Sam', last_name: 'Learner' });
    const [row] = await shop.sql<{ id: number }>('update users set account_terms = true where email = ? returning id', [buyer.email]);
    const product = await createProduct(shop.sql, { title: 'Manual Handling Online', options: [{ name: 'Online licence — 5 users', kind: 'online_access', seats: 5, price: 9_900 }] });
    await placeOrder(shop, row!.id, [{ optionId: product.optionIds[0]!, qty: 2 }], { paymentMethod: 'invoice', poNumber: 'PO-JOURNEY-26' });
    browser = await launchBrowser();
    await prepareScreenshots();
  }, 60_000);

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  afterAll(async () => {
    await browser?.close();
    await shop?.close();
  });

  async function open(width = 1280) {
    const context = await browser.newContext({ baseURL, viewport: { width, height: 900 }, extraHTTPHeaders: { 'X-Forwarded-For': nextClientIp() } });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(7000);
    return { page, problems: await watchProblems(page) };
  }

  async function signIn(page: Page, credentials: { email: string; password: string }, landOn: string) {
    await hydrated(page);
    const login = page.locator('form[data-form="login"]');
    await login.getByLabel('E-mail address').fill(credentials.email);
    await login.getByLabel('Password', { exact: true }).fill(credentials.password);
    await login.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === landOn);
    await hydrated(page);
  }

  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOTS, `training-${name}.png`), fullPage: true });

  it('the buyer invites two learners, is refused a list longer than the free seats, and takes a seat back', async () => {
    const { page, problems } = await open();
    await page.goto('/account/training');
    await signIn(page, buyer, '/account/training');
    const licence = page.locator('[data-licence]');
    await eventually(() => licence.locator('[data-licence-seats]').textContent()).toBe('0 of 10 seats used, 10 free');
    await expectNoSeriousA11yViolations(page, 'account-training');

    await page.getByLabel('E-mail addresses').fill(`${learner.email},\nLee Patel <lee.patel@acme.co.uk>`);
    await page.getByRole('button', { name: 'Send invitations' }).click();
    await page.getByText('2 invitations sent.').waitFor();
    await eventually(() => licence.locator('[data-licence-seats]').textContent()).toBe('2 of 10 seats used, 8 free');
    await eventually(() => page.locator('[data-learner]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-learner')))).toEqual([learner.email, 'lee.patel@acme.co.uk']);

    await page.getByLabel('E-mail addresses').fill(Array.from({ length: 9 }, (_, i) => `person${i}@acme.co.uk`).join('; '));
    await page.getByRole('button', { name: 'Send invitations' }).click();
    await eventually(() => page.locator('[data-invite-error]').textContent()).toContain('This licence has 8 free seats, but you asked to invite 9. Nobody was invited');
    await expectNoSeriousA11yViolations(page, 'account-training-refused');
    await shot(page, 'account-1280');

    await page.getByRole('button', { name: 'Take back seat of lee.patel@acme.co.uk' }).click();
    await page.getByRole('group', { name: 'Take back the seat of lee.patel@acme.co.uk?' }).waitFor();
    await page.getByRole('button', { name: 'Yes, take it back' }).click();
    await page.getByText('The seat of lee.patel@acme.co.uk is free again').waitFor();
    await eventually(() => licence.locator('[data-licence-seats]').textContent()).toBe('1 of 10 seats used, 9 free');
    await eventually(() => page.locator('[data-invite-error]').count()).toBe(0); // its "8 free seats" is out of date now
    await page.setViewportSize({ width: 390, height: 900 });
    await shot(page, 'account-390');
    expect(problems.unexpected([failedResource(409, '/api/account/licences/')])).toEqual([]);
  });

  it('a learner opens the e-mailed link, signs in, comes back and starts the course, which /learn lists', async () => {
    const mail = await waitForMail(baseURL, learner.email, SUBJECT);
    const link = /(\/learn\/invitations\/[A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const { page, problems } = await open(390);
    await page.goto(link);
    await page.getByText('Morgan Manager has given you a seat on this online course.').waitFor();
    await expectNoSeriousA11yViolations(page, 'learn-invitation');
    await shot(page, 'invitation-390');
    await hydrated(page);
    await page.getByRole('link', { name: 'Sign in' }).last().click();
    await page.waitForURL((url) => url.pathname === '/login');
    await signIn(page, learner, link);
    await page.getByText('Your certificate will be made out to Sam Learner').waitFor();
    await page.getByRole('button', { name: 'Start the course' }).click();
    await page.waitForURL((url) => url.pathname === '/learn');
    await eventually(() => page.locator('[data-course] h2').allTextContents()).toEqual(['Manual Handling Online']);
    await expectNoSeriousA11yViolations(page, 'learn');
    await shot(page, 'learn-390');
    expect(problems.unexpected()).toEqual([]);
  });
});
