import { expectNoSeriousA11yViolations } from '../support/accessibility.js';
import { eventually } from '../support/eventually.js';
import path from 'node:path';
import { prepareScreenshots, SCREENSHOTS, useBrowserShop } from '../support/browser-shop.js';
import { failedResource, hydrated, uniqueEmail, waitForMail } from '../support/identity-browser.js';
import { databaseKind } from '../support/test-database.js';

const JOURNEY_TIMEOUT = 30_000;
const THANKS = 'Thank you — we have received your enquiry and will reply within one working day.';
/** The server runs with MAIL_FROM's default ("HS Training Direct <no-reply@localhost>"): enquiries go to its address. */
const STAFF = 'no-reply@localhost';

/**
 * The enquiry pages' shared form against the REAL API and the BUILT server as a separate process.
 * NODE_ENV=test mounts the development mailbox, where the staff e-mail is looked for.
 */
describe(`enquiry journeys in Chromium (${databaseKind})`, () => {
  const shop = useBrowserShop();
  const open = () => shop.open();
  beforeAll(prepareScreenshots);

  it('sends a contact enquiry: a field error for a short message, then the thanks, a cleared form and the staff e-mail', async () => {
    const { page, problems } = await open();
    await page.goto('/contact');
    await hydrated(page);
    await page.locator('[data-widget="contact-main"]').waitFor({ state: 'visible' });
    await page.locator('[data-contact-phone]').getByText('01234 567890').waitFor({ state: 'visible' });

    const form = page.locator('[data-enquiry-form="contact"]');
    const name = `Morgan Tester ${Date.now().toString(36)}`;
    const email = uniqueEmail('enquiry');
    await form.getByLabel('Your name').fill(name);
    await form.getByLabel('Company').fill('Riverside Care Homes Ltd');
    await form.getByLabel('E-mail address').fill(email);
    await form.getByLabel('Telephone').fill('0113 496 0123');
    await form.getByLabel('Your message').fill('Too short');
    await form.getByRole('button', { name: 'Send enquiry' }).click();

    // 422: the reason next to the message field (and in the summary); nothing is cleared.
    await form.locator('[data-field-error="message"]').getByText('Enter a message of 10 to 5000 characters.').waitFor({ state: 'visible' });
    await page.locator('[data-error-summary]').waitFor({ state: 'visible' });
    await eventually(() => form.getByLabel('Your message').getAttribute('aria-invalid')).toBe('true');
    await eventually(() => form.getByLabel('Your name').inputValue()).toBe(name);
    await expectNoSeriousA11yViolations(page, 'contact: field errors');
    await form.screenshot({ path: path.join(SCREENSHOTS, 'contact-form-errors-1280.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await form.screenshot({ path: path.join(SCREENSHOTS, 'contact-form-errors-390.png') });
    await page.setViewportSize({ width: 1280, height: 900 });

    await form.getByLabel('Your message').fill('Could you quote for the fire marshal course for twelve staff at our Leeds home?');
    await form.getByRole('button', { name: 'Send enquiry' }).click();
    await page.locator('[data-notice="success"]').getByText(THANKS).waitFor({ state: 'visible' });
    await expectNoSeriousA11yViolations(page, 'contact: thanks');
    await eventually(() => form.locator('[data-field-error]').count()).toBe(0);
    await eventually(() => page.locator('[data-error-summary]').count()).toBe(0);
    for (const label of ['Your name', 'Company', 'E-mail address', 'Telephone', 'Your message']) await eventually(() => form.getByLabel(label).inputValue()).toBe('');

    const mail = await waitForMail(shop.server.url, STAFF, `New contact enquiry from ${name}`);
    for (const text of [email, 'Riverside Care Homes Ltd', '0113 496 0123', 'fire marshal course']) expect(mail.text).toContain(text);

    // The success notice hides itself after 5 s.
    await eventually(() => page.locator('[data-notice="success"]').getByText(THANKS).count(), { timeout: 8000 }).toBe(0);

    expect(problems.unexpected([failedResource(422, '/api/enquiries')])).toEqual([]);
  }, JOURNEY_TIMEOUT);

  it.each([
    ['/joinus/recruitment', 'recruitment'],
    ['/joinus/distribution', 'distribution'],
    ['/joinus/partnership', 'partnership'],
  ])('%s shows its widget and a form of its type, without console errors', async (path, type) => {
    const { page, problems } = await open();
    await page.goto(path);
    await hydrated(page);
    await page.locator(`[data-widget="joinus-${type}"]`).waitFor({ state: 'visible' });
    const form = page.locator(`[data-enquiry-form="${type}"]`);
    await form.getByRole('button', { name: 'Send enquiry' }).waitFor({ state: 'visible' });
    await eventually(() => form.getByRole('button', { name: 'Send enquiry' }).isEnabled()).toBe(true);
    await expectNoSeriousA11yViolations(page, path);
    expect(problems.unexpected()).toEqual([]);
  }, JOURNEY_TIMEOUT);
});
