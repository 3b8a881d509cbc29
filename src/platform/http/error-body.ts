import { STATUS_CODES } from 'node:http';

/**
 * The one error body of the whole API:
 * `{status, error, message, errors?, request_id?}` — `errors` maps a field to its reasons (422 only).
 */
export interface ErrorBody {
  status: number;
  error: string;
  message: string;
  errors?: Record<string, string[]>;
  request_id?: string;
}

export function errorBody(
  status: number,
  message: string,
  extra: { errors?: Record<string, string[]>; requestId?: string } = {},
): ErrorBody {
  return {
    status,
    error: STATUS_CODES[status] ?? 'Error',
    message,
    ...(extra.errors ? { errors: extra.errors } : {}),
    ...(extra.requestId ? { request_id: extra.requestId } : {}),
  };
}
