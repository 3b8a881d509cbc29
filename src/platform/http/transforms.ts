/**
 * class-transformer conversions that request DTOs share (`@Transform(toInt)`): query strings and multipart
 * forms bring everything as text, JSON bodies bring real types, and both must reach the validators in a form
 * whose failure message names the field.
 */
type Input = { value: unknown };

/** "12" → 12; absent or empty → undefined; a JSON value that is not text is left for the validator to judge. */
export const toInt = ({ value }: Input) => (value === undefined || value === '' ? undefined : typeof value === 'string' ? Number(value) : value);
export const trim = ({ value }: Input) => (typeof value === 'string' ? value.trim() : value);
export const trimToNull = ({ value }: Input) => (typeof value === 'string' ? value.trim() || null : value);
export const blankToUndefined = ({ value }: Input) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
