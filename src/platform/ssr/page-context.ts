import type { SHOP_MODULES } from '../../modules/index.js';
import type { PageServicesOf } from '../shop-module.js';
import type { Viewer } from '../../shared/viewer.js';
import type { StaffRole } from '../../shared/contracts/staff.js';

/**
 * The application services that page data loaders (`+data.ts`) may call, in-process: each module's narrow
 * `*PageServices` (declared in its index.ts), merged. The SSR controller hands this object to Vike as
 * `pageContext.services`; it never reaches the browser.
 */
export type PageServices = PageServicesOf<typeof SHOP_MODULES>;

/**
 * What every storefront page needs for its shell (top bar, header). Computed per request on the server
 * and passed to the client, so it must never hold anything secret.
 */
export interface ShellData {
  /** Display name of the application; the page title comes from it (seed). */
  appName: string;
  /** `staff_role`: which parts of the portal an administrator reaches (ADR 0044); the portal's menu follows it. */
  user: { first_name: string; last_name: string; email: string; role: 'customer' | 'admin'; staff_role: StaffRole | null } | null;
  basket: { grand_total: string; items: number };
  /** The shop's public address (PUBLIC_URL), for canonical and share URLs. */
  publicUrl: string;
  /** The SEO entry for this page's path, when staff wrote one: it wins over the page's own defaults. */
  seo: { title: string; description: string; canonical_url: string | null; share_image: string | null } | null;
  /** The company's public details (SELLER_* settings): the footer, the contact page and the structured data. */
  company: ShellCompany;
  /**
   * The embedded test payment provider takes the payments (PAYMENT_PROVIDER=test, or no Stripe keys outside
   * production): every storefront page says that payments are simulated, so nobody mistakes the demo for a shop.
   */
  paymentsSimulated: boolean;
}

export interface ShellCompany {
  legal_name: string;
  address_lines: readonly string[];
  country: string;
  phone: string;
  phone_e164: string;
  email: string;
  vat_number: string;
  company_number: string;
  social_links: ReadonlyArray<{ href: string; label: string }>;
}

/** Server-only: whose basket this request sees (the guest token never reaches the client). */
export interface PageBasketVisitor {
  userId: number | null;
  guestToken: string | null;
}

/** Server-only: the signed-in viewer of this request (null when anonymous). Not passed to the client. */
export type PageViewer = Viewer | null;
