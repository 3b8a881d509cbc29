import { useState, type FormEvent } from 'react';
import { useData } from 'vike-react/useData';
import { AccountNav } from '../../../components/AccountNav.js';
import { CheckboxField, ErrorSummary, NeedsJavaScript, SubmitButton, TextField, useFocusOnChange } from '../../../components/FormControls.js';
import { Notice } from '../../../components/Notice.js';
import { apiFetch } from '../../../lib/api.js';
import { useApiForm, type ApiForm } from '../../../lib/use-api-form.js';
import type { Data } from './+data.js';

type Profile = Data['profile'];
type AddressKind = 'billing_address' | 'delivery_address';

interface AddressForm {
  line1: string;
  line2: string;
  town: string;
  county: string;
  postcode: string;
  country: string;
}

interface ProfileForm {
  first_name: string;
  last_name: string;
  company_name: string;
  job_title: string;
  phone: string;
  vat_number: string;
  email: string;
  marketing_consent: boolean;
  billing: AddressForm;
  delivery: AddressForm;
  deliverySameAsBilling: boolean;
}

const ADDRESS_PARTS = ['line1', 'line2', 'town', 'county', 'postcode'] as const;
const ADDRESS_LABELS: Record<(typeof ADDRESS_PARTS)[number] | 'country', string> = {
  line1: 'Address line 1',
  line2: 'Address line 2',
  town: 'Town or city',
  county: 'County',
  postcode: 'Postcode',
  country: 'Country',
};
const COUNTRY_NAMES: Record<string, string> = { GB: 'United Kingdom' };

const FIELD_LABELS: Record<string, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  company_name: 'Company name',
  job_title: 'Job title',
  phone: 'Phone number',
  vat_number: 'VAT number',
  email: 'E-mail address',
  current_password: 'Current password',
  marketing_consent: 'Marketing e-mails',
};
const FIELD_IDS: Record<string, string> = {
  first_name: 'profile-first-name',
  last_name: 'profile-last-name',
  company_name: 'profile-company-name',
  job_title: 'profile-job-title',
  phone: 'profile-phone',
  vat_number: 'profile-vat-number',
  email: 'profile-email',
  current_password: 'profile-current-password',
  marketing_consent: 'profile-marketing-consent',
};
for (const kind of ['billing_address', 'delivery_address'] as const) {
  const prefix = kind === 'billing_address' ? 'Billing' : 'Delivery';
  for (const part of [...ADDRESS_PARTS, 'country'] as const) {
    FIELD_IDS[`${kind}.${part}`] = `profile-${kind === 'billing_address' ? 'billing' : 'delivery'}-${part}`;
    FIELD_LABELS[`${kind}.${part}`] = `${prefix} ${ADDRESS_LABELS[part].toLowerCase()}`;
  }
  FIELD_IDS[kind] = FIELD_IDS[`${kind}.line1`]!;
  FIELD_LABELS[kind] = `${prefix} address`;
}

type Address = NonNullable<Profile['billing_address']>;

function addressForm(address: Address | null): AddressForm {
  return {
    line1: address?.line1 ?? '',
    line2: address?.line2 ?? '',
    town: address?.town ?? '',
    county: address?.county ?? '',
    postcode: address?.postcode ?? '',
    country: address?.country ?? 'GB',
  };
}

/** All blank → no address (`null`); else the whole address, optional parts `null` when blank. */
function addressPayload(form: AddressForm): Address | null {
  const trimmed = Object.fromEntries(Object.entries(form).map(([key, value]) => [key, value.trim()])) as unknown as AddressForm;
  if (ADDRESS_PARTS.every((part) => trimmed[part] === '')) return null;
  return {
    line1: trimmed.line1,
    line2: trimmed.line2 || null,
    town: trimmed.town,
    county: trimmed.county || null,
    postcode: trimmed.postcode.toUpperCase(),
    country: trimmed.country || 'GB',
  };
}

function sameAddress(a: Address | null, b: Address | null): boolean {
  return JSON.stringify(addressPayload(addressForm(a))) === JSON.stringify(addressPayload(addressForm(b)));
}

function formFor(profile: Profile): ProfileForm {
  return {
    first_name: profile.first_name,
    last_name: profile.last_name,
    company_name: profile.company_name ?? '',
    job_title: profile.job_title ?? '',
    phone: profile.phone ?? '',
    vat_number: profile.vat_number ?? '',
    email: profile.email,
    marketing_consent: profile.marketing_consent,
    billing: addressForm(profile.billing_address),
    delivery: addressForm(profile.delivery_address),
    deliverySameAsBilling: profile.delivery_address === null || sameAddress(profile.billing_address, profile.delivery_address),
  };
}

const optional = (value: string) => (value.trim() === '' ? null : value.trim());

function AddressFields({
  kind,
  legend,
  value,
  onChange,
  form,
}: {
  kind: AddressKind;
  legend: string;
  value: AddressForm;
  onChange: (value: AddressForm) => void;
  form: ApiForm;
}) {
  const set = (part: keyof AddressForm) => (text: string) => onChange({ ...value, [part]: text });
  const wholeErrors = form.errorsFor(kind);
  const autoSection = kind === 'billing_address' ? 'billing' : 'shipping';
  const countryId = FIELD_IDS[`${kind}.country`]!;
  return (
    <fieldset className="fieldset" data-address={kind}>
      <legend className="fieldset__legend">{legend}</legend>
      {wholeErrors ? (
        <p className="field__error" data-field-error={kind}>
          <span className="visually-hidden">Error: </span>
          {wholeErrors.join(' ')}
        </p>
      ) : null}
      {ADDRESS_PARTS.map((part) => (
        <TextField
          key={part}
          id={FIELD_IDS[`${kind}.${part}`]!}
          name={`${kind}.${part}`}
          label={ADDRESS_LABELS[part]}
          optional={part === 'line2' || part === 'county'}
          autoComplete={
            part === 'line1'
              ? `${autoSection} address-line1`
              : part === 'line2'
                ? `${autoSection} address-line2`
                : part === 'town'
                  ? `${autoSection} address-level2`
                  : part === 'county'
                    ? `${autoSection} address-level1`
                    : `${autoSection} postal-code`
          }
          value={value[part]}
          onChange={set(part)}
          errors={form.errorsFor(`${kind}.${part}`)}
          hint={part === 'postcode' ? 'A UK postcode, for example SW1A 1AA.' : undefined}
          autoCapitalize={part === 'postcode' ? 'characters' : undefined}
          maxLength={part === 'postcode' ? 10 : 200}
          className={part === 'postcode' ? 'field--short' : undefined}
        />
      ))}
      <div className="field" data-field={`${kind}.country`}>
        <label className="field__label" htmlFor={countryId}>
          {ADDRESS_LABELS.country}
        </label>
        {form.errorsFor(`${kind}.country`) ? (
          <p id={`${countryId}-error`} className="field__error">
            {form.errorsFor(`${kind}.country`)!.join(' ')}
          </p>
        ) : null}
        <select
          id={countryId}
          name={`${kind}.country`}
          className="input field__input"
          autoComplete={`${autoSection} country`}
          value={value.country}
          onChange={(event) => set('country')(event.currentTarget.value)}
          aria-invalid={form.errorsFor(`${kind}.country`) ? true : undefined}
          aria-describedby={form.errorsFor(`${kind}.country`) ? `${countryId}-error` : undefined}
        >
          {/* We deliver within the UK; an address saved with another country is kept as it is. */}
          {[...new Set(['GB', value.country])].map((code) => (
            <option key={code} value={code}>
              {COUNTRY_NAMES[code] ?? code}
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  );
}

/**
 * The customer's details (docs/api/identity.md): `PUT /api/user/profile` with the names, company, job title,
 * phone, VAT number, billing and delivery addresses and marketing consent; a changed e-mail needs the current
 * password (product.md), so that field appears only then.
 */
export default function Page() {
  const { profile } = useData<Data>();
  const form = useApiForm();
  const summaryRef = useFocusOnChange<HTMLDivElement>(form.failure);
  const [saved, setSaved] = useState<Profile>(profile);
  const [values, setValues] = useState<ProfileForm>(() => formFor(profile));
  const [currentPassword, setCurrentPassword] = useState('');
  const [notice, setNotice] = useState<number | null>(null);

  const emailChanged = values.email.trim().toLowerCase() !== saved.email.toLowerCase();
  const needsPassword = emailChanged && saved.has_password;
  const set =
    <K extends keyof ProfileForm>(key: K) =>
    (value: ProfileForm[K]) =>
      setValues((current) => ({ ...current, [key]: value }));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice(null);
    void form.submit(async () => {
      const billing = addressPayload(values.billing);
      const body: Record<string, unknown> = {
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        company_name: optional(values.company_name),
        job_title: optional(values.job_title),
        phone: optional(values.phone),
        vat_number: optional(values.vat_number),
        billing_address: billing,
        delivery_address: values.deliverySameAsBilling ? billing : addressPayload(values.delivery),
        marketing_consent: values.marketing_consent,
      };
      if (emailChanged) {
        body.email = values.email.trim();
        if (saved.has_password) body.current_password = currentPassword;
      }
      const user = await apiFetch<Profile>('/api/user/profile', { method: 'PUT', body });
      const next: Profile = { ...saved, ...user };
      setSaved(next);
      setValues(formFor(next));
      setCurrentPassword('');
      setNotice(Date.now());
    });
  }

  return (
    <div className="container account-page" data-page="account-profile">
      <h1>Your profile</h1>
      <AccountNav />
      {notice !== null ? (
        <Notice key={notice} kind="success">
          Your details have been saved.
        </Notice>
      ) : null}
      <ErrorSummary ref={summaryRef} message={form.failure?.message ?? null} errors={form.failure?.errors ?? {}} fieldIds={FIELD_IDS} fieldLabels={FIELD_LABELS} />
      <NeedsJavaScript />
      <form className="form form--wide" method="post" noValidate onSubmit={onSubmit} aria-label="Your profile" data-form="profile">
        <fieldset className="fieldset">
          <legend className="fieldset__legend">About you</legend>
          <div className="form__row">
            <TextField
              id={FIELD_IDS.first_name!}
              name="first_name"
              label={FIELD_LABELS.first_name!}
              autoComplete="given-name"
              value={values.first_name}
              onChange={set('first_name')}
              errors={form.errorsFor('first_name')}
              maxLength={100}
              required
            />
            <TextField
              id={FIELD_IDS.last_name!}
              name="last_name"
              label={FIELD_LABELS.last_name!}
              autoComplete="family-name"
              value={values.last_name}
              onChange={set('last_name')}
              errors={form.errorsFor('last_name')}
              maxLength={100}
              required
            />
          </div>
          <div className="form__row">
            <TextField
              id={FIELD_IDS.company_name!}
              name="company_name"
              label={FIELD_LABELS.company_name!}
              optional
              autoComplete="organization"
              value={values.company_name}
              onChange={set('company_name')}
              errors={form.errorsFor('company_name')}
              maxLength={200}
            />
            <TextField
              id={FIELD_IDS.job_title!}
              name="job_title"
              label={FIELD_LABELS.job_title!}
              optional
              autoComplete="organization-title"
              value={values.job_title}
              onChange={set('job_title')}
              errors={form.errorsFor('job_title')}
              maxLength={200}
            />
          </div>
          <div className="form__row">
            <TextField
              id={FIELD_IDS.phone!}
              name="phone"
              label={FIELD_LABELS.phone!}
              optional
              type="tel"
              autoComplete="tel"
              value={values.phone}
              onChange={set('phone')}
              errors={form.errorsFor('phone')}
              maxLength={40}
            />
            <TextField
              id={FIELD_IDS.vat_number!}
              name="vat_number"
              label={FIELD_LABELS.vat_number!}
              optional
              value={values.vat_number}
              onChange={set('vat_number')}
              errors={form.errorsFor('vat_number')}
              hint="For example GB123456789. It appears on your VAT invoices."
              autoCapitalize="characters"
              maxLength={20}
            />
          </div>
        </fieldset>

        <fieldset className="fieldset">
          <legend className="fieldset__legend">Sign-in e-mail</legend>
          <TextField
            id={FIELD_IDS.email!}
            name="email"
            label={FIELD_LABELS.email!}
            type="email"
            autoComplete="email"
            spellCheck={false}
            autoCapitalize="none"
            value={values.email}
            onChange={set('email')}
            errors={form.errorsFor('email')}
            hint="You sign in with it, and we send your order confirmations, invoices and password resets to it."
            required
          />
          {needsPassword ? (
            <TextField
              id={FIELD_IDS.current_password!}
              name="current_password"
              label={FIELD_LABELS.current_password!}
              type="password"
              autoComplete="current-password"
              value={currentPassword}
              onChange={setCurrentPassword}
              errors={form.errorsFor('current_password')}
              hint="Needed to change your e-mail address."
              required
            />
          ) : form.errorsFor('current_password') ? (
            <p className="field__error" data-field-error="current_password">
              {form.errorsFor('current_password')!.join(' ')}
            </p>
          ) : null}
        </fieldset>

        <AddressFields kind="billing_address" legend="Billing address" value={values.billing} onChange={set('billing')} form={form} />

        <fieldset className="fieldset">
          <legend className="fieldset__legend">Delivery address</legend>
          <CheckboxField
            id="profile-delivery-same"
            name="delivery_same_as_billing"
            label="Deliver to my billing address"
            checked={values.deliverySameAsBilling}
            onChange={set('deliverySameAsBilling')}
          />
        </fieldset>
        {values.deliverySameAsBilling ? null : (
          <AddressFields kind="delivery_address" legend="Delivery address" value={values.delivery} onChange={set('delivery')} form={form} />
        )}

        <fieldset className="fieldset">
          <legend className="fieldset__legend">E-mail preferences</legend>
          <CheckboxField
            id={FIELD_IDS.marketing_consent!}
            name="marketing_consent"
            label="Send me news about new training material and offers"
            checked={values.marketing_consent}
            onChange={set('marketing_consent')}
            errors={form.errorsFor('marketing_consent')}
            hint="You can change your mind at any time here, or with the link in every e-mail."
          />
        </fieldset>

        <div className="form__actions">
          <SubmitButton sending={form.sending}>Save changes</SubmitButton>
        </div>
      </form>
    </div>
  );
}
