import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { adminNotification, openPortal, prepareScreenshots, shootAdmin } from '../support/admin-browser.js';
import { useBrowserShop } from '../support/browser-shop.js';
import { eventually } from '../support/eventually.js';
import { databaseKind } from '../support/test-database.js';

const FILM = readFileSync(path.join(process.cwd(), 'assets', 'demo-films', 'workplace-hazards.webm'));

interface Course {
  duration: number | null;
  video: { size: number; content_type: string } | null;
  chapters: Array<{ title: string; start: number }>;
  questions: Array<{ text: string; answers: Array<{ text: string; correct: boolean }> }>;
  pass_mark: number;
  validity_months: number | null;
}

async function api<T>(page: Page, url: string): Promise<T> {
  const response = await page.request.get(url);
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

/**
 * Issue 26's staff screens in Chromium on demo data: a demo online course's Course tab (its film, chapters and
 * questions; a broken chapter refused beside its field; a new question; a new film uploaded), and the certificates
 * screen.
 */
describe(`administration portal: training courses in Chromium (${databaseKind})`, () => {
  const shop = useBrowserShop({ setupTimeoutMs: 90_000 });

  beforeAll(() => prepareScreenshots());

  it('edits a demo course on its product\'s Course tab and uploads a new film', async () => {
    const { page, problems } = await shop.open();
    await openPortal(page);
    const products = await api<{ data: Array<{ id: number; title: string }> }>(page, '/api/admin/products?search=Online%20Course&per_page=5');
    const product = products.data[0]!;
    const coursePath = `/api/admin/products/${product.id}/course`;
    const before = await api<Course>(page, coursePath);
    expect(before.video?.content_type).toBe('video/webm');
    expect(before.questions).toHaveLength(5);

    await page.goto(`/admin/products/${product.id}`);
    await page.getByRole('tab', { name: 'Course' }).click();
    const form = page.locator('[data-course-form]');
    await form.waitFor();
    await page.locator('[data-course-film-info]').waitFor();
    await shootAdmin(page, 'product-course');

    // A chapter that starts before the one above it is refused, with the reason beside its start.
    await page.locator('[data-course-add-chapter]').click();
    const added = page.locator(`[data-course-chapter="${before.chapters.length}"]`);
    await added.getByLabel(`Chapter ${before.chapters.length + 1} title`).fill('Summary');
    await added.getByLabel('Starts at (s)').fill('1');
    await page.locator('[data-course-save]').click();
    await page.locator(`[data-field-error="chapters[${before.chapters.length}].start"]`).waitFor();
    await page.locator('[data-course-message]').waitFor();
    await shootAdmin(page, 'product-course-errors');

    // Fixed, plus a sixth question with its second answer marked correct: saved whole.
    // 18 s: after every demo film's last chapter, and within the 20 s film uploaded below.
    await added.getByLabel('Starts at (s)').fill('18');
    await page.locator('[data-course-add-question]').click();
    const sixth = page.locator('[data-course-question="5"]');
    await sixth.getByLabel('Question', { exact: true }).fill('Who may report a hazard?');
    await sixth.getByLabel('Answer 1', { exact: true }).fill('Only managers');
    await sixth.getByLabel('Answer 2', { exact: true }).fill('Anyone');
    await sixth.getByLabel('Answer 2 is the correct one').check();
    await page.locator('[data-course-save]').click();
    await adminNotification(page, `The course of ${product.title} is saved.`).waitFor();
    const saved = await api<Course>(page, coursePath);
    expect(saved.chapters.at(-1)).toEqual({ title: 'Summary', start: 18 });
    expect(saved.questions.at(-1)).toEqual({
      id: expect.any(Number), text: 'Who may report a hazard?',
      answers: [{ id: expect.any(Number), text: 'Only managers', correct: false }, { id: expect.any(Number), text: 'Anyone', correct: true }],
    });

    // A new film: its length read by the browser, uploaded with progress; the course then points at it.
    await page.getByLabel(/Replace the film/).setInputFiles({ name: 'hazards.webm', mimeType: 'video/webm', buffer: FILM });
    await page.getByText('Length read from the file: 20 s').waitFor();
    await page.locator('[data-course-film-upload]').click();
    await adminNotification(page, 'The film is uploaded.').waitFor();
    await eventually(async () => (await api<Course>(page, coursePath)).video?.size).toBe(FILM.length);
    expect((await api<Course>(page, coursePath)).duration).toBe(20);
    expect(problems.unexpected([/status of 422/])).toEqual([]);
  });
});
