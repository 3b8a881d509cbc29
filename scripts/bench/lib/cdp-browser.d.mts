// Types of cdp-browser.mjs for its browser test (test/browser/bench-browser.browser-spec.ts).
export interface CdpPage {
  readonly targetId: string;
  send<T = Record<string, unknown>>(method: string, params?: Record<string, unknown>): Promise<T>;
  on<T = Record<string, unknown>>(event: string, handler: (params: T) => void): void;
  off<T = Record<string, unknown>>(event: string, handler: (params: T) => void): void;
  goto(url: string, options?: { timeoutMs?: number }): Promise<number | null>;
  evaluate<T>(fn: () => T): Promise<Awaited<T>>;
  screenshot(file: string): Promise<void>;
}
export interface CdpContext { readonly page: CdpPage; close(): Promise<void> }
export interface CdpBrowser {
  version(): string;
  newContext(options?: {
    screen?: { width: number; height: number; deviceScaleFactor: number }; userAgent?: string;
    cookies?: Array<Record<string, unknown>>; initScript?: (() => void) | null;
  }): Promise<CdpContext>;
  close(): Promise<void>;
}
export function launchCdpChromium(options: { executablePath: string; args?: string[] }): Promise<CdpBrowser>;
