import { defineEntity, p } from '@mikro-orm/core';
import type { StaffRole } from '../../../shared/contracts/staff.js';
import type { Role } from '../../../shared/viewer.js';

export interface PostalAddress {
  line1: string;
  line2: string | null;
  town: string;
  county: string | null;
  postcode: string;
  country: string;
}

/** A customer or a member of staff. E-mail is unique case-insensitively (a unique index on lower(email)). */
export class User {
  id!: number;
  email: string;
  /** argon2id; null for accounts created only through an OAuth provider. */
  passwordHash: string | null = null;
  firstName: string;
  lastName: string;
  companyName: string | null = null;
  jobTitle: string | null = null;
  phone: string | null = null;
  vatNumber: string | null = null;
  role: Role = 'customer';
  /**
   * Which parts of the portal this member of staff reaches (ADR 0044): set exactly when `role` is admin (a check
   * constraint holds the two together), so the seed's admin guard and the finer roles never disagree.
   */
  staffRole: StaffRole | null = null;
  billingAddress: PostalAddress | null = null;
  deliveryAddress: PostalAddress | null = null;
  marketingConsent = false;
  marketingConsentAt: Date | null = null;
  /** Staff trust this customer to pay on account: "invoice" at checkout (with a PO), paid later by BACS. */
  accountTerms = false;
  createdAt: Date = new Date();
  updatedAt: Date = new Date();
  lastLoginAt: Date | null = null;
  /**
   * When the shop last saw proof that the holder controls `email` (ADR 0033): the e-mailed link, a password
   * reset, or a provider's verified claim for a new account. Null until then, and again after the address changes.
   * Only a verified account may be linked to a provider account by its e-mail.
   */
  emailVerifiedAt: Date | null = null;

  constructor(input: { email: string; firstName: string; lastName: string; role?: Role; staffRole?: StaffRole | null }) {
    this.email = normaliseEmail(input.email);
    this.firstName = input.firstName;
    this.lastName = input.lastName;
    if (input.staffRole) this.makeStaff(input.staffRole);
    else if (input.role === 'admin') this.makeStaff('admin');
  }

  /** Into the portal with this staff role (an administrator of everything unless said otherwise). */
  makeStaff(staffRole: StaffRole): void {
    this.role = 'admin';
    this.staffRole = staffRole;
  }

  /** Out of the portal: a customer again, with no staff role. */
  makeCustomer(): void {
    this.role = 'customer';
    this.staffRole = null;
  }

  /** Consent is recorded with its time (UK GDPR / PECR); withdrawing clears the time. */
  setMarketingConsent(consent: boolean, now: Date): void {
    if (consent === this.marketingConsent) return;
    this.marketingConsent = consent;
    this.marketingConsentAt = consent ? now : null;
  }

  get emailVerified(): boolean {
    return this.emailVerifiedAt !== null;
  }

  /** Keeps the first proof's time: a later link or reset proves nothing new. */
  markEmailVerified(now: Date): void {
    this.emailVerifiedAt ??= now;
  }

  /** A new address is unproven until its holder follows the link sent to it. */
  changeEmail(email: string): void {
    const normalised = normaliseEmail(email);
    if (normalised === this.email) return;
    this.email = normalised;
    this.emailVerifiedAt = null;
  }
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const UserSchema = defineEntity({
  class: User,
  tableName: 'users',
  properties: {
    id: p.integer().primary().autoincrement(),
    email: p.string().length(254),
    passwordHash: p.string().length(255).nullable(),
    firstName: p.string().length(100),
    lastName: p.string().length(100),
    companyName: p.string().length(200).nullable(),
    jobTitle: p.string().length(100).nullable(),
    phone: p.string().length(40).nullable(),
    vatNumber: p.string().length(20).nullable(),
    role: p.string().length(20),
    staffRole: p.string().length(20).nullable(),
    billingAddress: p.json<PostalAddress>().nullable(),
    deliveryAddress: p.json<PostalAddress>().nullable(),
    marketingConsent: p.boolean(),
    marketingConsentAt: p.datetime().nullable(),
    accountTerms: p.boolean(),
    createdAt: p.datetime(),
    updatedAt: p.datetime().onUpdate(() => new Date()),
    lastLoginAt: p.datetime().nullable(),
    emailVerifiedAt: p.datetime().nullable(),
  },
});
