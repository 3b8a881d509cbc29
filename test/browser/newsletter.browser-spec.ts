import { expectNoSeriousA11yViolations } from '../support/accessibility.js';
import { eventually } from '../support/eventually.js';
import { useBrowserShop } from '../support/browser-shop.js';
import { failedResource, hydrated, uniqueEmail, waitForMail } from '../support/identity-browser.js';
import { databaseKind } from '../support/test-database.js';

const JOURNEY_TIMEOUT = 30_000;
const SUBJECT = 'You are subscribed to the HS Training Direct newsletter';

/**
 * The footer's newsletter box against the REAL API (no mocked routes), and the unsubscribe link from the
 * confirmation e-mail, against the BUILT server as a separate process. NODE_ENV=test mounts the development
 * mailbox; PUBLIC_URL is the server's own address so the e-mailed link opens here.
 */
describe(`newsletter journeys in Chromium (${databaseKind})`, () => {
  const shop = useBrowserShop();
  const open = () => shop.open();

  it('subscribes from the footer, then unsubscribes through the e-mailed link', async () => {
    const { page, problems } = await open();
    await page.goto('/');
    await hydrated(page);
    const box = page.locator('[data-newsletter]');
    const email = box.getByRole('textbox', { name: 'Email address' });
    const subscribe = box.getByRole('button', { name: 'Subscribe' });
    const message = box.locator('[data-newsletter-message]');
    await box.scrollIntoViewIfNeeded();

    // The server refuses a malformed address (422): "Invalid Email Address"; the input is kept to correct it.
    await email.fill('office@example');
    await subscribe.click();
    await message.getByText('Invalid Email Address').waitFor({ state: 'visible' });
    await eventually(() => email.inputValue()).toBe('office@example');

    // A real address: the thanks, then after 2 s the message and the address clear.
    const address = uniqueEmail('newsletter');
    await email.fill(address);
    await subscribe.click();
    await message.getByText('Thank you, you have been subscribed').waitFor({ state: 'visible' });
    await eventually(() => message.textContent()).not.toContain('Invalid Email Address');
    await eventually(async () => [await message.textContent(), await email.inputValue()]).toEqual(['', '']); // both cleared

    // The confirmation e-mail carries the unsubscribe link; opening it changes nothing yet.
    const mail = await waitForMail(shop.server.url, address, SUBJECT);
    const link = /(http:\/\/\S+\/newsletter\/unsubscribe\/[\w-]{43})/.exec(mail.text)?.[1];
    expect(link).toBeDefined();
    await page.goto(link!);
    await hydrated(page);
    const masked = `${address[0]}***@example.co.uk`;
    await page.getByText(`Unsubscribe ${masked}?`).waitFor({ state: 'visible' });
    await page.reload();
    await hydrated(page);
    await page.getByText(`Unsubscribe ${masked}?`).waitFor({ state: 'visible' }); // GET did not unsubscribe
    await expectNoSeriousA11yViolations(page, 'unsubscribe: confirm');

    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByText('You have been unsubscribed').waitFor({ state: 'visible' });
    // Opening the link again: already unsubscribed.
    await page.reload();
    await page.getByText('You have been unsubscribed').waitFor({ state: 'visible' });
    await eventually(() => page.getByRole('button', { name: 'Unsubscribe' }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page, 'unsubscribe: done');

    expect(problems.unexpected([failedResource(422, '/api/newsletter')])).toEqual([]);
  }, JOURNEY_TIMEOUT);

  it('an address typed before the footer has hydrated is the one sent', async () => {
    // The footer's code comes in a chunk of its own after the page has hydrated (ADR 0064). Hold that chunk back, type
    // into the server-rendered field meanwhile, then let it come: hydration keeps the typed text in the field, and the
    // form must send it, not the empty address its state started with.
    const { page, problems } = await open();
    let release!: () => void;
    const footerArrives = new Promise<void>((resolve) => (release = resolve));
    let heldBack = 0;
    await page.route('**/assets/chunks/*.js', async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes('Thank you, you have been subscribed')) {
        heldBack += 1;
        await footerArrives;
      }
      await route.fulfill({ response, body });
    });
    const posted: unknown[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/newsletter') && request.method() === 'POST') posted.push(request.postDataJSON());
    });

    await page.goto('/');
    await hydrated(page); // the page itself; the footer is still waiting for its chunk
    const box = page.locator('[data-newsletter]');
    const subscribe = box.getByRole('button', { name: 'Subscribe' });
    await eventually(() => heldBack).toBe(1);
    expect(await subscribe.isDisabled()).toBe(true); // not yet hydrated: it cannot submit itself as plain HTML
    const address = uniqueEmail('early');
    await box.getByRole('textbox', { name: 'Email address' }).fill(address);

    release();
    await subscribe.click(); // waits until hydration has enabled it
    await box.locator('[data-newsletter-message]').getByText('Thank you, you have been subscribed').waitFor({ state: 'visible' });
    expect(posted).toEqual([{ email: address }]);
    expect(problems.unexpected()).toEqual([]);
  }, JOURNEY_TIMEOUT);

  it('shows a friendly message for an unknown unsubscribe link', async () => {
    const { page, problems } = await open();
    await page.goto(`/newsletter/unsubscribe/${'x'.repeat(43)}`);
    await hydrated(page);
    await page.getByText('This link is invalid or has expired').waitFor({ state: 'visible' });
    await expectNoSeriousA11yViolations(page, 'unsubscribe: invalid link');
    await eventually(() => page.getByRole('button', { name: 'Unsubscribe' }).count()).toBe(0);
    expect(problems.unexpected()).toEqual([]);
  }, JOURNEY_TIMEOUT);
});
