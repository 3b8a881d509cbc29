import { useMemo, useState } from 'react';
import { useData } from 'vike-react/useData';
import { AccountNav } from '../../../components/AccountNav.js';
import { FieldForm } from '../../../components/FieldForm.js';
import { formBody, formValuesOf, type FieldSpec, type FormValues } from '../../../components/forms/form-values.js';
import { Notice } from '../../../components/Notice.js';
import { apiFetch } from '../../../lib/api.js';
import { useApiForm } from '../../../lib/use-api-form.js';
import type { Data } from './+data.js';

type Profile = Data['profile'];

const ADDRESS_PARTS = ['line1', 'line2', 'town', 'county', 'postcode', 'country'] as const;

/** A UK address as the API takes it; `autofill` is the browser's section (`billing`, `shipping`). */
const address = (name: 'billing_address' | 'delivery_address', section: string, autofill: string): FieldSpec[] => [
  { name: `${name}.line1`, label: 'Address line 1', required: true, maxLength: 100, autoComplete: `${autofill} address-line1`, section },
  { name: `${name}.line2`, label: 'Address line 2', maxLength: 100, autoComplete: `${autofill} address-line2`, section },
  { name: `${name}.town`, label: 'Town or city', required: true, maxLength: 60, autoComplete: `${autofill} address-level2`, section },
  { name: `${name}.county`, label: 'County', maxLength: 60, autoComplete: `${autofill} address-level1`, section },
  {
    name: `${name}.postcode`,
    label: 'Postcode',
    required: true,
    maxLength: 10,
    short: true,
    autoCapitalize: 'characters',
    autoComplete: `${autofill} postal-code`,
    hint: 'A UK postcode, for example SW1A 1AA.',
    section,
  },
  // We deliver within the UK: the country is there to be seen, and left at GB it does not make an address.
  {
    name: `${name}.country`,
    label: 'Country',
    kind: 'select',
    required: true,
    default: 'GB',
    options: [{ value: 'GB', label: 'United Kingdom' }],
    autoComplete: `${autofill} country`,
    section,
  },
];

/**
 * The form, field by field (docs/api/identity.md, `PUT /api/user/profile`). The current password appears only
 * when a changed e-mail needs it (product.md); the delivery address only when it is not the billing address.
 */
function profileFields(show: { currentPassword: boolean; delivery: boolean }): FieldSpec[] {
  const about = 'About you';
  const signIn = 'Sign-in e-mail';
  return [
    { name: 'first_name', label: 'First name', required: true, maxLength: 100, autoComplete: 'given-name', section: about, row: 'name' },
    { name: 'last_name', label: 'Last name', required: true, maxLength: 100, autoComplete: 'family-name', section: about, row: 'name' },
    { name: 'company_name', label: 'Company name', nullable: true, maxLength: 200, autoComplete: 'organization', section: about, row: 'work' },
    { name: 'job_title', label: 'Job title', nullable: true, maxLength: 100, autoComplete: 'organization-title', section: about, row: 'work' },
    { name: 'phone', label: 'Phone number', kind: 'tel', nullable: true, maxLength: 40, autoComplete: 'tel', section: about, row: 'contact' },
    {
      name: 'vat_number',
      label: 'VAT number',
      nullable: true,
      maxLength: 20,
      autoCapitalize: 'characters',
      hint: 'For example GB123456789. It appears on your VAT invoices.',
      section: about,
      row: 'contact',
    },
    {
      name: 'email',
      label: 'E-mail address',
      kind: 'email',
      required: true,
      maxLength: 254,
      autoComplete: 'email',
      hint: 'You sign in with it, and we send your order confirmations, invoices and password resets to it.',
      section: signIn,
    },
    ...(show.currentPassword
      ? [{ name: 'current_password', label: 'Current password', kind: 'password', required: true, autoComplete: 'current-password', hint: 'Needed to change your e-mail address.', section: signIn } as const]
      : []),
    ...address('billing_address', 'Billing address', 'billing'),
    { name: 'delivery_same_as_billing', label: 'Deliver to my billing address', kind: 'checkbox', local: true, section: 'Delivery address' },
    ...(show.delivery ? address('delivery_address', 'Delivery address', 'shipping') : []),
    {
      name: 'marketing_consent',
      label: 'Send me news about new training material and offers',
      kind: 'checkbox',
      hint: 'You can change your mind at any time here, or with the link in every e-mail.',
      section: 'E-mail preferences',
    },
  ];
}

const EVERY_FIELD = profileFields({ currentPassword: true, delivery: true });

function valuesOf(profile: Profile): FormValues {
  const values = formValuesOf(EVERY_FIELD, profile);
  values.delivery_same_as_billing =
    profile.delivery_address === null || ADDRESS_PARTS.every((part) => values[`billing_address.${part}`] === values[`delivery_address.${part}`]);
  return values;
}

/** The customer's details: the fields above, sent whole; the server's reasons beside them, a notice when saved. */
export default function Page() {
  const { profile } = useData<Data>();
  const form = useApiForm();
  const [saved, setSaved] = useState<Profile>(profile);
  const initial = useMemo(() => valuesOf(saved), [saved]);
  const [values, setValues] = useState<FormValues>(initial);
  const [notice, setNotice] = useState<{ at: number; text: string } | null>(null);

  const emailChanged = String(values.email).trim().toLowerCase() !== saved.email.toLowerCase();
  const fields = profileFields({ currentPassword: emailChanged && saved.has_password, delivery: values.delivery_same_as_billing !== true });
  // Sent to the billing address, the delivery address's reasons would only repeat the billing address's.
  const errors = Object.fromEntries(
    Object.entries(form.failure?.errors ?? {}).filter(([name]) => !(values.delivery_same_as_billing === true && name.startsWith('delivery_address'))),
  );

  async function save() {
    setNotice(null);
    const { body } = formBody(fields, values, initial, 'replace');
    if (values.delivery_same_as_billing === true) body.delivery_address = body.billing_address;
    const user = await apiFetch<Profile>('/api/user/profile', { method: 'PUT', body });
    const next: Profile = { ...saved, ...user };
    // A new address is unverified until the link just mailed to it is followed (ADR 0033): say where it went.
    const text = next.email !== saved.email ? `Your details have been saved. We have e-mailed a link to ${next.email} to confirm the new address.` : 'Your details have been saved.';
    setSaved(next);
    setValues(valuesOf(next));
    setNotice({ at: Date.now(), text });
  }

  return (
    <div className="container account-page" data-page="account-profile">
      <h1>Your profile</h1>
      <AccountNav />
      {notice !== null ? (
        <Notice key={notice.at} kind="success">
          {notice.text}
        </Notice>
      ) : null}
      <FieldForm
        state={{ form, fields, values, onChange: (name, value) => setValues((current) => ({ ...current, [name]: value })) }}
        errors={errors}
        idPrefix="profile"
        onSubmit={save}
        submit="Save changes"
        wide
        attributes={{ 'aria-label': 'Your profile', 'data-form': 'profile' }}
      />
    </div>
  );
}
