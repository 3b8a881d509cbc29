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

/** How many distinct query strings' answers are kept per request class (oldest first out). */
export const QUERY_MEMO_ENTRIES = 512;

type Primitive = string | number | boolean | null | undefined;
const isPrimitive = (value: unknown): value is Primitive => value === null || (typeof value !== 'object' && typeof value !== 'function');
/** A shallow copy that keeps the request class's prototype (its fields are primitives, so nothing is shared). */
const copyOf = (value: object): object => Object.assign(Object.create(Object.getPrototypeOf(value) as object | null) as object, value);

/**
 * The checked request objects of recent query strings, per request class. A query DTO is a pure function of its
 * strings (its transforms and rules read nothing else), so the same query gives the same object or the same 422:
 * the transform and the validation were ~8% of the CPU of a cached `GET /api/products`, where a handful of lists are
 * asked for over and over (ADR 0093). Only successes are kept, only objects of primitives (a clone is handed out, so
 * a handler that changed its copy changes nobody else's), and only a bounded number per class: a crawler that asks
 * for a million different queries just keeps replacing the oldest.
 */
class QueryMemo {
  private readonly byClass = new Map<unknown, Map<string, object>>();

  get(metatype: unknown, key: string): object | undefined {
    const kept = this.byClass.get(metatype)?.get(key);
    return kept === undefined ? undefined : copyOf(kept);
  }

  keep(metatype: unknown, key: string, value: unknown): void {
    if (!value || typeof value !== 'object' || !Object.values(value).every(isPrimitive)) return;
    let kept = this.byClass.get(metatype);
    if (!kept) this.byClass.set(metatype, (kept = new Map()));
    if (kept.size >= QUERY_MEMO_ENTRIES) kept.delete(kept.keys().next().value!);
    kept.set(key, copyOf(value));
  }
}

/** The memo's key of a query: its strings as parsed, or null for anything but a flat object of strings. */
function queryKey(value: unknown): string | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  for (const item of Object.values(value)) if (typeof item !== 'string') return null;
  return JSON.stringify(value);
}

/**
 * Refuses, before the DTO rules run, any body, query or parameter string that PostgreSQL could not store (NUL, lone
 * surrogates): once, here, for every field of every request, rather than per DTO (issue 25).
 */
class ShopValidationPipe extends ValidationPipe {
  private readonly queries = new QueryMemo();

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const key = metadata.type === 'query' && typeof metadata.metatype === 'function' ? queryKey(value) : null;
    if (key !== null) {
      const kept = this.queries.get(metadata.metatype, key);
      if (kept) return kept;
    }
    const found = findUnstorableText(value);
    if (found) throw new RequestValidationError({ [found.field]: [found.reason] });
    const checked = await super.transform(value, metadata);
    if (key !== null) this.queries.keep(metadata.metatype, key, checked);
    return checked;
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
