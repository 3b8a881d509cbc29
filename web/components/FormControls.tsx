import { useEffect, useRef, type ChangeEvent, type MouseEvent, type ReactNode, type Ref } from 'react';
import { useHydrated } from 'vike-react/useHydrated';
import type { FieldErrors } from '../lib/form-errors.js';

/**
 * `useHydrated` (vike-react) is false in the server HTML and during hydration, true once the page runs in the
 * browser. Forms keep their submit button disabled until then: they post JSON with `fetch`, and a native
 * submission before hydration would send the fields nowhere useful.
 */
export { useHydrated };

function errorId(id: string): string {
  return `${id}-error`;
}

function hintId(id: string): string {
  return `${id}-hint`;
}

interface TextFieldProps {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  errors?: string[] | undefined;
  type?: 'text' | 'email' | 'password' | 'tel' | 'search';
  autoComplete?: string;
  hint?: ReactNode;
  required?: boolean;
  optional?: boolean;
  maxLength?: number;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  autoCapitalize?: string;
  spellCheck?: boolean;
  className?: string;
}

/** A labelled input with its hint and its server-side errors next to it (`aria-describedby`, `aria-invalid`). */
export function TextField({
  id,
  name,
  label,
  value,
  onChange,
  errors,
  type = 'text',
  autoComplete,
  hint,
  required,
  optional,
  maxLength,
  inputMode,
  autoCapitalize,
  spellCheck,
  className,
}: TextFieldProps) {
  const invalid = errors !== undefined && errors.length > 0;
  const describedBy = [hint ? hintId(id) : null, invalid ? errorId(id) : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${invalid ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`} data-field={name}>
      <label className="field__label" htmlFor={id}>
        {label}
        {optional ? <span className="field__optional"> (optional)</span> : null}
      </label>
      {hint ? (
        <p id={hintId(id)} className="field__hint">
          {hint}
        </p>
      ) : null}
      {invalid ? (
        <p id={errorId(id)} className="field__error" data-field-error={name}>
          <span className="visually-hidden">Error: </span>
          {errors.join(' ')}
        </p>
      ) : null}
      <input
        id={id}
        name={name}
        className="input field__input"
        type={type}
        value={value}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.currentTarget.value)}
        autoComplete={autoComplete}
        required={required}
        maxLength={maxLength}
        inputMode={inputMode}
        autoCapitalize={autoCapitalize}
        spellCheck={spellCheck}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
      />
    </div>
  );
}

interface CheckboxFieldProps {
  id: string;
  name: string;
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  errors?: string[] | undefined;
  hint?: ReactNode;
}

export function CheckboxField({ id, name, label, checked, onChange, errors, hint }: CheckboxFieldProps) {
  const invalid = errors !== undefined && errors.length > 0;
  const describedBy = [hint ? hintId(id) : null, invalid ? errorId(id) : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field field--checkbox${invalid ? ' field--invalid' : ''}`} data-field={name}>
      {invalid ? (
        <p id={errorId(id)} className="field__error" data-field-error={name}>
          <span className="visually-hidden">Error: </span>
          {errors.join(' ')}
        </p>
      ) : null}
      <div className="field__check">
        <input
          id={id}
          name={name}
          type="checkbox"
          className="field__checkbox"
          checked={checked}
          onChange={(event) => onChange(event.currentTarget.checked)}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        />
        <label className="field__check-label" htmlFor={id}>
          {label}
        </label>
      </div>
      {hint ? (
        <p id={hintId(id)} className="field__hint field__hint--check">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

interface ErrorSummaryProps {
  message: string | null;
  errors: FieldErrors;
  /** The id of the input for each API field; errors of fields not listed are shown in the summary only. */
  fieldIds: Record<string, string>;
  /** Labels for the summary's links; the API field name otherwise. */
  fieldLabels?: Record<string, string>;
  ref?: Ref<HTMLDivElement>;
}

/**
 * The "there is a problem" box above a form: the server's message, then each field error as a link to its
 * field (errors for fields the form does not have, e.g. an expired reset `token`, appear here alone). It takes
 * the focus when it appears so that keyboard and screen-reader users land on it.
 */
export function ErrorSummary({ message, errors, fieldIds, fieldLabels = {}, ref }: ErrorSummaryProps) {
  const entries = Object.entries(errors).filter(([, reasons]) => reasons.length > 0);
  if (!message && entries.length === 0) return null;

  function focusField(event: MouseEvent<HTMLAnchorElement>, id: string) {
    const input = document.getElementById(id);
    if (!input) return;
    event.preventDefault();
    input.focus();
    input.scrollIntoView({ block: 'center' });
  }

  return (
    <div ref={ref} className="error-summary" role="alert" tabIndex={-1} data-error-summary="">
      <h2 className="error-summary__title">There is a problem</h2>
      {message ? (
        <p className="error-summary__message" data-error-message="">
          {message}
        </p>
      ) : null}
      {entries.length > 0 ? (
        <ul className="error-summary__list">
          {entries.map(([field, reasons]) => {
            const id = fieldIds[field];
            const text = reasons.join(' ');
            return (
              <li key={field}>
                {id ? (
                  <a href={`#${id}`} onClick={(event) => focusField(event, id)}>
                    {fieldLabels[field] ? `${fieldLabels[field]}: ` : ''}
                    {text}
                  </a>
                ) : (
                  text
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}

/** Moves the focus to the error summary each time a new failure is shown. */
export function useFocusOnChange<T extends HTMLElement>(trigger: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (trigger) ref.current?.focus();
  }, [trigger]);
  return ref;
}

interface SubmitButtonProps {
  sending: boolean;
  children: ReactNode;
  className?: string;
}

/** Disabled until the page is hydrated and while the form is being sent (`aria-busy` while sending). */
export function SubmitButton({ sending, children, className }: SubmitButtonProps) {
  const hydrated = useHydrated();
  return (
    <button type="submit" className={`button${className ? ` ${className}` : ''}`} disabled={!hydrated || sending} aria-busy={sending || undefined} data-submit="">
      {children}
    </button>
  );
}

/** Shown when JavaScript is off: the identity forms need it. */
export function NeedsJavaScript() {
  return (
    <noscript>
      <p className="notice notice--info">Please turn on JavaScript in your browser to use this form.</p>
    </noscript>
  );
}
