// Types of the part of web-vitals.mjs that its browser test uses (test/browser/bench-browser.browser-spec.ts).
import type { CdpBrowser, CdpContext, CdpPage } from './cdp-browser.mjs';

export function launchChromium(): Promise<CdpBrowser>;
export function throttledPage(
  browser: CdpBrowser, shopUrl: string, token: string | null, withScripts: boolean, options?: { runtimeDomain?: boolean },
): Promise<{ context: CdpContext; page: CdpPage }>;
