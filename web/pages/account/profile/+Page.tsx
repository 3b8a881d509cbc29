import { useState, type FormEvent } from 'react';
import { useData } from 'vike-react/useData';
import { AccountNav } from '../../../components/AccountNav.js';
import { CheckboxField, ErrorSummary, NeedsJavaScript, SubmitButton, TextField, useFocusOnChange } from '../../../components/FormControls.js';
import { AddressFields, addressFieldMaps, addressForm, addressPayload, sameAddress, type AddressForm } from '../../../components/AddressFields.js';
import { Notice } from '../../../components/Notice.js';
import { apiFetch } from '../../../lib/api.js';
import { useApiForm } from '../../../lib/use-api-form.js';
import type { Data } from './+data.js';

type Profile = Data['profile'];

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
const ADDRESS_MAPS = addressFieldMaps('profile');
Object.assign(FIELD_IDS, ADDRESS_MAPS.ids);
Object.assign(FIELD_LABELS, ADDRESS_MAPS.labels);

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

        <AddressFields kind="billing_address" legend="Billing address" value={values.billing} onChange={set('billing')} form={form} idPrefix="profile" />

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
          <AddressFields kind="delivery_address" legend="Delivery address" value={values.delivery} onChange={set('delivery')} form={form} idPrefix="profile" />
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
