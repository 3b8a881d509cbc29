import { expectNoSeriousA11yViolations } from '../support/accessibility.js';
import { eventually } from '../support/eventually.js';
import path from 'node:path';
import type { Page, Request } from 'playwright-core';
import { prepareScreenshots, SCREENSHOTS, useBrowserShop } from '../support/browser-shop.js';
import {
  DEMO_ADMIN,
  DEMO_CUSTOMER,
  failedResource,
  GOOD_PASSWORD,
  hydrated,
  registerByApi,
  sessionCookie,
  uniqueEmail,
  waitForMail,
} from '../support/identity-browser.js';
import { OIDC_FAMILY_NAME, OIDC_GIVEN_NAME, oidcEmailFor, startOidcPeer, type OidcPeer } from '../support/oidc-browser-peer.js';
import { databaseKind } from '../support/test-database.js';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 740 };
// Jest ignores `testTimeout` inside a `projects` entry (only the global one counts): set it here.
const JOURNEY_TIMEOUT = 45_000;
const DAY_S = 86_400;

const OIDC_NAME = 'Test SSO';
const BAD_CREDENTIALS = 'These credentials do not match our records.';
const RESET_REQUESTED = 'If an account exists for that address, we have e-mailed a link to reset the password.';

/**
 * The identity journeys (sign-up, sign-in, sign-out, password reset, account pages, guards, the "Auth Token
 * Expired" flow) against the BUILT server as a separate process, on a fresh database with the demo data.
 * NODE_ENV=test mounts the development mailbox; the server trusts 127.0.0.1 as its proxy so that each browser
 * context can be its own client (X-Forwarded-For) for the per-client sign-in limits; a real OpenID Connect
 * provider runs beside it as the `oidc` sign-in provider.
 */
describe(`identity journeys in Chromium (${databaseKind})`, () => {
  let oidcPeer: OidcPeer;
  const shop = useBrowserShop({
    // The shop's public URL (and so the provider's redirect URI) must be known before either starts.
    env: async (publicUrl) => {
      const peer = (oidcPeer = await startOidcPeer(`${publicUrl}/api/oauth/oidc/callback`));
      return { OAUTH_OIDC_ISSUER: peer.issuer, OAUTH_OIDC_CLIENT_ID: peer.clientId, OAUTH_OIDC_CLIENT_SECRET: peer.clientSecret, OAUTH_OIDC_NAME: OIDC_NAME };
    },
    cleanUp: async () => oidcPeer?.close(),
  });
  beforeAll(prepareScreenshots);
  const open = (viewport = DESKTOP) => shop.open({ viewport });

  const topBar = (page: Page) => page.locator('[data-topbar]');

  async function expectSignedIn(page: Page): Promise<void> {
    await topBar(page).getByRole('link', { name: 'Account' }).waitFor({ state: 'visible' });
    await topBar(page).getByRole('button', { name: 'Sign Out' }).waitFor({ state: 'visible' });
    await eventually(() => topBar(page).getByRole('link', { name: 'Sign-In' }).count()).toBe(0);
  }

  async function expectAnonymous(page: Page): Promise<void> {
    await topBar(page).getByRole('link', { name: 'Sign-In' }).waitFor({ state: 'visible' });
    await topBar(page).getByRole('link', { name: 'Sign-Up' }).waitFor({ state: 'visible' });
    await eventually(() => topBar(page).getByRole('button', { name: 'Sign Out' }).count()).toBe(0);
  }

  const loginForm = (page: Page) => page.locator('form[data-form="login"]');

  /** Fills and sends the sign-in form of the page already open on /login. */
  async function submitLogin(page: Page, email: string, password: string, remember = false): Promise<void> {
    await hydrated(page);
    const form = loginForm(page);
    await form.getByLabel('E-mail address').fill(email);
    await form.getByLabel('Password', { exact: true }).fill(password);
    if (remember) await form.getByLabel('Remember me').check();
    await form.getByRole('button', { name: 'Sign in' }).click();
  }

  async function signIn(page: Page, email: string, password: string, options: { remember?: boolean; landOn?: string } = {}): Promise<void> {
    await page.goto('/login');
    await submitLogin(page, email, password, options.remember ?? false);
    await page.waitForURL((url) => url.pathname === (options.landOn ?? '/account'));
    // The portal has no storefront top bar: staff are checked there by the page that follows.
    if (options.landOn !== '/admin') await expectSignedIn(page);
  }

  const fieldError = (page: Page, field: string) => page.locator(`[data-field="${field}"] [data-field-error]`);

  /** Notes in the browser when an element with `selector` appears and when it is hidden again (no test-runner lag). */
  async function watchVisibility(page: Page, selector: string): Promise<void> {
    await page.evaluate((sel) => {
      const times: { shown?: number; hidden?: number } = {};
      (window as unknown as { __noticeTimes: typeof times }).__noticeTimes = times;
      const check = () => {
        const element = document.querySelector<HTMLElement>(sel);
        const visible = element !== null && !element.hidden;
        const now = performance.now();
        if (times.shown === undefined && visible) times.shown = now;
        if (times.shown !== undefined && times.hidden === undefined && !visible) times.hidden = now;
      };
      new MutationObserver(check).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['hidden'] });
    }, selector);
  }

  async function noticeTimes(page: Page): Promise<{ shown: number; hidden: number }> {
    // The success notice shows and hides itself.
    const times = await eventually(() => page.evaluate(() => (window as unknown as { __noticeTimes: { shown?: number; hidden?: number } }).__noticeTimes), {
      timeout: 8000,
    }).toEqual({ shown: expect.any(Number), hidden: expect.any(Number) });
    return times as { shown: number; hidden: number };
  }

  // One test per width: four forms, each with an accessibility check and a full-page screenshot, at both widths in one
  // test took most of the journey timeout and ran out of it on a box busy with other work.
  it.each([DESKTOP, { width: 390, height: 844 }])('the sign-in, registration and password forms show the server\'s reasons beside their fields and in the summary ($width px)', async (viewport) => {
    const forms = [
      { path: '/login', form: 'login', button: 'Sign in', api: '/api/login' },
      { path: '/register', form: 'register', button: 'Create account', api: '/api/register' },
      { path: '/password/reset', form: 'password-email', button: 'Send the link', api: '/api/password/email' },
      { path: '/password/reset/not-a-token?email=sam%40example.com', form: 'password-reset', button: 'Reset password', api: '/api/password/reset' },
    ];
    const { page, problems } = await open(viewport);
    for (const { path: at, form, button } of forms) {
      await page.goto(at);
      await hydrated(page);
      await page.locator(`form[data-form="${form}"]`).getByRole('button', { name: button }).click();
      await page.locator('[data-error-summary]').waitFor({ state: 'visible' });
      await eventually(() => page.locator(`form[data-form="${form}"] [data-field-error]`).count()).toBeGreaterThan(0);
      await expectNoSeriousA11yViolations(page, `form-${form}-errors`);
      await page.screenshot({ path: path.join(SCREENSHOTS, `form-${form}-errors-${viewport.width}.png`), fullPage: true });
    }
    expect(problems.unexpected(forms.map(({ api }) => failedResource(422, api)))).toEqual([]);
  }, JOURNEY_TIMEOUT);

  it('register → signed in on /account (top bar: Account, Sign Out) → sign out → anonymous on /', async () => {
    const { context, page, problems } = await open();
    const email = uniqueEmail('register');
    await page.goto('/register');
    await hydrated(page);
    await eventually(() => page.title()).toMatch(/^Create an account \| /);
    await expectAnonymous(page);
    const form = page.locator('form[data-form="register"]');
    // Every control is labelled.
    await form.getByLabel('First name').fill('Priya');
    await form.getByLabel('Last name').fill('Sharma');
    await form.getByLabel('Company name (optional)').fill('Sharma Safety Ltd');
    await form.getByLabel('E-mail address').fill(DEMO_CUSTOMER.email); // already taken
    await form.getByLabel('Password', { exact: true }).fill(GOOD_PASSWORD);
    await form.getByLabel('Confirm password').fill(`${GOOD_PASSWORD}x`);
    await form.getByRole('button', { name: 'Create account' }).click();

    // 422: the reason next to its field, the field marked invalid, the summary shown and focused.
    await fieldError(page, 'password_confirmation').getByText('The password confirmation does not match.').waitFor({ state: 'visible' });
    await eventually(() => form.getByLabel('Confirm password').getAttribute('aria-invalid')).toBe('true');
    const summary = page.locator('[data-error-summary]');
    await summary.waitFor({ state: 'visible' });
    await eventually(() => summary.evaluate((element) => element === document.activeElement)).toBe(true);
    await eventually(() => summary.getAttribute('role')).toBe('alert');

    await form.getByLabel('Confirm password').fill(GOOD_PASSWORD);
    await form.getByRole('button', { name: 'Create account' }).click();
    await fieldError(page, 'email').getByText('An account with this e-mail address already exists.').waitFor({ state: 'visible' });
    await eventually(() => fieldError(page, 'password_confirmation').count()).toBe(0);

    // The submit button is disabled while the request is on its way.
    // (Held by the test until it has seen the button disabled, rather than slowed by a guessed delay.)
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/register', async (route) => {
      await held;
      await route.continue();
    });
    await form.getByLabel('E-mail address').fill(email);
    const submit = form.getByRole('button', { name: 'Create account' });
    await submit.click();
    await eventually(() => submit.isDisabled()).toBe(true);
    release();

    await page.waitForURL((url) => url.pathname === '/account');
    await expectSignedIn(page);
    await page.locator('[data-account-greeting]').getByText(`Priya Sharma`).waitFor({ state: 'visible' });
    await eventually(() => page.locator('[data-account-greeting]').textContent()).toContain(email);
    const cookie = await sessionCookie(context);
    expect(cookie).toBeDefined();
    expect(cookie!.httpOnly).toBe(true);
    expect(cookie!.sameSite).toBe('Lax');
    expect(cookie!.expires).toBe(-1); // no "Remember me": a session cookie

    await topBar(page).getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expectAnonymous(page);
    await eventually(() => sessionCookie(context)).toBeUndefined();
    // Signed out for real: /account asks for a sign-in again.
    await page.goto('/account');
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/account');

    expect(problems.unexpected([failedResource(422, '/api/register')])).toEqual([]);
  }, JOURNEY_TIMEOUT);

  it('login with "Remember me": the shop_session cookie lives ~365 days; a wrong password is refused next to the e-mail field', async () => {
    const { context, page, problems } = await open();
    // An anonymous visitor asking for a protected page is sent to /login and brought back afterwards.
    await page.goto('/account/profile');
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/account/profile');
    await eventually(() => page.title()).toMatch(/^Sign in \| /);
    await page.getByRole('link', { name: 'Forgotten your password?' }).waitFor({ state: 'visible' });
    await eventually(() => page.getByRole('link', { name: 'Forgotten your password?' }).getAttribute('href')).toBe('/password/reset');
    // "Create an account" keeps the way back (issue 28).
    await eventually(() => page.locator('a[data-register-link]').getAttribute('href')).toBe('/register?redirect=%2Faccount%2Fprofile');

    await submitLogin(page, DEMO_CUSTOMER.email, 'not-the-password');
    await fieldError(page, 'email').getByText(BAD_CREDENTIALS).waitFor({ state: 'visible' });
    await eventually(() => sessionCookie(context)).toBeUndefined();

    await loginForm(page).getByLabel('Password', { exact: true }).fill(DEMO_CUSTOMER.password);
    await loginForm(page).getByLabel('Remember me').check();
    const before = Date.now() / 1000;
    await loginForm(page).getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/account/profile');
    await expectSignedIn(page);
    await page.locator('form[data-form="profile"]').waitFor({ state: 'visible' });

    const cookie = await sessionCookie(context);
    expect(cookie).toBeDefined();
    const lifetimeDays = (cookie!.expires - before) / DAY_S;
    expect(lifetimeDays).toBeGreaterThan(364);
    expect(lifetimeDays).toBeLessThan(366);
    expect(cookie!.httpOnly).toBe(true);

    expect(problems.unexpected([failedResource(422, '/api/login')])).toEqual([]);
  }, JOURNEY_TIMEOUT);

  it('login without "Remember me": a session cookie (no expiry); an off-site ?redirect= is ignored', async () => {
    const { context, page, problems } = await open();
    await page.goto('/login?redirect=//evil.example/steal');
    await submitLogin(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    await page.waitForURL((url) => url.origin === shop.server.url && url.pathname === '/account');
    await expectSignedIn(page);
    const cookie = await sessionCookie(context);
    expect(cookie).toBeDefined();
    expect(cookie!.expires).toBe(-1);
    expect(problems.unexpected()).toEqual([]);
  }, JOURNEY_TIMEOUT);

  it('guards: anonymous → /login for /account and /admin, on the server and on client-side navigation', async () => {
    const { page, problems } = await open();
    const documents: Request[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request);
    });

    // First render: the server answers 302; the admin portal (client-only) is guarded on the server too.
    for (const [target, redirect] of [
      ['/admin', '/admin'],
      ['/admin/users', '/admin/users'],
      ['/account', '/account'],
    ] as const) {
      const response = await page.goto(target);
      await eventually(() => new URL(page.url()).pathname).toBe('/login');
      await eventually(() => new URL(page.url()).searchParams.get('redirect')).toBe(redirect);
      const first = response!.request().redirectedFrom();
      expect(first && new URL(first.url()).pathname).toBe(target);
      expect((await first!.response())?.status()).toBe(302);
    }
    await eventually(() => page.locator('[data-layout="admin"]').count()).toBe(0);

    // Client-side navigation: the top bar's "Sign-In" (→ /account) is routed in the browser; the guard still
    // sends the visitor to /login, without a new document.
    await page.goto('/');
    await hydrated(page);
    documents.length = 0;
    await topBar(page).getByRole('link', { name: 'Sign-In' }).click();
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/account');
    await loginForm(page).waitFor({ state: 'visible' });
    expect(documents).toEqual([]);
    expect(problems.unexpected()).toEqual([]);
  }, JOURNEY_TIMEOUT);

  it('guards: a signed-in customer going to /login or /register lands on /; going to /admin lands on /login', async () => {
    const { page, problems } = await open();
    await signIn(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);

    for (const target of ['/login', '/register']) {
      await page.goto(target);
      await eventually(() => ({ target, landed: new URL(page.url()).pathname })).toEqual({ target, landed: '/' });
    }
    // The home page's widgets carry no "Edit" link for a customer.
    await page.locator('section[data-widget="home-intro"]').waitFor({ state: 'visible' });
    await eventually(() => page.locator('a[data-widget-edit]').count()).toBe(0);

    // Client-side navigation to the (client-only) portal: the guard answers the page-context request on the
    // server, and the browser router follows its redirect without loading a new document.
    const documents: Request[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request);
    });
    await hydrated(page);
    await page.evaluate(() => {
      const link = document.createElement('a');
      link.href = '/admin/users';
      link.textContent = 'Portal';
      link.id = 'injected-admin-link';
      document.querySelector('main')!.append(link);
    });
    await page.locator('#injected-admin-link').click();
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/admin/users');
    await page.getByText('cannot open the Administration Portal').waitFor({ state: 'visible' });
    expect(documents).toEqual([]);
    await eventually(() => page.locator('[data-layout="admin"]').count()).toBe(0);

    // First render of the portal: the server answers 302 to /login.
    await page.goto('/admin');
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/admin');
    await eventually(() => page.locator('[data-layout="admin"]').count()).toBe(0);
    await page.getByText('cannot open the Administration Portal').waitFor({ state: 'visible' });

    // There, an administrator can sign in instead, and is taken to the portal.
    await submitLogin(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.locator('[data-layout="admin"]').getByText('Administration Portal', { exact: true }).waitFor({ state: 'visible' });
    expect(problems.unexpected()).toEqual([]);
  }, JOURNEY_TIMEOUT);

  it('an administrator sees the widgets\' "Edit" links and the portal; signing out of the portal lands on /login', async () => {
    const { context, page, problems } = await open();
    // Staff land in the portal (issue 28), not on /account.
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password, { remember: true, landOn: '/admin' });
    // Admin sessions last 12 hours whatever "Remember me" says (docs/api/identity.md).
    const cookie = await sessionCookie(context);
    expect(cookie).toBeDefined();
    if (cookie!.expires !== -1) expect(cookie!.expires - Date.now() / 1000).toBeLessThanOrEqual(12 * 3600 + 60);

    await page.goto('/');
    await hydrated(page);
    await expectSignedIn(page);
    const edit = page.locator('section[data-widget="home-intro"] a[data-widget-edit]');
    await edit.waitFor({ state: 'visible' });
    await eventually(() => edit.getAttribute('href')).toMatch(/^\/admin\/widgets\/\d+$/);

    await page.goto('/admin');
    await hydrated(page);
    await page.locator('[data-layout="admin"]').waitFor({ state: 'visible' });
    await page.locator('[data-admin-sign-out]').click();
    await page.waitForURL((url) => url.pathname === '/login');
    await expectAnonymous(page);
    await eventually(() => sessionCookie(context)).toBeUndefined();
    expect(problems.unexpected()).toEqual([]);
  }, JOURNEY_TIMEOUT);

  it('forgotten password: request → e-mail with the link → set a new password → sign in with it; the link works once', async () => {
    const email = uniqueEmail('reset');
    await registerByApi(shop.server.url, { email });
    const { page, problems } = await open();

    await page.goto('/login');
    await hydrated(page);
    await page.getByRole('link', { name: 'Forgotten your password?' }).click();
    await page.waitForURL((url) => url.pathname === '/password/reset');
    const requestForm = page.locator('form[data-form="password-email"]');
    await requestForm.waitFor({ state: 'visible' });
    // (Client-side navigation: the title follows the rendered page.)
    await eventually(() => page.title()).toMatch(/^Reset your password \| /);
    await expectNoSeriousA11yViolations(page, 'password reset request');
    await requestForm.getByLabel('E-mail address').fill(email);
    await watchVisibility(page, '[data-notice="success"]');
    await requestForm.getByRole('button', { name: 'Send the link' }).click();
    const notice = page.locator('[data-notice="success"]');
    await notice.getByText(RESET_REQUESTED).waitFor({ state: 'visible' });
    // Seed §9: a notification hides itself after 5000 ms.
    const times = await noticeTimes(page);
    expect(times.hidden - times.shown).toBeGreaterThanOrEqual(4900);
    expect(times.hidden - times.shown).toBeLessThan(7000);

    // The same answer for an address without an account.
    await requestForm.getByLabel('E-mail address').fill(uniqueEmail('nobody'));
    await requestForm.getByRole('button', { name: 'Send the link' }).click();
    await page.locator('[data-notice="success"]').getByText(RESET_REQUESTED).waitFor({ state: 'visible' });

    const mail = await waitForMail(shop.server.url, email, 'Reset your password');
    const match = /https?:\/\/[^/\s]+(\/password\/reset\/[^\s?]+\?email=[^\s]+)/.exec(mail.text);
    expect(match).not.toBeNull();
    const link = match![1]!;

    await page.goto(link);
    await hydrated(page);
    const resetForm = page.locator('form[data-form="password-reset"]');
    await eventually(() => resetForm.getByLabel('E-mail address').inputValue()).toBe(email); // pre-filled from ?email=
    const newPassword = 'Gooseberry-Viaduct-Harbour-77';
    await resetForm.getByLabel('New password', { exact: true }).fill(newPassword);
    await resetForm.getByLabel('Confirm new password').fill(newPassword);
    await resetForm.getByRole('button', { name: 'Reset password' }).click();
    await page.locator('[data-notice="success"]').getByText('Your password has been reset').waitFor({ state: 'visible' });
    await page.getByRole('link', { name: 'Sign in with your new password' }).click();
    await page.waitForURL((url) => url.pathname === '/login');

    // The old password no longer works; the new one does.
    await submitLogin(page, email, GOOD_PASSWORD);
    await fieldError(page, 'email').getByText(BAD_CREDENTIALS).waitFor({ state: 'visible' });
    await loginForm(page).getByLabel('Password', { exact: true }).fill(newPassword);
    await loginForm(page).getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/account');
    await expectSignedIn(page);

    // A used link is refused, and the reason (it has no field of its own) is in the summary.
    const { page: again, problems: againProblems } = await open();
    await again.goto(link);
    await hydrated(again);
    const form = again.locator('form[data-form="password-reset"]');
    await form.getByLabel('New password', { exact: true }).fill('Another-Quite-Long-Phrase-9');
    await form.getByLabel('Confirm new password').fill('Another-Quite-Long-Phrase-9');
    await form.getByRole('button', { name: 'Reset password' }).click();
    await again.locator('[data-error-summary]').getByText('This password reset link is invalid or has expired.').waitFor({ state: 'visible' });

    expect(problems.unexpected([failedResource(422, '/api/login')])).toEqual([]);
    expect(againProblems.unexpected([failedResource(422, '/api/password/reset')])).toEqual([]);
  }, JOURNEY_TIMEOUT);

  it('account: sessions listed and revocable; profile and password forms show field errors and success notices', async () => {
    const email = uniqueEmail('account');
    await registerByApi(shop.server.url, { email, first_name: 'Sam', last_name: 'Jones' });
    const { page, problems } = await open();
    await signIn(page, email, GOOD_PASSWORD);

    // Overview: the links of the account area, and this session marked as the current one.
    const overview = page.locator('[data-page="account"]');
    for (const [name, href] of [
      ['Profile', '/account/profile'],
      ['Password', '/account/password'],
      ['Orders', '/account/orders'],
      ['Downloads', '/account/downloads'],
      ['Previews', '/account/previews'],
    ] as const) {
      await eventually(() => overview.locator(`a[data-account-section="${name}"]`).getAttribute('href')).toBe(href);
    }
    const rows = page.locator('[data-sessions] tbody tr');
    await eventually(() => rows.count()).toBe(1);
    await rows.first().getByText('This device').waitFor({ state: 'visible' });
    await eventually(() => rows.first().getByRole('button', { name: /Sign out/ }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page, 'account');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'account-1280x900.png'), fullPage: true });

    // Profile (reached through the account menu, client-side).
    await page.getByRole('navigation', { name: 'Account pages' }).getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL((url) => url.pathname === '/account/profile');
    const form = page.locator('form[data-form="profile"]');
    await form.waitFor({ state: 'visible' });
    await hydrated(page);
    await eventually(() => form.getByLabel('First name').inputValue()).toBe('Sam');
    await form.getByLabel('Job title (optional)').fill('Health and Safety Manager');
    await form.getByLabel('Phone number (optional)').fill('0113 496 0000');
    const billing = form.locator('[data-group="billing_address"]');
    await billing.getByLabel('Address line 1').fill('1 Canal Wharf');
    await billing.getByLabel('Town or city').fill('Leeds');
    await billing.getByLabel('Postcode').fill('NOT A CODE');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await fieldError(page, 'billing_address.postcode').getByText('Enter a UK postcode').waitFor({ state: 'visible' });
    await eventually(() => billing.getByLabel('Postcode').getAttribute('aria-invalid')).toBe('true');
    // The summary links to the field, named with its fieldset; the delivery address (the same one) is not told twice.
    await eventually(() => page.locator('[data-error-summary] li').allInnerTexts()).toEqual([expect.stringMatching(/^Billing address, postcode: Enter a UK postcode/)]);
    await eventually(() => page.locator('[data-error-summary] a').getAttribute('href')).toBe('#profile-billing-address-postcode');
    await expectNoSeriousA11yViolations(page, 'account-profile-errors');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'account-profile-errors-1280x900.png'), fullPage: true });

    await billing.getByLabel('Postcode').fill('ls10 1ab');
    await form.getByLabel('Send me news about new training material and offers').check();
    await watchVisibility(page, '[data-notice="success"]');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await page.locator('[data-notice="success"]').getByText('Your details have been saved.').waitFor({ state: 'visible' });
    await eventually(() => billing.getByLabel('Postcode').inputValue()).toBe('LS10 1AB'); // as the server stored it
    const times = await noticeTimes(page);
    expect(times.hidden - times.shown).toBeGreaterThanOrEqual(4900);

    await page.reload();
    await hydrated(page);
    await eventually(() => form.getByLabel('Job title (optional)').inputValue()).toBe('Health and Safety Manager');
    await eventually(() => billing.getByLabel('Town or city').inputValue()).toBe('Leeds');
    await eventually(() => form.getByLabel('Send me news about new training material and offers').isChecked()).toBe(true);

    // A new e-mail needs the current password: its field appears, and the server's reason shows next to it.
    const newEmail = uniqueEmail('moved');
    await eventually(() => form.getByLabel('Current password').count()).toBe(0);
    await form.getByLabel('E-mail address').fill(newEmail);
    await form.getByLabel('Current password').fill('wrong-password');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await fieldError(page, 'current_password').waitFor({ state: 'visible' });
    await form.getByLabel('Current password').fill(GOOD_PASSWORD);
    await form.getByRole('button', { name: 'Save changes' }).click();
    // The new address is unverified until the link mailed to it is followed (ADR 0033): the notice says where it went.
    await page.locator('[data-notice="success"]').getByText(`Your details have been saved. We have e-mailed a link to ${newEmail} to confirm the new address.`).waitFor({ state: 'visible' });
    await eventually(() => form.getByLabel('Current password').count()).toBe(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSeriousA11yViolations(page, 'account-profile');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'account-profile-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Password.
    await page.goto('/account/password');
    await hydrated(page);
    const passwordForm = page.locator('form[data-form="password"]');
    await passwordForm.getByLabel('Current password').fill('wrong-password');
    await passwordForm.getByLabel('New password', { exact: true }).fill('Rhubarb-Telescope-Meadow-31');
    await passwordForm.getByLabel('Confirm new password').fill('Rhubarb-Telescope-Meadow-31');
    await passwordForm.getByRole('button', { name: 'Change password' }).click();
    await fieldError(page, 'current_password').getByText('The current password is incorrect.').waitFor({ state: 'visible' });
    await expectNoSeriousA11yViolations(page, 'account-password-errors');
    await passwordForm.getByLabel('Current password').fill(GOOD_PASSWORD);
    await passwordForm.getByRole('button', { name: 'Change password' }).click();
    await page.locator('[data-notice="success"]').waitFor({ state: 'visible' });
    await eventually(() => passwordForm.getByLabel('Current password').inputValue()).toBe('');
    // Still signed in (only the other sessions end).
    await page.goto('/account');
    await expectSignedIn(page);

    expect(problems.unexpected([failedResource(422, '/api/user/profile'), failedResource(422, '/api/user/password')])).toEqual([]);
  }, JOURNEY_TIMEOUT);

  it('"Auth Token Expired": a session revoked from another browser → the next API call warns, then signs out to /login', async () => {
    const email = uniqueEmail('revoked');
    await registerByApi(shop.server.url, { email });
    const first = await open();
    await signIn(first.page, email, GOOD_PASSWORD);
    await first.page.goto('/account/password');
    await hydrated(first.page);

    // The same customer on another device signs the first one out from /account.
    const second = await open(PHONE);
    await signIn(second.page, email, GOOD_PASSWORD);
    const rows = second.page.locator('[data-sessions] tbody tr');
    await eventually(() => rows.count()).toBe(2);
    const other = second.page.locator('[data-sessions] tbody tr:not([data-current-session])');
    await other.getByRole('button', { name: /^Sign out/ }).click();
    await second.page.locator('[data-notice="success"]').getByText('has been signed out').waitFor({ state: 'visible' });
    await eventually(() => rows.count()).toBe(1);
    await expectNoSeriousA11yViolations(second.page, 'account');
    await second.page.screenshot({ path: path.join(SCREENSHOTS, 'account-360x740.png'), fullPage: true });
    await eventually(() => second.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // The first browser still shows its page; its next API call is answered 401.
    const { page, problems } = first;
    const dialog = page.getByRole('dialog', { name: 'Warning' });
    await eventually(() => dialog.isVisible()).toBe(false);
    const form = page.locator('form[data-form="password"]');
    await form.getByLabel('Current password').fill(GOOD_PASSWORD);
    await form.getByLabel('New password', { exact: true }).fill('Parsnip-Lantern-Orchard-58');
    await form.getByLabel('Confirm new password').fill('Parsnip-Lantern-Orchard-58');
    await form.getByRole('button', { name: 'Change password' }).click();
    await dialog.waitFor({ state: 'visible' });
    await dialog.getByText('Auth Token Expired').waitFor({ state: 'visible' });
    const ok = dialog.getByRole('button', { name: 'OK' });
    await eventually(() => ok.evaluate((button) => button === document.activeElement)).toBe(true);
    await eventually(() => page.getByRole('dialog', { name: 'Error 500' }).isVisible()).toBe(false);

    const logout = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/logout' && request.method() === 'POST');
    await ok.click();
    expect(await (await logout).headerValue('x-xsrf-token')).toBeTruthy();
    await page.waitForURL((url) => url.pathname === '/login');
    await expectAnonymous(page);

    expect(problems.unexpected([failedResource(401, '/api/user/password')])).toEqual([]);
    expect(second.problems.unexpected()).toEqual([]);
  }, JOURNEY_TIMEOUT);

  it('a guest\'s 401 is not "Auth Token Expired"; ?oauth_error= with foreign text shows only the generic notice', async () => {
    const { page, problems } = await open();
    await page.goto('/login?oauth_error=%3Cb%3EVisit%20evil.example%3C%2Fb%3E');
    await hydrated(page);
    // Anyone can write the query: its text is never shown as it is.
    const notice = page.locator('[data-notice="error"]');
    await notice.getByText('We could not sign you in with that provider.').waitFor({ state: 'visible' });
    await expectNoSeriousA11yViolations(page, 'login: provider error notice');
    await eventually(() => notice.textContent()).not.toContain('evil.example');

    const status = await page.evaluate(async () => (await fetch('/api/user', { headers: { accept: 'application/json' } })).status);
    expect(status).toBe(401);
    // The app's client would have raised its dialog while handling that response; two animation frames later React has
    // committed whatever it rendered (a state to wait for, not a guessed pause).
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await eventually(() => page.getByRole('dialog', { name: 'Warning' }).isVisible()).toBe(false);
    expect(problems.unexpected([failedResource(401, '/api/user')])).toEqual([]);
  }, JOURNEY_TIMEOUT);

  it('OAuth: the provider\'s button sends the browser to a real OpenID Connect provider and back, signed in on /account', async () => {
    const { page, problems } = await open();
    // The provider's development pages import a web font; keep the journey off the internet.
    await page.route('https://fonts.googleapis.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/css', body: '' }));
    const starts: Request[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/oauth/oidc') starts.push(request);
    });

    await page.goto('/login');
    await hydrated(page);
    const button = page.locator('[data-oauth-providers]').getByRole('button', { name: `Sign in with ${OIDC_NAME}` });
    await button.click();
    await page.waitForURL((url) => url.origin === oidcPeer.issuer);
    expect(starts).toHaveLength(1);
    expect(starts[0]!.method()).toBe('POST');

    const login = `olivia${Date.now().toString(36)}`;
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click(); // consent

    await page.waitForURL((url) => url.origin === shop.server.url && url.pathname === '/account');
    await expectSignedIn(page);
    await page.locator('[data-account-greeting]').getByText(`${OIDC_GIVEN_NAME} ${OIDC_FAMILY_NAME}`).waitFor({ state: 'visible' });
    await eventually(() => page.locator('[data-account-greeting]').textContent()).toContain(oidcEmailFor(login));

    // Cancelling at the provider comes back to /login with the shop's own message.
    const { page: cancelled, problems: cancelledProblems } = await open();
    await cancelled.route('https://fonts.googleapis.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/css', body: '' }));
    await cancelled.goto('/login');
    await hydrated(cancelled);
    await cancelled.locator('[data-oauth-providers]').getByRole('button', { name: `Sign in with ${OIDC_NAME}` }).click();
    await cancelled.waitForURL((url) => url.origin === oidcPeer.issuer);
    await cancelled.getByRole('link', { name: '[ Cancel ]' }).click();
    await cancelled.waitForURL((url) => url.origin === shop.server.url && url.pathname === '/login');
    await cancelled.locator('[data-notice="error"]').getByText(`Signing in with ${OIDC_NAME} did not work. Please try again.`).waitFor({ state: 'visible' });
    await expectAnonymous(cancelled);

    // Only the shop's own pages are judged (the provider's development pages are not ours).
    const ours = (line: string) => !line.includes(oidcPeer.issuer);
    expect(problems.unexpected().filter(ours)).toEqual([]);
    expect(cancelledProblems.unexpected().filter(ours)).toEqual([]);
  }, JOURNEY_TIMEOUT);

  it('OAuth onto an account whose address is unproven: a clear refusal on /login; signed in with the password, "Connect" links it', async () => {
    // Someone registered the provider account's address with a password and never followed the verification link.
    const login = `unproven${Date.now().toString(36)}`;
    await registerByApi(shop.server.url, { email: oidcEmailFor(login) });
    const refusal = `An account with this e-mail address already exists. Sign in with your password, then connect ${OIDC_NAME} from your account page.`;

    const { page, problems } = await open();
    await page.route('https://fonts.googleapis.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/css', body: '' }));
    await page.goto('/login');
    await hydrated(page);
    await page.locator('[data-oauth-providers]').getByRole('button', { name: `Sign in with ${OIDC_NAME}` }).click();
    await page.waitForURL((url) => url.origin === oidcPeer.issuer);
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click(); // consent
    await page.waitForURL((url) => url.origin === shop.server.url && url.pathname === '/login');
    await page.locator('[data-notice="error"]').getByText(refusal).waitFor({ state: 'visible' });
    await expectAnonymous(page);

    // The person does what the notice says: signs in with the password, then connects the provider.
    await submitLogin(page, oidcEmailFor(login), GOOD_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/account');
    await page.locator('[data-email-verification="unverified"]').getByText('Not verified yet.').waitFor({ state: 'visible' });
    await hydrated(page);
    await page.locator('[data-connected-providers]').getByRole('button', { name: `Connect ${OIDC_NAME}` }).click();
    // The provider remembers this browser's sign-in; it may still ask for consent.
    const connected = (url: URL) => url.origin === shop.server.url && url.searchParams.get('connected') === 'oidc';
    await page.waitForURL((url) => connected(url) || (url.origin === oidcPeer.issuer && url.pathname.startsWith('/interaction/')));
    if (new URL(page.url()).origin === oidcPeer.issuer) await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.origin === shop.server.url && url.pathname === '/account' && url.searchParams.get('connected') === 'oidc');
    await page.locator('[data-connected-providers] [data-notice="success"]').getByText(`${OIDC_NAME} is now connected: you can sign in with it.`).waitFor({ state: 'visible' });
    await page.locator('[data-provider="oidc"]').getByText('Connected').waitFor({ state: 'visible' });

    // The e-mailed link: opening it only offers the button (mail scanners open links too); the button verifies.
    const mail = await waitForMail(shop.server.url, oidcEmailFor(login), 'Confirm your e-mail address');
    const link = new URL(/https?:\/\/\S+\/verify-email\?token=[\w-]+/.exec(mail.text)![0]);
    await page.goto(link.pathname + link.search);
    await hydrated(page);
    await page.getByText(`Confirm that ${oidcEmailFor(login)} is your e-mail address.`).waitFor({ state: 'visible' });
    await page.getByRole('button', { name: 'Confirm my e-mail address' }).click();
    await page.locator('[data-notice="success"]').getByText(`Thank you: ${oidcEmailFor(login)} is verified.`).waitFor({ state: 'visible' });
    await page.getByRole('link', { name: 'Go to your account' }).click();
    await page.locator('[data-email-verification="verified"]').getByText('Verified').waitFor({ state: 'visible' });

    const ours = (line: string) => !line.includes(oidcPeer.issuer);
    expect(problems.unexpected().filter(ours)).toEqual([]);
  }, JOURNEY_TIMEOUT);

  // Last: it uses up the sign-in attempts of the demo customer's address for a minute.
  it('too many failed sign-ins: the server\'s 429 message is shown', async () => {
    const { page, problems } = await open();
    await page.goto('/login');
    for (let attempt = 1; attempt <= 5; attempt++) {
      await submitLogin(page, DEMO_CUSTOMER.email, `wrong-${attempt}`);
      await fieldError(page, 'email').getByText(BAD_CREDENTIALS).waitFor({ state: 'visible' });
      await eventually(() => loginForm(page).getByRole('button', { name: 'Sign in' }).isEnabled()).toBe(true); // ready again
    }
    await submitLogin(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    await page.locator('[data-error-summary] [data-error-message]').getByText(/^Too many sign-in attempts\. Please try again in \d+ seconds\.$/).waitFor({ state: 'visible' });
    await expectNoSeriousA11yViolations(page, 'login: too many attempts');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(problems.unexpected([failedResource(422, '/api/login'), failedResource(429, '/api/login')])).toEqual([]);
  }, JOURNEY_TIMEOUT);
});
