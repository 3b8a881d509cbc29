import type { ReactNode } from 'react';
import type { ApiForm } from '../lib/use-api-form.js';
import { TextField } from './FormControls.js';

/**
 * A UK postal address as the API takes it (identity's profile and the checkout share it): `line2` and `county`
 * optional, `postcode` a UK postcode, `country` GB unless an address was saved with another.
 */
export interface PostalAddress {
  line1: string;
  line2: string | null;
  town: string;
  county: string | null;
  postcode: string;
  country: string;
}

export type AddressKind = 'billing_address' | 'delivery_address';

/** The address as the form edits it: every part a string. */
export interface AddressForm {
  line1: string;
  line2: string;
  town: string;
  county: string;
  postcode: string;
  country: string;
}

export const ADDRESS_PARTS = ['line1', 'line2', 'town', 'county', 'postcode'] as const;
const ADDRESS_LABELS: Record<(typeof ADDRESS_PARTS)[number] | 'country', string> = {
  line1: 'Address line 1',
  line2: 'Address line 2',
  town: 'Town or city',
  county: 'County',
  postcode: 'Postcode',
  country: 'Country',
};
const COUNTRY_NAMES: Record<string, string> = { GB: 'United Kingdom' };

/**
 * The input ids and summary labels of both addresses' API fields (`billing_address.postcode`, …) for a form whose
 * ids start with `prefix`, to merge into the form's own maps for its ErrorSummary.
 */
export function addressFieldMaps(prefix: string): { ids: Record<string, string>; labels: Record<string, string> } {
  const ids: Record<string, string> = {};
  const labels: Record<string, string> = {};
  for (const kind of ['billing_address', 'delivery_address'] as const) {
    const name = kind === 'billing_address' ? 'Billing' : 'Delivery';
    for (const part of [...ADDRESS_PARTS, 'country'] as const) {
      ids[`${kind}.${part}`] = `${prefix}-${kind === 'billing_address' ? 'billing' : 'delivery'}-${part}`;
      labels[`${kind}.${part}`] = `${name} ${ADDRESS_LABELS[part].toLowerCase()}`;
    }
    ids[kind] = ids[`${kind}.line1`]!;
    labels[kind] = `${name} address`;
  }
  return { ids, labels };
}

export function addressForm(address: PostalAddress | null): AddressForm {
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
export function addressPayload(form: AddressForm): PostalAddress | null {
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

export function sameAddress(a: PostalAddress | null, b: PostalAddress | null): boolean {
  return JSON.stringify(addressPayload(addressForm(a))) === JSON.stringify(addressPayload(addressForm(b)));
}

/** One address as a fieldset, each part with its server-side errors beside it and the browser's autofill hints. */
export function AddressFields({
  kind,
  legend,
  value,
  onChange,
  form,
  idPrefix,
  children,
}: {
  /** Fields shown first inside the fieldset (checkout's name and company of the addressee). */
  children?: ReactNode;
  kind: AddressKind;
  legend: string;
  value: AddressForm;
  onChange: (value: AddressForm) => void;
  form: ApiForm;
  idPrefix: string;
}) {
  const ids = addressFieldMaps(idPrefix).ids;
  const set = (part: keyof AddressForm) => (text: string) => onChange({ ...value, [part]: text });
  const wholeErrors = form.errorsFor(kind);
  const autoSection = kind === 'billing_address' ? 'billing' : 'shipping';
  const countryId = ids[`${kind}.country`]!;
  const autoComplete = { line1: 'address-line1', line2: 'address-line2', town: 'address-level2', county: 'address-level1', postcode: 'postal-code' };
  return (
    <fieldset className="fieldset" data-address={kind}>
      <legend className="fieldset__legend">{legend}</legend>
      {wholeErrors ? (
        <p className="field__error" data-field-error={kind}>
          <span className="visually-hidden">Error: </span>
          {wholeErrors.join(' ')}
        </p>
      ) : null}
      {children}
      {ADDRESS_PARTS.map((part) => (
        <TextField
          key={part}
          id={ids[`${kind}.${part}`]!}
          name={`${kind}.${part}`}
          label={ADDRESS_LABELS[part]}
          optional={part === 'line2' || part === 'county'}
          autoComplete={`${autoSection} ${autoComplete[part]}`}
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
