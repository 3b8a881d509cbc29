import { createContext, useContext, useId, type ComponentType } from 'react';
import { groupOf, kindOf, type FieldSpec } from './form-values.js';

/** What a control that a host supplies (the portal's rich-text editor) is given to draw one field's input. */
export interface FieldControlProps {
  id: string;
  /** The label's id: a `contenteditable` is named with `aria-labelledby`, since `for` cannot point at it. */
  labelId: string;
  describedBy: string | undefined;
  invalid: boolean;
  disabled: boolean | undefined;
  value: string;
  onChange: (value: string) => void;
}

/**
 * Controls for kinds this layer does not draw itself. The portal gives `html` its rich-text editor (ADR 0025,
 * a lazily loaded chunk); without one, an `html` field is a plain textarea of markup. A context rather than an
 * import, so the storefront's pages that use Field never reference the editor.
 */
export const FieldControls = createContext<Partial<Record<'html', ComponentType<FieldControlProps>>>>({});

interface FieldProps {
  field: FieldSpec;
  value: string | boolean;
  onChange: (value: string | boolean) => void;
  /** The server's (or the form's own) reasons, shown beside the field and tied to it for screen readers. */
  errors?: string[] | undefined;
  /** The input's id, so the error summary can link to it. */
  id?: string | undefined;
}

const INPUT_TYPES = {
  text: 'text',
  email: 'email',
  tel: 'tel',
  password: 'password',
  url: 'url',
  number: 'text',
  money: 'text',
  datetime: 'datetime-local',
} as const;

/** One labelled input of any kind the shop's forms edit, with its hint and its errors beside it. */
export function Field({ field, value, onChange, errors, id: givenId }: FieldProps) {
  const ownId = useId();
  const controls = useContext(FieldControls);
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
    autoComplete: field.autoComplete,
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

  const Custom = kind === 'html' ? controls.html : undefined;
  const short = field.short || kind === 'money' || kind === 'number';
  const input = () => (
    <input
      {...common}
      type={INPUT_TYPES[kind as keyof typeof INPUT_TYPES] ?? 'text'}
      className={`input field__input${short ? ' field__input--short' : ''}`}
      value={text}
      maxLength={field.maxLength}
      inputMode={kind === 'money' ? 'decimal' : kind === 'number' ? 'numeric' : undefined}
      autoCapitalize={kind === 'email' ? 'none' : field.autoCapitalize}
      spellCheck={kind === 'email' || kind === 'password' ? false : undefined}
      // A part of an object field is needed only when the object is given (ADR 0024).
      required={field.required && groupOf(field) === null}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
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
      {Custom ? (
        <Custom id={id} labelId={labelId} describedBy={describedBy} invalid={invalid} disabled={field.readOnly} value={text} onChange={onChange} />
      ) : kind === 'textarea' || kind === 'html' ? (
        <textarea
          {...common}
          className={`input field__input field__textarea${kind === 'html' ? ' field__textarea--code' : ''}`}
          rows={field.rows ?? (kind === 'html' ? 12 : 4)}
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
      ) : kind === 'money' ? (
        <div className="field__money">
          <span className="field__money-sign" aria-hidden="true">
            £
          </span>
          {input()}
        </div>
      ) : (
        input()
      )}
    </div>
  );
}

/** A field's reasons, read out with it (`aria-describedby`) and found by tests through `data-field-error`. */
export function FieldError({ id, name, errors }: { id?: string; name: string; errors: string[] }) {
  return (
    <p id={id} className="field__error" data-field-error={name}>
      <span className="visually-hidden">Error: </span>
      {errors.join(' ')}
    </p>
  );
}
