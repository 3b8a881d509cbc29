import { useId, useRef, useState } from 'react';
import { apiFetch } from '../../lib/api.js';
import { formFailure } from '../../lib/form-errors.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { useNotify } from './notifications.js';

interface UploadFieldProps<T> {
  label: string;
  /** What the API takes, for the hint ("PNG, JPEG or WebP, at most 2 MB"). */
  accepts: string;
  /** The `accept` attribute (`image/png,image/jpeg,image/webp`). */
  accept: string;
  /** The current file's address, for the preview; null when there is none. */
  currentUrl: string | null;
  /** `POST` multipart with the file as `file`. */
  uploadPath: string;
  /** `DELETE` it; no remove button without it. */
  removePath?: string;
  /** The resource as the API answers after an upload or removal. */
  onChanged: (updated: T) => void;
  /** Alt text of the preview. */
  previewAlt: string;
  /** A bigger preview, for a picture people look at (a blog cover) rather than a logo. */
  large?: boolean;
}

/** Uploads one file at once when chosen (no separate save), shows what is there, and removes it after asking. */
export function UploadField<T>({ label, accepts, accept, currentUrl, uploadPath, removePath, onChanged, previewAlt, large }: UploadFieldProps<T>) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);

  const send = async (path: string, init: Parameters<typeof apiFetch>[1], done: string) => {
    setBusy(true);
    setError(null);
    try {
      onChanged(await apiFetch<T>(path, init));
      notify({ kind: 'success', message: done });
    } catch (failed) {
      const failure = formFailure(failed);
      setError(failure.errors.file?.join(' ') ?? failure.message);
    } finally {
      setBusy(false);
      setConfirmRemove(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className={`field admin-upload${error ? ' field--invalid' : ''}`} data-admin-upload="">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <p id={`${id}-hint`} className="field__hint">
        {accepts}
      </p>
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert" data-field-error="file">
          {error}
        </p>
      )}
      <div className="admin-upload__row">
        {currentUrl ? <img className={`admin-upload__preview${large ? ' admin-upload__preview--large' : ''}`} src={currentUrl} alt={previewAlt} /> : <span className="admin-upload__none">None yet</span>}
        <input
          ref={input}
          id={id}
          type="file"
          accept={accept}
          disabled={busy}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (!file) return;
            const form = new FormData();
            form.append('file', file);
            void send(uploadPath, { method: 'POST', body: form }, `${label} uploaded.`);
          }}
        />
        {busy && <span role="status">Uploading…</span>}
        {removePath && currentUrl && (
          <button type="button" className="button button--danger-ghost" disabled={busy} onClick={() => setConfirmRemove(true)}>
            Remove
          </button>
        )}
      </div>
      {removePath && (
        <ConfirmDialog
          open={confirmRemove}
          title={`Remove the ${label.toLowerCase()}?`}
          confirmLabel="Remove"
          busy={busy}
          onConfirm={() => void send(removePath, { method: 'DELETE' }, `${label} removed.`)}
          onCancel={() => setConfirmRemove(false)}
        >
          <p>The file is deleted from storage.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
