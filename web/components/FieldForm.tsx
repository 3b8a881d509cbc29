import { useState, type FormEvent, type ReactNode } from 'react';
import { useApiForm, type ApiForm, type LEAVING } from '../lib/use-api-form.js';
import { ErrorSummary, NeedsJavaScript, SubmitButton, useFocusOnChange } from './FormControls.js';
import { FieldSections } from './forms/FieldSections.js';
import { formBody, formValuesOf, summaryTargets, type FieldSpec, type FormValues } from './forms/form-values.js';

type FormAttributes = { 'aria-label'?: string; 'aria-labelledby'?: string } & { [data: `data-${string}`]: string };

/** What a FieldForm draws and sends: its fields, their values, and the submission's state. */
export interface FieldFormState {
  form: ApiForm;
  fields: readonly FieldSpec[];
  values: FormValues;
  onChange: (name: string, value: string | boolean) => void;
}

interface FieldFormProps {
  state: FieldFormState;
  /** Inputs get ids `<prefix>-<name>` (`login-email`), which the error summary links to. */
  idPrefix: string;
  /** One submission (run through `form.submit`): send the values, then show what happened. */
  onSubmit: () => Promise<void | typeof LEAVING>;
  /** The submit button's text. */
  submit: ReactNode;
  /** Beside the submit button (a "Forgotten your password?" link). */
  actions?: ReactNode;
  /** The reasons shown beside the fields: the server's by default. */
  errors?: Record<string, string[]>;
  wide?: boolean;
  /** Inside the form, before the fields (a hidden user name for password managers). */
  children?: ReactNode;
  attributes: FormAttributes;
}

/**
 * A storefront form on the shared field layer (ADR 0024): the error summary that takes the focus, the fields with
 * the server's reasons beside them, and the submit button. It posts JSON once hydrated; without JavaScript
 * `method="post"` keeps the values out of the address bar, and the page says JavaScript is needed.
 */
export function FieldForm({ state: { form, fields, values, onChange }, idPrefix, onSubmit, submit, actions, errors, wide, children, attributes }: FieldFormProps) {
  const summaryRef = useFocusOnChange<HTMLDivElement>(form.failure);
  const shown = errors ?? form.failure?.errors ?? {};
  const summary = summaryTargets(fields, idPrefix);

  function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void form.submit(onSubmit);
  }

  return (
    <>
      <ErrorSummary ref={summaryRef} message={form.failure?.message ?? null} errors={shown} fieldIds={summary.ids} fieldLabels={summary.labels} />
      <NeedsJavaScript />
      <form className={wide ? 'form form--wide' : 'form'} method="post" noValidate onSubmit={send} {...attributes}>
        {children}
        <FieldSections fields={fields} values={values} errors={shown} idPrefix={idPrefix} onChange={onChange} />
        <div className="form__actions">
          <SubmitButton sending={form.sending}>{submit}</SubmitButton>
          {actions}
        </div>
      </form>
    </>
  );
}

/** A FieldForm's state for a fixed list of fields, starting blank (or at `defaults`); the body to send; a reset. */
export function useFieldForm(fields: readonly FieldSpec[], defaults: FormValues = {}) {
  const form = useApiForm();
  const [initial] = useState(() => formValuesOf(fields, undefined, defaults));
  const [values, setValues] = useState<FormValues>(initial);
  return {
    form,
    fields,
    values,
    onChange: (name: string, value: string | boolean) => setValues((current) => ({ ...current, [name]: value })),
    /** Back to the blank form (after a message was sent, a password changed). */
    reset: () => setValues(initial),
    /** The JSON to send: every filled-in field (a blank required one too, for the server to name it). */
    body: () => formBody(fields, values, initial, 'create').body,
  };
}

/** A new password and its confirmation, as registration, password change and reset all ask for them. */
export function newPasswordFields(labels: { password: string; confirmation: string }, hint: string): FieldSpec[] {
  return [
    { name: 'password', label: labels.password, kind: 'password', required: true, maxLength: 128, autoComplete: 'new-password', hint },
    { name: 'password_confirmation', label: labels.confirmation, kind: 'password', required: true, maxLength: 128, autoComplete: 'new-password' },
  ];
}

/** "Remember me", on the sign-in and registration forms. */
export const REMEMBER_ME: FieldSpec = {
  name: 'remember',
  label: 'Remember me',
  kind: 'checkbox',
  hint: 'Stay signed in on this device for a year. Do not tick this on a shared computer.',
};
