import { type ArgumentMetadata, ValidationPipe, type ValidationError } from '@nestjs/common';

/** Thrown for bad input; the exception filter answers 422 with the field errors. */
export class RequestValidationError extends Error {
  constructor(readonly fields: Record<string, string[]>) {
    super('The given data was invalid.');
    this.name = 'RequestValidationError';
  }
}

/** Flattens class-validator's tree into `{"address.postcode": ["..."]}`. */
export function flattenValidationErrors(errors: ValidationError[], prefix = ''): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const error of errors) {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    const messages = Object.entries(error.constraints ?? {}).map(([rule, message]) =>
      rule === 'whitelistValidation' ? `${field} is not an accepted field.` : message,
    );
    if (messages.length > 0) fields[field] = messages;
    Object.assign(fields, flattenValidationErrors(error.children ?? [], field));
  }
  return fields;
}

/** A string PostgreSQL's text cannot store, and why: a NUL (22021), or a lone UTF-16 surrogate, which is no text at all (22P02). */
function textProblem(value: string): string | null {
  if (!value.isWellFormed()) return 'This must be valid text.';
  if (value.includes('\u0000')) return 'This may not contain NUL characters.';
  return null;
}

/**
 * The first string in a request (a value, or a field's name) that is not storable text, with its dotted path, e.g.
 * `{field: 'address.line1', reason: 'This must be valid text.'}`. Bodies arrive at most MAX_JSON_NESTING deep
 * (json-nesting.ts), so the recursion is shallow.
 */
export function findUnstorableText(value: unknown, path = ''): { field: string; reason: string } | null {
  if (typeof value === 'string') {
    const reason = textProblem(value);
    return reason ? { field: path || 'value', reason } : null;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnstorableText(item, path ? `${path}.${index}` : String(index));
      if (found) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const field = path ? `${path}.${key}` : key;
      // A field's name is checked too: an undeclared one is quoted back in the answer's errors (JSON.stringify
      // escapes lone surrogates and NULs, so naming it is safe).
      const reason = textProblem(key);
      if (reason) return { field, reason };
      const found = findUnstorableText(item, field);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Refuses, before the DTO rules run, any body, query or parameter string that PostgreSQL could not store (NUL, lone
 * surrogates): once, here, for every field of every request, rather than per DTO (issue 25).
 */
class ShopValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const found = findUnstorableText(value);
    if (found) throw new RequestValidationError({ [found.field]: [found.reason] });
    return super.transform(value, metadata);
  }
}

/**
 * Every request DTO goes through this: unknown fields are refused (no mass assignment), values are
 * converted to the declared types, and failures become one 422 listing each field and reason.
 */
export function createValidationPipe(): ValidationPipe {
  return new ShopValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    transform: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => new RequestValidationError(flattenValidationErrors(errors)),
  });
}
