import { DriverException } from '@mikro-orm/core';

/** What a request that needed the database is told while PostgreSQL cannot be reached (503). */
export const DATABASE_UNAVAILABLE = 'The shop cannot reach its database just now. Please try again in a moment.';
/** Seconds a client is asked to wait (Retry-After) after that 503. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Whether an error means "the database cannot be reached right now" (stopped, restarting, unreachable, out of
 * connections) rather than "this query is wrong": the first is answered 503 with Retry-After, logged in one line,
 * and goes away by itself once PostgreSQL is back (the pool opens new connections on demand; ADR 0029).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    // A socket code alone could be any peer's (SMTP, S3, a payment provider): only MikroORM's wrapper says it is ours.
    if (typeof code === 'string' && current instanceof DriverException && SOCKET_CODES.has(code)) return true;
    if (typeof code === 'string' && (SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (typeof message === 'string' && POOL_MESSAGES.some((pattern) => pattern.test(message))) return true;
  }
  return false;
}

/** The socket failing under the pg driver (refused while PostgreSQL is stopped, reset when it stops). */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * SQLSTATEs of a server going away or not taking connections: admin_shutdown (a fast stop ends every session),
 * crash_shutdown, cannot_connect_now (starting up or shutting down), too_many_connections; class 08 is the
 * connection-exception class.
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** What pg and pg-pool say, without a code, when a connection dies or cannot be had in time. */
const POOL_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /not queryable/,
];
