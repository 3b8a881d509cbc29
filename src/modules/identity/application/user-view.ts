import type { StaffRole } from '../../../shared/contracts/staff.js';
import type { PostalAddress, User } from '../domain/user.entity.js';

/** The user as the API and the account pages show it (snake_case, never the password hash). */
export interface UserView {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  company_name: string | null;
  job_title: string | null;
  phone: string | null;
  vat_number: string | null;
  role: 'customer' | 'admin';
  /** Which parts of the portal an administrator reaches (ADR 0044); null for customers. */
  staff_role: StaffRole | null;
  billing_address: PostalAddress | null;
  delivery_address: PostalAddress | null;
  marketing_consent: boolean;
  marketing_consent_at: string | null;
  /** May pay on account ("invoice" at checkout); set by staff only. */
  account_terms: boolean;
  has_password: boolean;
  /** The holder proved control of `email` (ADR 0033); false again after the address changes. */
  email_verified: boolean;
  created_at: string;
  last_login_at: string | null;
}

export function toUserView(user: User): UserView {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    company_name: user.companyName,
    job_title: user.jobTitle,
    phone: user.phone,
    vat_number: user.vatNumber,
    role: user.role,
    staff_role: user.staffRole,
    billing_address: user.billingAddress,
    delivery_address: user.deliveryAddress,
    marketing_consent: user.marketingConsent,
    marketing_consent_at: user.marketingConsentAt?.toISOString() ?? null,
    account_terms: user.accountTerms,
    has_password: user.passwordHash !== null,
    email_verified: user.emailVerified,
    created_at: user.createdAt.toISOString(),
    last_login_at: user.lastLoginAt?.toISOString() ?? null,
  };
}
