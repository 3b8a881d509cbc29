import { useId, type KeyboardEvent } from 'react';
import { MAX_LINE_QUANTITY } from '../../src/shared/contracts/basket.js';

interface QuantityFieldProps {
  /** What it is a quantity of, for its (visually hidden) label: "Quantity of Fire Safety Poster, A2". */
  of: string;
  value: string;
  onChange: (value: string) => void;
  /** Enter in the field: the same as its button (add, update). It is not in a form, so nothing else happens. */
  onEnter: () => void;
  /** The option's stock (null: unlimited); the browser's own `max` is the smaller of it and the line maximum. */
  stock: number | null;
  /** 0 where 0 means "remove" (the basket), 1 on the product page. */
  min: 0 | 1;
  /** The server's reason (422 `errors.qty`), shown next to the field. */
  error?: string | null | undefined;
  /** Where the reason is shown instead, when the field sits in a group that has no room for it (the basket's stepper). */
  errorShownAt?: string | undefined;
  disabled?: boolean;
  className?: string;
  data?: Record<`data-${string}`, string>;
}

/**
 * A typed quantity (issue 28: 80 posters without 80 clicks): a number field capped in the browser at the stock and
 * the line maximum, whose server-side reason appears beside it. It belongs to no form, so before the page's script
 * has loaded, Enter in it submits nothing anywhere (ADR 0043).
 */
export function QuantityField({ of, value, onChange, onEnter, stock, min, error, errorShownAt, disabled, className, data }: QuantityFieldProps) {
  const id = useId();
  const errorId = errorShownAt ?? `${id}-error`;
  const invalid = Boolean(error) || errorShownAt !== undefined;
  const max = stock === null ? MAX_LINE_QUANTITY : Math.max(Math.min(stock, MAX_LINE_QUANTITY), min);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    onEnter();
  }

  return (
    <span className={`qty-field${invalid ? ' qty-field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label className="visually-hidden" htmlFor={id}>
        Quantity of {of}
      </label>
      <input
        id={id}
        className="input qty-field__input"
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        {...data}
      />
      {error && !errorShownAt ? (
        <span id={errorId} className="qty-field__error field__error" data-qty-error="">
          <span className="visually-hidden">Error: </span>
          {error}
        </span>
      ) : null}
    </span>
  );
}

/** The field's text as a quantity to send: a whole number, else the text itself (the server names what is wrong). */
export function typedQty(value: string): number | string {
  const trimmed = value.trim();
  return /^\d{1,6}$/.test(trimmed) ? Number(trimmed) : trimmed;
}
