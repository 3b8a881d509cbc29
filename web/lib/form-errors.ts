import { ApiError, errorBodyOf } from './api.js';

export type FieldErrors = Record<string, string[]>;

/** What a form shows after a failed submission: a summary message and the reasons per field. */
export interface FormFailure {
  message: string;
  errors: FieldErrors;
}

export const NETWORK_FAILURE_MESSAGE = 'We could not reach the shop. Check your connection and try again.';
export const SERVER_FAILURE_MESSAGE = 'Something went wrong on our side. Please try again in a moment.';
export const INVALID_FORM_MESSAGE = 'Please correct the errors below.';
export const SESSION_EXPIRED_MESSAGE = 'Your session has ended. Please sign in again.';
export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many attempts. Please wait a minute and try again.';

/**
 * Turns a failed API call into what the form shows: the server's own `message` (429, 403 XSRF, …) and,
 * for a 422, its `errors`. Our own fallbacks only where the server said nothing usable.
 */
export function formFailure(error: unknown): FormFailure {
  if (!(error instanceof ApiError)) return { message: NETWORK_FAILURE_MESSAGE, errors: {} };
  const body = errorBodyOf(error);
  const errors = body.errors ?? {};
  if (error.status >= 500) return { message: SERVER_FAILURE_MESSAGE, errors };
  if (error.status === 422) return { message: body.message ?? INVALID_FORM_MESSAGE, errors };
  if (error.status === 429) return { message: body.message ?? TOO_MANY_ATTEMPTS_MESSAGE, errors };
  if (error.status === 401) return { message: body.message ?? SESSION_EXPIRED_MESSAGE, errors };
  return { message: body.message ?? `The request failed (${error.status}). Please try again.`, errors };
}
