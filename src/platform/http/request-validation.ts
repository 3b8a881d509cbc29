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

/** Where in a request a string holds a NUL character (which PostgreSQL text cannot store), if anywhere. */
export function findNulCharacter(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'value' : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findNulCharacter(item, path ? `${path}.${index}` : String(index));
      if (found) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = findNulCharacter(item, path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  return null;
}

/** Refuses NUL characters anywhere in bodies, queries and parameters before the DTO rules run. */
class ShopValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const field = findNulCharacter(value);
    if (field) throw new RequestValidationError({ [field]: ['This may not contain NUL characters.'] });
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
