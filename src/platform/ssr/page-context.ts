import type { BasketService } from '../../modules/basket/index.js';
import type { CatalogueService, PreviewService, ProductViewService } from '../../modules/catalogue/index.js';
import type { BlogService, NewsletterService, SeoService, WidgetService } from '../../modules/content/index.js';
import type { AccountService, OAuthProviderView } from '../../modules/identity/index.js';
import type { CheckoutService, OrderService } from '../../modules/orders/index.js';
import type { Viewer } from '../../shared/viewer.js';

/**
 * The application services that page data loaders (`+data.ts`) may call, in-process. The SSR
 * controller hands this object to Vike as `pageContext.services`; it never reaches the browser.
 */
export interface PageServices {
  widgets: Pick<WidgetService, 'getBlocks'>;
  seo: Pick<SeoService, 'findForPath'>;
  blog: Pick<BlogService, 'listPublished' | 'findPublished'>;
  account: Pick<AccountService, 'getProfile' | 'listSessions'>;
  oauth: { providers(): OAuthProviderView[] };
  /** Read-only: the unsubscribe page's GET never changes state (the button POSTs to the API). */
  newsletter: Pick<NewsletterService, 'describeUnsubscribeLink'>;
  catalogue: Pick<CatalogueService, 'listCategories' | 'findCategory' | 'listBrands' | 'listProducts' | 'featured' | 'cards' | 'findProduct'>;
  productViews: Pick<ProductViewService, 'record' | 'popularIds'>;
  previews: Pick<PreviewService, 'listForCustomer' | 'findForCustomer'>;
  /** The visitor's basket (the shell's total, /basket); the guest token comes from the basket's own cookie. */
  basket: Pick<BasketService, 'get'> & { guestToken(cookies: Record<string, string | undefined>): string | null };
  /** The checkout page's offer (GET /api/checkout's JSON); placing the order is the API's. */
  checkout: Pick<CheckoutService, 'describe'>;
  /** A customer's own order (NotFound for anybody else's): /complete, /cancelled, /account/orders. */
  orders: Pick<OrderService, 'findForCustomer' | 'listForCustomer'>;
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
  /** The shop's public address (PUBLIC_URL), for canonical and share URLs. */
  publicUrl: string;
  /** The SEO entry for this page's path, when staff wrote one: it wins over the page's own defaults. */
  seo: { title: string; description: string; canonical_url: string | null; share_image: string | null } | null;
}

/** Server-only: whose basket this request sees (the guest token never reaches the client). */
export interface PageBasketVisitor {
  userId: number | null;
  guestToken: string | null;
}

/** Server-only: the signed-in viewer of this request (null when anonymous). Not passed to the client. */
export type PageViewer = Viewer | null;
