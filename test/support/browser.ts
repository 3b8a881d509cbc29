import { existsSync } from 'node:fs';
import { chromium, type Browser, type ConsoleMessage, type Page } from 'playwright-core';

/**
 * Debian's Chromium driven by playwright-core (no downloaded browser). A missing Chromium is a test
 * failure, never a skip: scripts/test.sh decides whether to run the browser project at all.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium was not found at ${CHROMIUM_PATH}: install it (apt-get install chromium) or set CHROMIUM_PATH.`);
  }
  // chromium.launch gives every browser a fresh, temporary profile that it deletes on close.
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface PageProblems {
  /** Console errors, uncaught exceptions and Content-Security-Policy violations, in order. */
  readonly all: string[];
  /** The problems not matched by any of `allowed` (e.g. the console line for an expected 404). */
  unexpected(allowed?: RegExp[]): string[];
  clear(): void;
}

/**
 * Collects everything that should never happen on a healthy page: console errors, uncaught
 * exceptions, and CSP violations (reported by the browser both on the console and through the
 * `securitypolicyviolation` event, which an init script forwards here).
 */
export async function watchProblems(page: Page): Promise<PageProblems> {
  const all: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || /Content.Security.Policy/i.test(message.text())) {
      const where = message.location().url;
      all.push(`console.${message.type()}: ${message.text()}${where ? ` (${where})` : ''}`);
    }
  });
  page.on('pageerror', (error) => all.push(`pageerror: ${error.stack ?? error.message}`));
  page.on('crash', () => all.push('page crashed'));
  await page.exposeBinding('__reportCspViolation', (_source, report: string) => {
    all.push(`CSP violation: ${report}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = `${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`;
      (window as unknown as { __reportCspViolation(report: string): void }).__reportCspViolation(report);
    });
  });
  return {
    all,
    unexpected: (allowed = []) => all.filter((line) => !allowed.some((re) => re.test(line))),
    clear: () => {
      all.length = 0;
    },
  };
}
