import { SHOP_NAME } from './shop.js';
import type { Environment } from './environment.js';

/** A social page of the company's, named after its site (LinkedIn, Facebook, X, YouTube, …). */
export interface SocialLink {
  href: string;
  label: string;
}

const SOCIAL_SITES: ReadonlyArray<[RegExp, string]> = [
  [/(^|\.)linkedin\.com$/, 'LinkedIn'],
  [/(^|\.)facebook\.com$/, 'Facebook'],
  [/(^|\.)(x|twitter)\.com$/, 'X'],
  [/(^|\.)youtube\.com$/, 'YouTube'],
  [/(^|\.)instagram\.com$/, 'Instagram'],
  [/(^|\.)tiktok\.com$/, 'TikTok'],
];

/**
 * The company behind the shop, in one place (issue 13): the footer, the contact page, the Organization
 * structured data, the VAT invoices and the e-mails all read it, so a real company launches by setting the
 * SELLER_* variables. Nothing here is secret: it is printed on every invoice.
 */
/** product.md "Pay on account": invoices are due 30 days after they are issued (invoices, e-mails, the dashboard). */
export const PAYMENT_TERMS_DAYS = 30;

/**
 * The address customers are asked to write to when none of SELLER_EMAIL, ENQUIRIES_TO and MAIL_FROM is set: a demo
 * value like the other SELLER_* ones (issue 28: never "write to no-reply@localhost", which nobody reads).
 */
export const DEMO_SELLER_EMAIL = 'orders@hstrainingdirect.example';

export class CompanyDetails {
  /** The trading name the storefront shows (seed: page titles come from it). */
  readonly tradingName: string = SHOP_NAME;
  /** The legal name on invoices (`… Ltd`). */
  readonly legalName!: string;
  readonly addressLines!: readonly string[];
  readonly country: string = 'United Kingdom';
  readonly vatNumber!: string;
  readonly companyNumber!: string;
  /** As shown: `01234 567890`. */
  readonly phone!: string;
  /** For `tel:` links: `+441234567890`. */
  readonly phoneE164!: string;
  readonly email!: string;
  readonly socialLinks!: readonly SocialLink[];
  readonly bankDetails!: string;
  readonly paymentTermsDays: number = PAYMENT_TERMS_DAYS;

  constructor(fields: Omit<CompanyDetails, 'tradingName' | 'country' | 'paymentTermsDays' | 'vatNumberDisplay'>) {
    Object.assign(this, fields);
  }

  /** `GB 123 4567 89`, the way HMRC prints it. */
  get vatNumberDisplay(): string {
    const digits = this.vatNumber.slice(2);
    return digits.length === 9 ? `GB ${digits.slice(0, 3)} ${digits.slice(3, 7)} ${digits.slice(7)}` : this.vatNumber;
  }
}

export function companyDetailsFrom(env: Environment): CompanyDetails {
  const addressLines = env.SELLER_ADDRESS.split(/\s*[,\n]\s*/).map((line) => line.trim()).filter(Boolean);
  const email = env.SELLER_EMAIL ?? env.ENQUIRIES_TO ?? (env.MAIL_FROM ? addressIn(env.MAIL_FROM) : DEMO_SELLER_EMAIL);
  return new CompanyDetails({
    legalName: env.SELLER_NAME,
    addressLines,
    vatNumber: env.SELLER_VAT_NUMBER,
    companyNumber: env.SELLER_COMPANY_NUMBER,
    phone: env.SELLER_PHONE,
    phoneE164: ukPhoneE164(env.SELLER_PHONE),
    email,
    socialLinks: env.SELLER_SOCIAL_LINKS.split(',').map((href) => href.trim()).filter(Boolean).map(socialLink),
    bankDetails: env.SELLER_BANK_DETAILS,
  });
}

/** `Name <a@b>` → `a@b`; a bare address as it is. */
function addressIn(mailbox: string): string {
  return (/<([^>]+)>/.exec(mailbox)?.[1] ?? mailbox).trim();
}

/** `01234 567890` → `+441234567890`; a number already in international form keeps its country code. */
export function ukPhoneE164(display: string): string {
  const digits = display.replace(/[^\d+]/g, '');
  if (digits.startsWith('+')) return digits;
  if (digits.startsWith('00')) return `+${digits.slice(2)}`;
  return digits.startsWith('0') ? `+44${digits.slice(1)}` : `+44${digits}`;
}

function socialLink(href: string): SocialLink {
  const host = new URL(href).hostname.toLowerCase();
  const site = SOCIAL_SITES.find(([pattern]) => pattern.test(host));
  return { href, label: site?.[1] ?? host.replace(/^www\./, '') };
}
