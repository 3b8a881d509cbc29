import { useId, useRef, useState } from 'react';
import { describeFileType, formatFileSize } from '../../../lib/format.js';
import { formFailure } from '../../../lib/form-errors.js';
import { ConfirmDialog } from '../../kit/ConfirmDialog.js';
import { ItemTable, type ItemColumn } from '../../kit/ItemTable.js';
import { useNotify } from '../../kit/notifications.js';
import { Empty } from '../../kit/states.js';
import { UploadProgressBar, uploadWithProgress, type UploadProgress } from '../../kit/upload-with-progress.js';
import { productPath, useDeletePart, useProductChanged } from './product-tabs.js';
import type { Product, ProductFile } from './product.resource.js';

const FILE_TYPES = 'PDF, ZIP, PowerPoint, Word, Excel, MP4, WebM or MP3, at most 200 MB.';
const FILE_ACCEPT = '.pdf,.zip,.pptx,.docx,.xlsx,.mp4,.webm,.mp3';

const FILE_COLUMNS: ItemColumn<ProductFile>[] = [
  {
    header: 'Name',
    cell: (file) => (
      <a href={file.download_url} download={file.name}>
        {file.name}
      </a>
    ),
  },
  { header: 'Type', cell: (file) => describeFileType(file.content_type) },
  { header: 'Size', numeric: true, cell: (file) => formatFileSize(file.size) },
];

/** The files buyers download (unlocked by download options): upload with a name, list, download, delete after asking. */
export function ProductFilesTab({ product }: { product: Product }) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const remove = useDeletePart<ProductFile>(product.id, {
    path: (file) => `files/${file.id}`,
    deleted: (file) => `${file.name} is deleted.`,
    // 409: a download option still unlocks it; the API's message says which.
    onRefused: setRefusal,
    onDeleted: () => setRefusal(null),
  });

  return (
    <div className="product-tab" data-product-files="">
      {refusal && (
        <div className="notice notice--error" role="alert" data-product-file-refusal="">
          <p>{refusal}</p>
        </div>
      )}
      {product.files.length === 0 ? (
        <Empty>
          <p>No files yet. Upload one below; a download option then unlocks it for its buyers.</p>
        </Empty>
      ) : (
        <ItemTable
          caption={`Files of ${product.title}`}
          items={product.files}
          columns={FILE_COLUMNS}
          nameOf={(file) => file.name}
          rowData={(file) => ({ 'data-product-file': file.name })}
          onDelete={remove.ask}
        />
      )}
      <section className="admin-panel" aria-labelledby="product-file-upload">
        <h2 id="product-file-upload" className="product-subform__title">
          Upload a file
        </h2>
        <FileUploader product={product} onUploaded={() => setRefusal(null)} />
      </section>
      <ConfirmDialog {...remove.confirm} title={`Delete ${remove.deleting?.name ?? 'the file'}?`} confirmLabel="Delete file">
        <p>The file is deleted from storage. Buyers who already have it keep their copy.</p>
      </ConfirmDialog>
    </div>
  );
}

/**
 * A file and the name buyers see, sent when "Upload" is pressed, with its progress. Not a `<form>` of its own, so
 * it can also sit inside the option form (a download option's file uploaded where it is chosen).
 */
export function FileUploader({ product, onUploaded }: { product: Product; onUploaded: (file: ProductFile) => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const notify = useNotify();
  const changed = useProductChanged(product.id);

  const upload = async () => {
    const file = input.current?.files?.[0];
    if (!file) {
      setError('Choose a file to upload.');
      return;
    }
    const form = new FormData();
    form.append('file', file);
    if (name.trim() !== '') form.append('name', name.trim());
    setError(null);
    setProgress({ loaded: 0, total: file.size });
    try {
      const stored = await uploadWithProgress<ProductFile>(productPath(product.id, 'files'), form, setProgress);
      setName('');
      if (input.current) input.current.value = '';
      // The product is read again first, so the new file is in every list (an option's file select) when announced.
      await changed();
      onUploaded(stored);
      notify({ kind: 'success', message: `${stored.name} uploaded.` });
    } catch (failed) {
      const failure = formFailure(failed);
      setError([...(failure.errors.file ?? []), ...(failure.errors.name ?? [])].join(' ') || failure.message);
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className={`product-uploader${error ? ' field--invalid' : ''}`} data-product-file-uploader="">
      <div className="field">
        <label className="field__label" htmlFor={`${id}-file`}>
          File to upload
        </label>
        <p id={`${id}-hint`} className="field__hint">
          {FILE_TYPES}
        </p>
        {error && (
          <p id={`${id}-error`} className="field__error" role="alert" data-field-error="file">
            {error}
          </p>
        )}
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept={FILE_ACCEPT}
          disabled={progress !== null}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-name`}>
          Name buyers see <span className="field__optional">(optional)</span>
        </label>
        <p id={`${id}-name-hint`} className="field__hint">
          Left blank, the file’s own name.
        </p>
        <input
          id={`${id}-name`}
          className="input field__input"
          value={name}
          maxLength={190}
          aria-describedby={`${id}-name-hint`}
          onChange={(event) => setName(event.currentTarget.value)}
        />
      </div>
      <div className="product-uploader__actions">
        <button type="button" className="button" disabled={progress !== null} onClick={() => void upload()} data-product-file-upload="">
          Upload file
        </button>
        {progress && <UploadProgressBar progress={progress} label="File upload" />}
      </div>
    </div>
  );
}
