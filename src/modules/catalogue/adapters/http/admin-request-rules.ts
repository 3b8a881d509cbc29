import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { createValidationPipe, RequestValidationError, blankToUndefined, toInt, trim, trimToNull } from '../../../../platform/http/index.js';
import { MAX_ID } from '../../../../shared/contracts/ids.js';

/**
 * Building blocks of the catalogue administration's request DTOs: the conversions a query string or a
 * multipart form needs (everything arrives as text there) and the rules several requests share.
 */

export { blankToUndefined, toInt, trim, trimToNull };
/** "true"/"false" from a query string or form; JSON booleans pass through; anything else fails IsBoolean. */
export const toBoolean = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);

/** An id in a query string (`?brand=3`). */
export const IdFilter = (name: string) =>
  applyDecorators(
    Transform(toInt), IsOptional(),
    IsInt({ message: `${name} must be a ${name} id.` }), Min(1, { message: `${name} must be a ${name} id.` }), Max(MAX_ID, { message: `${name} must be a ${name} id.` }),
  );

/** A sort order: a whole number between -1,000,000 and 1,000,000 (lower comes first). */
export const SortOrder = () =>
  applyDecorators(
    Transform(toInt),
    IsInt({ message: 'sort_order must be a whole number (lower comes first).' }),
    Min(-1_000_000, { message: 'sort_order must be at least -1000000.' }), Max(1_000_000, { message: 'sort_order may be at most 1000000.' }),
  );

export { listQuery } from '../../../../platform/http/index.js';

const fieldsPipe = createValidationPipe();

/**
 * Checks a multipart form's text fields (or a body read by hand) with a request class, exactly as the
 * global pipe checks a JSON body: unknown fields refused, values converted, failures a 422 per field.
 */
export async function validated<T extends object>(type: new () => T, value: unknown): Promise<T> {
  return (await fieldsPipe.transform(value ?? {}, { type: 'body', metatype: type })) as T;
}

/** For forms that carry only the file: any text field is refused like an unknown JSON field. */
export function refuseFields(fields: Record<string, string>): void {
  const names = Object.keys(fields);
  if (names.length > 0) throw new RequestValidationError(Object.fromEntries(names.map((name) => [name, [`${name} is not an accepted field.`]])));
}
