import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { expectNoSeriousA11yViolations } from '../support/accessibility.js';
import { launchBrowser, watchProblems } from '../support/browser.js';
import { prepareScreenshots, SCREENSHOTS } from '../support/browser-shop.js';
import { createProduct } from '../support/catalogue-fixtures.js';
import { eventually } from '../support/eventually.js';
import { bearerFor, DEMO_ADMIN } from '../support/identity-client.js';
import { GOOD_PASSWORD, hydrated, nextClientIp, registerByApi, uniqueEmail } from '../support/identity-browser.js';
import { enrolLearner } from '../support/learning-fixtures.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { databaseKind } from '../support/test-database.js';

const FILM = path.resolve('assets/demo-films/safe-lifting.webm');
const RIGHT: Record<string, string> = { 'When lifting, bend your…': 'Knees', 'Before lifting, check…': 'The weight' };

/**
 * Issue 26, the learner in Chromium (ADR 0047): the player shows the chapters and plays the real demo film, whose
 * reports the server credits; with the film watched (set in the database rather than sat through), the learner fails
 * the assessment, passes it, downloads the certificate and the public page says it is valid. The seat is arranged in
 * SQL: the licences journey covers how a learner gets one.
 */
describe(`training learning journey in Chromium (${databaseKind})`, () => {
  let shop: TestApp;
  let browser: Browser;
  let baseURL: string;
  let enrolment: number;
  const learner = { email: uniqueEmail('learning-journey'), password: GOOD_PASSWORD };
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    shop = await startTestApp({ TRUST_PROXY: '127.0.0.1' });
    await shop.app.listen(0, '127.0.0.1');
    baseURL = await shop.app.getUrl();
    await registerByApi(baseURL, { email: learner.email, first_name: 'Sam', last_name: 'Learner' });
    const [user] = await shop.sql<{ id: number }>('select id from users where email = ?', [learner.email]);
    const product = await createProduct(shop.sql, { title: 'Safe Lifting Online', options: [{ name: 'Online licence — 1 user', kind: 'online_access', seats: 1 }] });
    const admin = await bearerFor(shop, DEMO_ADMIN);
    const http = () => request(shop.app.getHttpServer());
    await http().put(`/api/admin/products/${product.id}/course`).set('Authorization', admin).send({
      duration: 24,
      chapters: [{ title: 'Before you lift', start: 0 }, { title: 'The lift', start: 8 }, { title: 'Putting it down', start: 16 }],
      questions: Object.entries(RIGHT).map(([text, right]) => ({
        text, answers: [{ text: right, correct: true }, { text: 'Nothing in particular', correct: false }, { text: 'The weather', correct: false }],
      })),
      pass_mark: 80, validity_months: 36, accreditation: 'CPD certified',
    }).expect(200);
    await http().put(`/api/admin/products/${product.id}/course/film`).set('Authorization', admin)
      .attach('file', await readFile(FILM), { filename: 'safe-lifting.webm', contentType: 'video/webm' }).field('duration', '24').expect(200);
    enrolment = await enrolLearner(shop.sql, { productId: product.id, optionId: product.optionIds[0]!, customerId: user!.id, userId: user!.id, email: learner.email, name: 'Sam Learner' });
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

  async function signedIn(width: number) {
    const context = await browser.newContext({ baseURL, viewport: { width, height: 900 }, extraHTTPHeaders: { 'X-Forwarded-For': nextClientIp() }, acceptDownloads: true });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    const problems = await watchProblems(page);
    await page.goto(`/learn/${enrolment}`);
    await hydrated(page);
    const login = page.locator('form[data-form="login"]');
    await login.getByLabel('E-mail address').fill(learner.email);
    await login.getByLabel('Password', { exact: true }).fill(learner.password);
    await login.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === `/learn/${enrolment}`);
    await hydrated(page);
    return { page, problems };
  }

  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOTS, `training-learning-${name}.png`), fullPage: true });
  const watchedPercent = async (page: Page) => Number(await page.locator('[data-watched]').getAttribute('data-watched'));

  async function answer(page: Page, right: boolean) {
    for (const question of await page.locator('[data-question]').all()) {
      const text = (await question.locator('legend').textContent())!.replace(/^Question \d+\.\s*/, '').trim();
      const wanted = right ? RIGHT[text]! : 'The weather';
      await question.getByLabel(wanted, { exact: true }).check();
    }
    await page.getByRole('button', { name: 'Send my answers' }).click();
  }

  it('plays the film with chapters and credits what was watched; fails, then passes the assessment and gets a valid certificate', async () => {
    const { page, problems } = await signedIn(1280);
    await eventually(() => page.locator('[data-chapter]').allTextContents()).toEqual(['0:00 Before you lift', '0:08 The lift', '0:16 Putting it down']);
    expect(await page.locator('[data-assessment]').count()).toBe(0);
    await expectNoSeriousA11yViolations(page, 'learn-course');
    await shot(page, 'player-1280');

    // Play the film for real (muted, as autoplay allows), seek by chapter, pause: the server credits the watched seconds.
    await page.locator('[data-chapter="8"]').click();
    await page.evaluate(() => {
      const video = document.querySelector<HTMLVideoElement>('[data-player]')!;
      video.muted = true;
      return video.play();
    });
    await page.waitForFunction(() => document.querySelector<HTMLVideoElement>('[data-player]')!.currentTime >= 11);
    await page.evaluate(() => document.querySelector<HTMLVideoElement>('[data-player]')!.pause());
    await eventually(() => watchedPercent(page)).toBeGreaterThan(0);
    const [row] = await shop.sql<{ watched_seconds: number; position_seconds: number }>('select watched_seconds, position_seconds from training_enrolments where id = ?', [enrolment]);
    expect(row!.watched_seconds).toBeGreaterThan(0);
    expect(row!.watched_seconds).toBeLessThanOrEqual(12);
    expect(row!.position_seconds).toBeGreaterThanOrEqual(10);

    // The rest of the film counted as watched in the database rather than sat through; a reload resumes at the position.
    await shop.sql(`update training_enrolments set watched_seconds = 24, watched_ranges = '[[0, 24]]' where id = ?`, [enrolment]);
    await page.reload();
    await hydrated(page);
    await eventually(() => page.evaluate(() => document.querySelector<HTMLVideoElement>('[data-player]')!.currentTime)).toBeGreaterThanOrEqual(10);
    expect(await watchedPercent(page)).toBe(100);

    await page.getByRole('button', { name: 'Start the assessment' }).click();
    await eventually(() => page.locator('[data-question]').count()).toBe(2);
    await expectNoSeriousA11yViolations(page, 'learn-assessment');
    await shot(page, 'assessment-1280');
    await answer(page, false);
    await eventually(() => page.locator('[data-result]').getAttribute('data-result')).toBe('failed');
    await expect(page.locator('[data-attempts-left]').textContent()).resolves.toContain('2 attempts left');
    await shot(page, 'failed-1280');

    await page.getByRole('button', { name: 'Try again' }).click();
    await eventually(() => page.locator('[data-question]').count()).toBe(2);
    await answer(page, true);
    await eventually(() => page.locator('[data-result]').getAttribute('data-result')).toBe('passed');
    const code = (await page.locator('[data-certificate-code]').textContent())!;
    expect(code).toMatch(/^[A-Z2-7]{12}$/);
    await expectNoSeriousA11yViolations(page, 'learn-result');
    await shot(page, 'passed-1280');

    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-certificate-pdf]').first().click()]);
    expect(download.suggestedFilename()).toBe(`certificate-${code}.pdf`);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    await page.locator('[data-certificate-page]').first().click();
    await page.waitForURL((url) => url.pathname === `/certificates/${code}`);
    await expect(page.locator('[data-page="certificate"]').getAttribute('data-certificate-status')).resolves.toBe('valid');
    await expect(page.getByRole('heading', { name: /Valid certificate/ }).count()).resolves.toBe(1);
    expect(problems.unexpected()).toEqual([]);
  });

  it('shows a passed course at phone width with its certificate, and /learn links to it', async () => {
    const { page } = await signedIn(390);
    await page.reload(); // as a phone opens it: no sign-in's page loader still fading over the shot
    await hydrated(page);
    await eventually(() => page.locator('[data-result="passed"]').count()).toBe(1);
    await expectNoSeriousA11yViolations(page, 'learn-completed-390');
    await shot(page, 'completed-390');
    await page.goto('/learn');
    await hydrated(page);
    await page.locator('[data-course-link]').first().click();
    await page.waitForURL((url) => url.pathname === `/learn/${enrolment}`);
  });

  it('shows the buyer the completion in the training records, filters to those expiring within 60 days, and offers the CSV', async () => {
    // The learner bought their own seat here (the fixture's customer), so their /account/training has the records.
    for (const width of [1280, 390]) {
      const { page, problems } = await signedIn(width);
      await page.goto('/account/training');
      await hydrated(page);
      const row = page.locator(`[data-record="${learner.email}"]`);
      await eventually(() => row.locator('[data-record-status]').getAttribute('data-record-status')).toBe('valid');
      await expect(row.textContent()).resolves.toContain('Safe Lifting Online');
      await expectNoSeriousA11yViolations(page, `training-records-${width}`);
      await page.locator('[data-records]').scrollIntoViewIfNeeded();
      await shot(page, `records-${width}`);
      if (width === 1280) {
        await page.getByLabel('Only certificates expiring within 60 days').check();
        await eventually(() => page.locator('[data-records-empty]').count()).toBe(1); // valid for 36 months
        await expect(page.locator('[data-records-csv]').getAttribute('href')).resolves.toBe('/api/account/training-records.csv?expiring_within_days=60');
      }
      expect(problems.unexpected()).toEqual([]);
    }
  });
});
