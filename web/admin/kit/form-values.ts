/**
 * The form layer's data rules, apart from React so they can be tested alone: how an API resource becomes the
 * strings and booleans of a form, and how a form becomes the JSON body of a create or a partial update.
 */

export type FieldKind = 'text' | 'textarea' | 'html' | 'email' | 'url' | 'number' | 'money' | 'checkbox' | 'select' | 'datetime';

export interface FieldSpec {
  /**
   * The API's field name (snake_case). A dotted name (`billing_address.postcode`) is a part of an object field:
   * the parts are sent together, as one object, when any of them changed (blank parts as null; all blank clears it).
   */
  name: string;
  label: string;
  kind?: FieldKind;
  hint?: string;
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
}

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
    else if (value === null || value === undefined) values[field.name] = '';
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
 * The JSON to send. A new resource gets every filled-in field; an existing one only the fields that changed
 * (the API's updates are partial), so two people editing different fields do not undo each other's work.
 */
export function formBody(fields: readonly FieldSpec[], values: FormValues, initial: FormValues, creating: boolean): FormBody {
  const body: Record<string, unknown> = {};
  const errors: Record<string, string[]> = {};
  const groups = new Map<string, FieldSpec[]>();
  for (const field of fields) {
    if (field.readOnly || (field.createOnly && !creating)) continue;
    const dot = field.name.indexOf('.');
    if (dot > 0) {
      const group = field.name.slice(0, dot);
      groups.set(group, [...(groups.get(group) ?? []), field]);
      continue;
    }
    const value = values[field.name];
    if (!creating && value === initial[field.name]) continue;
    const kind = kindOf(field);
    if (kind === 'checkbox') {
      body[field.name] = value === true;
      continue;
    }
    const text = typeof value === 'string' ? value : '';
    const blank = text.trim() === '';
    if (blank) {
      if (field.nullable) body[field.name] = null;
      else if (!creating || field.required) body[field.name] = text; // the server says what is missing
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
    if (!creating && parts.every((part) => values[part.name] === initial[part.name])) continue;
    const texts = parts.map((part) => [part.name.slice(group.length + 1), String(values[part.name] ?? '').trim()] as const);
    if (texts.every(([, text]) => text === '')) {
      if (!creating) body[group] = null;
      continue;
    }
    body[group] = Object.fromEntries(texts.map(([key, text]) => [key, text === '' ? null : text]));
  }
  return { body, errors };
}

/** True when the form differs from what was loaded (unsaved changes). */
export function isDirty(values: FormValues, initial: FormValues): boolean {
  return Object.keys(values).some((name) => values[name] !== initial[name]);
}
