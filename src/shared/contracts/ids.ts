/**
 * The largest id of any table: every id column is a PostgreSQL `integer`. An id past it names nothing, and it must
 * not reach the database either: as a prepared statement's parameter (ADR 0074) PostgreSQL refuses it ("out of range
 * for type integer"), which answers 500. One constant for the request rules, the services that take ids from callers
 * other than HTTP (the command line, cookies, the payment provider's events) and the storefront's query strings; it
 * lives in contracts/, the one part of src/ web/ may import values from (ADR 0039).
 */
export const MAX_ID = 2_147_483_647;

/** A whole number that can be an id: 1 to MAX_ID. */
export function isId(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0 && value <= MAX_ID;
}
