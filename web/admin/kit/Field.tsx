import { lazy, Suspense, useId } from 'react';
import { kindOf, type FieldSpec } from './form-values.js';
import { Loading } from './states.js';

/** The `html` kind's editor (ADR 0025): its own chunk, fetched only by a screen that shows an HTML field. */
const RichTextField = lazy(() => import('./RichTextField.js'));

interface FieldProps {
  field: FieldSpec;
  value: string | boolean;
  onChange: (value: string | boolean) => void;
  /** The server's (or the form's own) reasons, shown beside the field and tied to it for screen readers. */
  errors?: string[] | undefined;
  /** The input's id, so the error summary can link to it. */
  id?: string;
}

const INPUT_TYPES = { text: 'text', email: 'email', url: 'url', number: 'text', money: 'text', datetime: 'datetime-local' } as const;

/** One labelled input of any kind the portal edits, with its hint and its errors beside it. */
export function Field({ field, value, onChange, errors, id: givenId }: FieldProps) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const kind = kindOf(field);
  const invalid = errors !== undefined && errors.length > 0;
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [field.hint ? hintId : null, invalid ? errorId : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: field.name,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
    disabled: field.readOnly,
  };
  const text = typeof value === 'string' ? value : '';

  if (kind === 'checkbox') {
    return (
      <div className={`field field--checkbox${invalid ? ' field--invalid' : ''}`} data-field={field.name}>
        {invalid && <FieldError id={errorId} name={field.name} errors={errors} />}
        <div className="field__check">
          <input {...common} type="checkbox" className="field__checkbox" checked={value === true} onChange={(event) => onChange(event.currentTarget.checked)} />
          <label className="field__check-label" htmlFor={id}>
            {field.label}
          </label>
        </div>
        {field.hint && (
          <p id={hintId} className="field__hint field__hint--check">
            {field.hint}
          </p>
        )}
      </div>
    );
  }

  return (
    <div className={`field${invalid ? ' field--invalid' : ''}${kind === 'textarea' || kind === 'html' ? ' field--wide' : ''}`} data-field={field.name}>
      <label id={labelId} className="field__label" htmlFor={id}>
        {field.label}
        {!field.required && !field.readOnly && <span className="field__optional"> (optional)</span>}
      </label>
      {field.hint && (
        <p id={hintId} className="field__hint">
          {field.hint}
        </p>
      )}
      {invalid && <FieldError id={errorId} name={field.name} errors={errors} />}
      {kind === 'html' ? (
        <Suspense fallback={<Loading label="Loading the editor…" />}>
          <RichTextField id={id} labelId={labelId} describedBy={describedBy} invalid={invalid} disabled={field.readOnly} value={text} onChange={onChange} />
        </Suspense>
      ) : kind === 'textarea' ? (
        <textarea
          {...common}
          className="input field__input admin-textarea"
          rows={4}
          value={text}
          maxLength={field.maxLength}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      ) : kind === 'select' ? (
        <select {...common} className="input field__input" value={text} onChange={(event) => onChange(event.currentTarget.value)}>
          {!field.required && <option value="">—</option>}
          {(field.options ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <div className={kind === 'money' ? 'admin-money' : undefined}>
          {kind === 'money' && (
            <span className="admin-money__sign" aria-hidden="true">
              £
            </span>
          )}
          <input
            {...common}
            type={INPUT_TYPES[kind]}
            className={`input field__input${kind === 'money' || kind === 'number' ? ' field__input--short' : ''}`}
            value={text}
            maxLength={field.maxLength}
            inputMode={kind === 'money' ? 'decimal' : kind === 'number' ? 'numeric' : undefined}
            required={field.required}
            onChange={(event) => onChange(event.currentTarget.value)}
          />
        </div>
      )}
    </div>
  );
}

function FieldError({ id, name, errors }: { id: string; name: string; errors: string[] }) {
  return (
    <p id={id} className="field__error" data-field-error={name}>
      <span className="visually-hidden">Error: </span>
      {errors.join(' ')}
    </p>
  );
}
