/**
 * The browser's one way to call the JSON API (seed §7, §8).
 *
 * - JSON by default: a plain object/array `body` is sent as JSON with `Content-Type: application/json`.
 * - `credentials: 'same-origin'`; the `XSRF-TOKEN` cookie, when present, is echoed in `X-XSRF-TOKEN`.
 * - 200–299 is success; anything else throws an `ApiError`. No timeout.
 * - Any status ≥ 500 also raises the "Error 500" dialog (see `ErrorDialog`); the error still reaches the caller.
 * - A 401 while a user is signed in raises the "Auth Token Expired" warning (see `AuthExpiredDialog`), which
 *   then signs out and goes to /login (seed §4, §8); the error still reaches the caller. The answers of the
 *   sign-in, sign-up and sign-out calls themselves never do.
 * - Network failures are rethrown as they are.
 */

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly path: string,
  ) {
    super(`Request to ${path} failed with status ${status}`);
    this.name = 'ApiError';
  }
}

/** The API's one error body (docs/api/identity.md): `{status, error, message, errors?, request_id}`. */
export interface ApiErrorBody {
  status?: number;
  error?: string;
  message?: string;
  /** Field → reasons; nested fields are dotted (`billing_address.postcode`). */
  errors?: Record<string, string[]>;
  request_id?: string;
}

/** The error body of a failed call, as far as it is one (a network failure or a non-JSON answer gives `{}`). */
export function errorBodyOf(error: unknown): ApiErrorBody {
  if (!(error instanceof ApiError)) return {};
  const body = error.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  const { message, errors } = body as Record<string, unknown>;
  const result: ApiErrorBody = { ...(body as ApiErrorBody) };
  if (typeof message !== 'string') delete result.message;
  if (typeof errors !== 'object' || errors === null || Array.isArray(errors)) {
    delete result.errors;
  } else {
    result.errors = Object.fromEntries(
      Object.entries(errors as Record<string, unknown>)
        .map(([field, reasons]): [string, string[]] => [field, (Array.isArray(reasons) ? reasons : [reasons]).filter((r): r is string => typeof r === 'string')])
        .filter(([, reasons]) => reasons.length > 0),
    );
  }
  return result;
}

/** Like `RequestInit`, but `body` may also be any JSON-serialisable value. */
export interface ApiRequestInit extends Omit<RequestInit, 'body'> {
  body?: BodyInit | Record<string, unknown> | unknown[] | null;
}

export interface ServerErrorNotice {
  status: number;
  path: string;
}

type ServerErrorListener = (notice: ServerErrorNotice) => void;
const serverErrorListeners = new Set<ServerErrorListener>();

/** Subscribes to responses with status ≥ 500 (the layout's error dialog does); returns the unsubscribe function. */
export function onServerError(listener: ServerErrorListener): () => void {
  serverErrorListeners.add(listener);
  return () => {
    serverErrorListeners.delete(listener);
  };
}

function notifyServerError(notice: ServerErrorNotice): void {
  for (const listener of [...serverErrorListeners]) listener(notice);
}

/** The calls whose own 401 answers are about the credentials just sent, not about an expired session. */
const AUTH_CALLS = new Set(['/api/login', '/api/register', '/api/logout']);

let signedIn = false;

/** The layouts keep this in step with `shell.user`: a 401 only means "expired" to someone who is signed in. */
export function setSignedIn(value: boolean): void {
  signedIn = value;
}

type AuthExpiredListener = (path: string) => void;
const authExpiredListeners = new Set<AuthExpiredListener>();

/** Subscribes to "the session of the signed-in user is no longer accepted" (a 401); returns the unsubscribe function. */
export function onAuthExpired(listener: AuthExpiredListener): () => void {
  authExpiredListeners.add(listener);
  return () => {
    authExpiredListeners.delete(listener);
  };
}

function notifyAuthExpired(path: string): void {
  for (const listener of [...authExpiredListeners]) listener(path);
}

function pathnameOf(path: string): string {
  try {
    return new URL(path, 'http://localhost').pathname;
  } catch {
    return path;
  }
}

/** Reads one cookie from a `document.cookie`-style string (no cookie → `null`). */
export function readCookie(name: string, cookieString: string = typeof document === 'undefined' ? '' : document.cookie): string | null {
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams) ||
    (typeof ReadableStream !== 'undefined' && body instanceof ReadableStream) ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body)
  );
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * Raises the "Error 500" dialog or the "Auth Token Expired" warning for an answer that calls for one. `apiFetch`
 * does it for its own calls; a request made otherwise (an upload through XMLHttpRequest, for its progress) calls it.
 */
export function announceResponseStatus(status: number, path: string): void {
  if (status >= 500) notifyServerError({ status, path });
  if (status === 401 && signedIn && !AUTH_CALLS.has(pathnameOf(path))) notifyAuthExpired(path);
}

/** Calls the API; resolves with the parsed body of a 2xx response, rejects otherwise. */
export async function apiFetch<T = unknown>(path: string, init: ApiRequestInit = {}): Promise<T> {
  const { body, headers: initHeaders, ...rest } = init;
  const headers = new Headers(initHeaders);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');

  let requestBody: BodyInit | null | undefined;
  if (body === undefined || body === null || isRawBody(body)) {
    requestBody = body;
  } else {
    requestBody = JSON.stringify(body);
    if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  }

  const xsrf = readCookie(XSRF_COOKIE);
  if (xsrf !== null && !headers.has(XSRF_HEADER)) headers.set(XSRF_HEADER, xsrf);

  const response = await fetch(path, { credentials: 'same-origin', ...rest, headers, body: requestBody });
  announceResponseStatus(response.status, path);
  const parsed = await readBody(response).catch(() => undefined);
  if (response.status < 200 || response.status > 299) throw new ApiError(response.status, parsed, path);
  return parsed as T;
}
