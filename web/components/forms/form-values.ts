/**
 * The form layer's data rules, apart from React so they can be tested alone: how an API resource becomes the
 * strings and booleans of a form, and how a form becomes the JSON body of a create, a partial update or a
 * replacement. Shared by the Administration Portal's screens and the storefront's account forms (ADR 0024), so
 * it imports nothing but TypeScript.
 */

export type FieldKind =
  | 'text' | 'textarea' | 'html' | 'email' | 'tel' | 'password' | 'url' | 'number' | 'money' | 'checkbox' | 'select' | 'datetime';

export interface FieldSpec {
  /**
   * The API's field name (snake_case). A dotted name (`billing_address.postcode`) is a part of an object field:
   * the parts are sent together, as one object, when any of them changed (blank parts as null; all blank clears it).
   */
  name: string;
  label: string;
  kind?: FieldKind;
  hint?: string;
  /**
   * Must be filled in: labelled without "(optional)" and `required`. A part of an object field (an address's
   * postcode) is needed only when the object is given, so its input is not marked `required`.
   */
  required?: boolean;
  /** Empty means `null` (a nullable API field) instead of "leave it out". */
  nullable?: boolean;
  options?: readonly { value: string; label: string }[];
  /** Select values that are numbers in the API (`brand_id`). */
  numeric?: boolean;
  maxLength?: number;
  /** Shown but not sent (`created_at`, a slug made by the server). */
  readOnly?: boolean;
  /** Sent on create only (a code fixed once made). */
  createOnly?: boolean;
  /** Consecutive fields with the same section are one fieldset with it as the legend ("Billing address"). */
  section?: string;
  /** Consecutive fields with the same row share a line on wider screens (first and last name). */
  row?: string;
  /** The browser's autofill hint (`given-name`, `billing postal-code`). */
  autoComplete?: string;
  /** `characters` for codes typed in capitals (a VAT number, a postcode) on phone keyboards. */
  autoCapitalize?: 'characters' | 'none';
  /** A narrow input, for short codes (money and numbers are narrow anyway). */
  short?: boolean;
  /** The height of a textarea in lines (4 by default; an enquiry's message is longer). */
  rows?: number;
  /**
   * What the form shows when the resource has no value. A part of an object field left at it does not count as
   * filled in (a country that defaults to GB does not make an address).
   */
  default?: string;
  /** Kept by the form alone and never sent ("Deliver to my billing address"). */
  local?: boolean;
}

/** How the body is made: a new resource, a partial update (only what changed) or a whole replacement. */
export type FormMode = 'create' | 'update' | 'replace';

export type FormValues = Record<string, string | boolean>;

export function kindOf(field: FieldSpec): FieldKind {
  return field.kind ?? 'text';
}

/** Pence → "3.95"; the form edits pounds, the API keeps integer pence. */
export function penceToPounds(pence: number): string {
  return (pence / 100).toFixed(2);
}

/** "3.95", "£1,234.5", "12" → pence; anything else → null. */
export function poundsToPence(text: string): number | null {
  const cleaned = text.trim().replace(/^£/, '').replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** An ISO instant → the `datetime-local` value in the browser's time zone (UK staff see UK time). */
export function isoToLocalInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function valueAt(resource: Record<string, unknown>, name: string): unknown {
  return name.split('.').reduce<unknown>((value, part) => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined), resource);
}

/** What the form shows for one resource (or the blanks of a new one). */
export function formValuesOf(fields: readonly FieldSpec[], resource: Record<string, unknown> | undefined, defaults: FormValues = {}): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const value = resource ? valueAt(resource, field.name) : defaults[field.name];
    const kind = kindOf(field);
    if (kind === 'checkbox') values[field.name] = value === true;
    else if (value === null || value === undefined) values[field.name] = field.default ?? '';
    else if (kind === 'money' && typeof value === 'number' && resource) values[field.name] = penceToPounds(value);
    else if (kind === 'datetime' && typeof value === 'string' && resource) values[field.name] = isoToLocalInput(value);
    else values[field.name] = String(value);
  }
  return values;
}

export interface FormBody {
  body: Record<string, unknown>;
  /** Reasons found before asking the server (an amount that is not one); the body is not sent then. */
  errors: Record<string, string[]>;
}

/**
 * The JSON to send. A new resource gets every filled-in field; an update only the fields that changed (the API's
 * updates are partial), so two people editing different fields do not undo each other's work; a replacement
 * (an API whose `PUT` replaces) every field, an object field whose parts are all blank as null.
 */
export function formBody(fields: readonly FieldSpec[], values: FormValues, initial: FormValues, mode: FormMode): FormBody {
  const whole = mode !== 'update'; // every field, not only the changed ones
  const body: Record<string, unknown> = {};
  const errors: Record<string, string[]> = {};
  const groups = new Map<string, FieldSpec[]>();
  for (const field of fields) {
    if (field.readOnly || field.local || (field.createOnly && mode !== 'create')) continue;
    const group = groupOf(field);
    if (group) {
      groups.set(group, [...(groups.get(group) ?? []), field]);
      continue;
    }
    const value = values[field.name];
    if (!whole && value === initial[field.name]) continue;
    const kind = kindOf(field);
    if (kind === 'checkbox') {
      body[field.name] = value === true;
      continue;
    }
    const text = typeof value === 'string' ? value : '';
    const blank = text.trim() === '';
    if (blank) {
      if (field.nullable) body[field.name] = null;
      else if (!whole || field.required) body[field.name] = text; // the server says what is missing
      continue;
    }
    if (kind === 'money') {
      const pence = poundsToPence(text);
      if (pence === null) errors[field.name] = ['Enter an amount in pounds, like 3.95.'];
      else body[field.name] = pence;
    } else if (kind === 'number' || (kind === 'select' && field.numeric)) {
      const number = Number(text.trim());
      if (!Number.isFinite(number)) errors[field.name] = ['Enter a number.'];
      else body[field.name] = number;
    } else if (kind === 'datetime') {
      const date = new Date(text);
      if (Number.isNaN(date.getTime())) errors[field.name] = ['Enter a date and time.'];
      else body[field.name] = date.toISOString();
    } else {
      body[field.name] = text;
    }
  }
  for (const [group, parts] of groups) {
    if (!whole && parts.every((part) => values[part.name] === initial[part.name])) continue;
    const texts = parts.map((part) => [part.name.slice(group.length + 1), String(values[part.name] ?? '').trim()] as const);
    if (parts.every((part, index) => texts[index]![1] === '' || texts[index]![1] === part.default)) {
      if (mode !== 'create') body[group] = null;
      continue;
    }
    // A blank optional part is null; a blank required one is sent as it is, for the server to say it is missing.
    body[group] = Object.fromEntries(texts.map(([key, text], index) => [key, text === '' && !parts[index]!.required ? null : text]));
  }
  return { body, errors };
}

/** `billing_address` for `billing_address.postcode`; null for a field of its own. */
export function groupOf(field: FieldSpec): string | null {
  const dot = field.name.indexOf('.');
  return dot > 0 ? field.name.slice(0, dot) : null;
}

/** The input id of a field in a form whose ids start with `prefix` (`profile-billing-address-postcode`). */
export function fieldIdOf(prefix: string, name: string): string {
  return `${prefix}-${name.replace(/[._]/g, '-')}`;
}

/**
 * The error summary's links: the input id and a readable label of every field (an object field's parts named
 * with their fieldset, "Billing address, postcode"), and each object field itself pointing at its first part.
 */
export function summaryTargets(fields: readonly FieldSpec[], prefix: string): { ids: Record<string, string>; labels: Record<string, string> } {
  const ids: Record<string, string> = {};
  const labels: Record<string, string> = {};
  for (const field of fields) {
    const group = groupOf(field);
    ids[field.name] = fieldIdOf(prefix, field.name);
    labels[field.name] = group && field.section ? `${field.section}, ${field.label.charAt(0).toLowerCase()}${field.label.slice(1)}` : field.label;
    if (group && !(group in ids)) {
      ids[group] = ids[field.name]!;
      labels[group] = field.section ?? group;
    }
  }
  return { ids, labels };
}

/** True when the form differs from what was loaded (unsaved changes). */
export function isDirty(values: FormValues, initial: FormValues): boolean {
  return Object.keys(values).some((name) => values[name] !== initial[name]);
}
