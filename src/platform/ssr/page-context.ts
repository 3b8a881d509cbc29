import type { WidgetService } from '../../modules/content/index.js';
import type { AccountService, OAuthProviderView } from '../../modules/identity/index.js';
import type { Viewer } from '../../shared/viewer.js';

/**
 * The application services that page data loaders (`+data.ts`) may call, in-process. The SSR
 * controller hands this object to Vike as `pageContext.services`; it never reaches the browser.
 */
export interface PageServices {
  widgets: Pick<WidgetService, 'getBlocks'>;
  account: Pick<AccountService, 'getProfile' | 'listSessions'>;
  oauth: { providers(): OAuthProviderView[] };
}

/**
 * What every storefront page needs for its shell (top bar, header). Computed per request on the server
 * and passed to the client, so it must never hold anything secret.
 */
export interface ShellData {
  /** Display name of the application; the page title comes from it (seed). */
  appName: string;
  user: { first_name: string; last_name: string; email: string; role: 'customer' | 'admin' } | null;
  basket: { grand_total: string; items: number };
}

/** Server-only: the signed-in viewer of this request (null when anonymous). Not passed to the client. */
export type PageViewer = Viewer | null;
