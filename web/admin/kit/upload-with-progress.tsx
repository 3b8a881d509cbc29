import { ApiError, announceResponseStatus, readCookie, XSRF_COOKIE, XSRF_HEADER } from '../../lib/api.js';
import './upload-with-progress.css';

/** How far an upload has got: bytes sent of the total (the total is unknown until the browser knows it). */
export interface UploadProgress {
  loaded: number;
  total: number | null;
}

/**
 * `POST`s (or `method`s: the course film is `PUT`) a multipart form like `apiFetch`, but through XMLHttpRequest, because `fetch` cannot report how much
 * of a request body has been sent and a 200 MB video takes minutes. Same rules as `apiFetch`: the XSRF header,
 * the 500 dialog and the "Auth Token Expired" warning, an `ApiError` for anything but 2xx.
 */
export function uploadWithProgress<T>(path: string, form: FormData, onProgress: (progress: UploadProgress) => void, method: 'POST' | 'PUT' = 'POST'): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, path);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    const xsrf = readCookie(XSRF_COOKIE);
    if (xsrf !== null) request.setRequestHeader(XSRF_HEADER, xsrf);
    request.upload.addEventListener('progress', (event) => onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : null }));
    request.addEventListener('error', () => reject(new TypeError('The upload could not reach the shop.')));
    request.addEventListener('abort', () => reject(new TypeError('The upload was stopped.')));
    request.addEventListener('load', () => {
      announceResponseStatus(request.status, path);
      let body: unknown = request.responseText === '' ? undefined : request.responseText;
      if ((request.getResponseHeader('content-type') ?? '').includes('json') && typeof body === 'string') {
        try {
          body = JSON.parse(body) as unknown;
        } catch {
          // not JSON after all: the text is the body
        }
      }
      if (request.status >= 200 && request.status < 300) resolve(body as T);
      else reject(new ApiError(request.status, body, path));
    });
    request.send(form);
  });
}

/** The progress of an upload under way, as a labelled progress bar (screen readers hear the percentage). */
export function UploadProgressBar({ progress, label }: { progress: UploadProgress; label: string }) {
  const percent = progress.total ? Math.round((progress.loaded / progress.total) * 100) : null;
  return (
    <div className="admin-upload-progress" data-admin-upload-progress="">
      <progress max={100} value={percent ?? undefined} aria-label={label} />
      <span role="status">{percent === null ? 'Uploading…' : percent >= 100 ? 'Processing…' : `Uploading… ${percent}%`}</span>
    </div>
  );
}
