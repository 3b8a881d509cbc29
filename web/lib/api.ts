/**
 * The browser's one way to call the JSON API (seed §7, §8).
 *
 * - JSON by default: a plain object/array `body` is sent as JSON with `Content-Type: application/json`.
 * - `credentials: 'same-origin'`; the `XSRF-TOKEN` cookie, when present, is echoed in `X-XSRF-TOKEN`.
 * - 200–299 is success; anything else throws an `ApiError`. No timeout.
 * - Any status ≥ 500 also raises the "Error 500" dialog (see `ErrorDialog`); the error still reaches the caller.
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
  if (response.status >= 500) notifyServerError({ status: response.status, path });
  const parsed = await readBody(response).catch(() => undefined);
  if (response.status < 200 || response.status > 299) throw new ApiError(response.status, parsed, path);
  return parsed as T;
}
