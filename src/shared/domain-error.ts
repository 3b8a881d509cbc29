/**
 * Expected business failures. Services throw these; the HTTP layer maps each kind to a status in one
 * place (platform/http/http-exception.filter.ts) so no service ever knows about HTTP.
 */
export type DomainErrorKind = 'not_found' | 'conflict' | 'invalid' | 'forbidden' | 'unauthenticated' | 'rate_limited' | 'gone' | 'range_not_satisfiable';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** Field-level reasons, keyed by the API's snake_case field name. */
    readonly fields: Record<string, string[]> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class NotFoundError extends DomainError {
  constructor(what: string) {
    super('not_found', `${what} was not found.`);
  }
}

/** Too many attempts: answered 429 with Retry-After. */
export class RateLimitedError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('rate_limited', message);
  }
}

/** A byte range beyond the end of the file: answered 416 with a Content-Range that gives the file's size. */
export class RangeNotSatisfiableError extends DomainError {
  constructor(readonly size: number) {
    super('range_not_satisfiable', 'The requested range is not within the file.');
  }
}

/** Bad input that only the domain can judge (e.g. a wrong current password): 422 with the field. */
export class InvalidInputError extends DomainError {
  constructor(field: string, reason: string) {
    super('invalid', 'The given data was invalid.', { [field]: [reason] });
  }
}
