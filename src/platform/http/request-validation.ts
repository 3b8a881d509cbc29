import { ValidationPipe, type ValidationError } from '@nestjs/common';

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

/**
 * Every request DTO goes through this: unknown fields are refused (no mass assignment), values are
 * converted to the declared types, and failures become one 422 listing each field and reason.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    transform: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => new RequestValidationError(flattenValidationErrors(errors)),
  });
}
