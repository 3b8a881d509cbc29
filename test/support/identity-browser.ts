import type { BrowserContext, Cookie, Page } from 'playwright-core';
import { eventually } from './eventually.js';
import type { MailboxMessage } from './mailbox.js';

/** Helpers for the identity journeys in Chromium (test/browser/identity.browser-spec.ts). */

export const DEMO_ADMIN = { email: 'admin@example.com', password: 'demo-admin-password' } as const;
export const DEMO_CUSTOMER = { email: 'customer@example.com', password: 'demo-customer-password' } as const;
/** The demo buyer with account terms (pays on account against a PO). */
export const DEMO_COUNCIL = { email: 'council@example.com', password: 'demo-council-password' } as const;
/** Long, not in any breach list, and unrelated to the test users' names. */
export const GOOD_PASSWORD = 'Marmalade-Lighthouse-Quartz-42';
export const SESSION_COOKIE = 'shop_session';

let counter = 0;

/** A fresh e-mail address per call (the database lives as long as the test file). */
export function uniqueEmail(prefix = 'buyer'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.co.uk`;
}

/**
 * A distinct client address per browser context (sent as X-Forwarded-For to a server that trusts
 * 127.0.0.1 as its proxy), so that the per-client sign-in limits of one journey never reach another.
 */
let ipCounter = 0;
export function nextClientIp(): string {
  ipCounter += 1;
  return `198.51.100.${ipCounter % 250 + 1}`;
}

/** The console line Chromium writes for any response ≥ 400 (expected for a refused sign-in, an expired session…). */
export const failedResource = (status: number, url = '') =>
  new RegExp(`Failed to load resource: the server responded with a status of ${status}\\b.*\\(https?://[^/]+${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/** Hydrated and committed: the page loader's bar gets its width from a layout effect (never in server HTML). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const bar = document.querySelector<HTMLElement>('[data-page-loader] [role="progressbar"]');
    return bar !== null && bar.style.width !== '';
  });
}

export async function sessionCookie(context: BrowserContext): Promise<Cookie | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name === SESSION_COOKIE);
}

/** Waits for an e-mail in the development mailbox (`GET /api/dev/mailbox`, newest first). */
export async function waitForMail(baseUrl: string, to: string, subject: string): Promise<MailboxMessage> {
  const found = await eventually(async () => {
    const response = await fetch(`${baseUrl}/api/dev/mailbox?to=${encodeURIComponent(to)}`);
    if (!response.ok) throw new Error(`GET /api/dev/mailbox answered ${response.status}`);
    const messages = (await response.json()) as MailboxMessage[];
    return messages.find((message) => message.to.toLowerCase().includes(to.toLowerCase()) && message.subject === subject);
  }).toMatchObject({ subject });
  return found!;
}

/**
 * Registers a customer straight through the API, for journeys that need a fresh account. Registering signs
 * in; that session is ended at once (Bearer logout) so the account's session list starts empty.
 */
export async function registerByApi(baseUrl: string, input: { email: string; password?: string; first_name?: string; last_name?: string }): Promise<void> {
  const password = input.password ?? GOOD_PASSWORD;
  const response = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-forwarded-for': nextClientIp() },
    body: JSON.stringify({
      first_name: input.first_name ?? 'Robin',
      last_name: input.last_name ?? 'Tester',
      email: input.email,
      password,
      password_confirmation: password,
    }),
  });
  if (response.status !== 201) throw new Error(`POST /api/register answered ${response.status}: ${await response.text()}`);
  const { token } = (await response.json()) as { token: string };
  const logout = await fetch(`${baseUrl}/api/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  if (logout.status !== 204) throw new Error(`POST /api/logout answered ${logout.status}`);
}

/** Signs in through the /login form, as a person would, and waits for the page it lands on (staff: the portal, issue 28). */
export async function signInThroughForm(page: Page, credentials: { email: string; password: string }, { staff = credentials.email === DEMO_ADMIN.email } = {}): Promise<void> {
  // Staff land in the portal: the dashboard, or a role without one its first screen (ADR 0044).
  const landed = (pathname: string) => (staff ? pathname === '/admin' || pathname.startsWith('/admin/') : pathname === '/account');
  await page.goto('/login');
  await hydrated(page);
  const login = page.locator('form[data-form="login"]');
  await login.getByLabel('E-mail address').fill(credentials.email);
  await login.getByLabel('Password', { exact: true }).fill(credentials.password);
  await login.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => landed(url.pathname));
}
