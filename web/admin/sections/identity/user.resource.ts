import type { UserView } from '../../../../src/modules/identity/index.js';
import { defineResource } from '../../api/admin-api.js';
import type { FieldSpec } from '../../../components/forms/form-values.js';
import { STAFF_ROLE_DESCRIPTIONS, STAFF_ROLE_LABELS, STAFF_ROLES } from '../../../../src/shared/contracts/staff.js';

export type { UserView };

/** docs/api/identity.md: staff create and edit users; a new user sets a password through "forgot password". */
export const users = defineResource({ api: '/api/admin/users', screens: '/admin/users', noun: 'user', updateMethod: 'PATCH' });

const address = (prefix: 'billing_address' | 'delivery_address', section: string): FieldSpec[] => [
  { name: `${prefix}.line1`, label: 'Address line 1', maxLength: 200, section },
  { name: `${prefix}.line2`, label: 'Address line 2', maxLength: 200, section },
  { name: `${prefix}.town`, label: 'Town or city', maxLength: 100, section },
  { name: `${prefix}.county`, label: 'County', maxLength: 100, section },
  { name: `${prefix}.postcode`, label: 'Postcode', maxLength: 10, hint: 'UK only. Leave every line blank for no address.', section },
];

export const userFields: readonly FieldSpec[] = [
  { name: 'first_name', label: 'First name', required: true, maxLength: 100 },
  { name: 'last_name', label: 'Last name', required: true, maxLength: 100 },
  { name: 'email', label: 'E-mail address', kind: 'email', required: true, maxLength: 254 },
  { name: 'company_name', label: 'Company', nullable: true, maxLength: 200 },
  { name: 'job_title', label: 'Job title', nullable: true, maxLength: 100 },
  { name: 'phone', label: 'Telephone', nullable: true, hint: 'Such as 01234 567890.' },
  { name: 'vat_number', label: 'VAT number', nullable: true, hint: 'Such as GB123456789.' },
  {
    // ADR 0044: one choice sets both the seed's role (admin or customer) and the staff role; blank is a customer.
    section: 'Access to this portal',
    name: 'staff_role',
    label: 'Role',
    kind: 'select',
    required: true,
    nullable: true,
    hint: STAFF_ROLES.filter((role) => role !== 'admin').map((role) => `${STAFF_ROLE_LABELS[role]}: ${STAFF_ROLE_DESCRIPTIONS[role]}.`).join(' '),
    options: [
      { value: '', label: 'Customer (no access)' },
      ...STAFF_ROLES.map((role) => ({ value: role, label: role === 'admin' ? 'Staff: Administrator (everything)' : `Staff: ${STAFF_ROLE_LABELS[role]}` })),
    ],
  },
  ...address('billing_address', 'Billing address'),
  ...address('delivery_address', 'Delivery address (when it is not the billing address)'),
  {
    section: 'Terms and consent',
    name: 'account_terms',
    label: 'Account terms: may pay on account',
    kind: 'checkbox',
    hint: 'Offers “Pay by invoice” at checkout (a PO number is required); the invoice is due in 30 days and paid by BACS.',
  },
  { name: 'marketing_consent', label: 'Agreed to marketing e-mails', kind: 'checkbox', section: 'Terms and consent' },
];
