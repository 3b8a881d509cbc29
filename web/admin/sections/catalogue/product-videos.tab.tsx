import { useId, useRef, useState } from 'react';
import { apiFetch } from '../../../lib/api.js';
import { formFailure } from '../../../lib/form-errors.js';
import { ConfirmDialog } from '../../kit/ConfirmDialog.js';
import { ItemTable, type ItemColumn } from '../../kit/ItemTable.js';
import { useNotify } from '../../kit/notifications.js';
import { Empty } from '../../kit/states.js';
import { UploadProgressBar, uploadWithProgress, type UploadProgress } from '../../kit/upload-with-progress.js';
import { productPath, useDeletePart, useProductChanged } from './product-tabs.js';
import type { Product, ProductVideo } from './product.resource.js';

const VIDEO_COLUMNS: ItemColumn<ProductVideo>[] = [
  { header: 'Title', cell: (video) => video.title },
  {
    header: 'Source',
    className: 'product-break',
    cell: (video) =>
      video.url ? (
        <a href={video.url} target="_blank" rel="noreferrer noopener">
          {video.url}
        </a>
      ) : (
        'Uploaded file (private)'
      ),
  },
  { header: 'In previews', cell: (video) => (video.is_preview ? 'Yes' : 'No') },
];

/** A product's videos: a YouTube/Vimeo/MP4 address or an uploaded file, each marked whether a preview shows it. */
export function ProductVideosTab({ product }: { product: Product }) {
  const remove = useDeletePart<ProductVideo>(product.id, { path: (video) => `videos/${video.id}`, deleted: (video) => `The video ${video.title} is deleted.` });

  return (
    <div className="product-tab" data-product-videos="">
      {product.videos.length === 0 ? (
        <Empty>
          <p>No videos yet. Add one by its address or upload a file below.</p>
        </Empty>
      ) : (
        <ItemTable
          caption={`Videos of ${product.title}`}
          items={product.videos}
          columns={VIDEO_COLUMNS}
          nameOf={(video) => video.title}
          rowData={(video) => ({ 'data-product-video': video.title })}
          onDelete={remove.ask}
        />
      )}
      <section className="admin-panel" aria-labelledby="product-video-add">
        <h2 id="product-video-add" className="product-subform__title">
          Add a video
        </h2>
        <VideoForm product={product} />
      </section>
      <ConfirmDialog {...remove.confirm} title={`Delete the video ${remove.deleting?.title ?? ''}?`} confirmLabel="Delete video">
        <p>{remove.deleting?.uploaded ? 'The uploaded file is deleted from storage.' : 'Only the link is removed; the video stays where it is hosted.'}</p>
      </ConfirmDialog>
    </div>
  );
}

type Source = 'url' | 'file';

function VideoForm({ product }: { product: Product }) {
  const id = useId();
  const notify = useNotify();
  const changed = useProductChanged(product.id);
  const fileInput = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<Source>('url');
  const [title, setTitle] = useState('');
  const [url, setUrl] = useState('');
  const [isPreview, setIsPreview] = useState(true);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const busy = progress !== null;

  const submit = async () => {
    setErrors({});
    setMessage(null);
    try {
      if (source === 'url') {
        setProgress({ loaded: 0, total: null });
        await apiFetch<ProductVideo>(productPath(product.id, 'videos'), { method: 'POST', body: { title, url, is_preview: isPreview } });
      } else {
        const file = fileInput.current?.files?.[0];
        if (!file) {
          setErrors({ file: ['Choose a video file to upload.'] });
          return;
        }
        const form = new FormData();
        form.append('file', file);
        form.append('title', title);
        form.append('is_preview', String(isPreview));
        setProgress({ loaded: 0, total: file.size });
        await uploadWithProgress<ProductVideo>(productPath(product.id, 'videos'), form, setProgress);
      }
      const added = title.trim();
      setTitle('');
      setUrl('');
      if (fileInput.current) fileInput.current.value = '';
      await changed();
      notify({ kind: 'success', message: `The video ${added} is added.` });
    } catch (failed) {
      const failure = formFailure(failed);
      setErrors(failure.errors);
      setMessage(failure.message);
    } finally {
      setProgress(null);
    }
  };

  const error = (name: string) =>
    errors[name] && (
      <p id={`${id}-${name}-error`} className="field__error" role="alert" data-field-error={name}>
        {errors[name].join(' ')}
      </p>
    );
  const invalid = (name: string) => (errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${name}-error` } : {});

  return (
    <form
      className="product-uploader"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      data-product-video-form=""
    >
      {message && Object.keys(errors).length === 0 && (
        <div className="notice notice--error" role="alert">
          <p>{message}</p>
        </div>
      )}
      <fieldset className="product-source">
        <legend className="field__label">Source</legend>
        <label className="product-source__choice">
          <input type="radio" name={`${id}-source`} checked={source === 'url'} onChange={() => setSource('url')} /> A link: YouTube, Vimeo, or an .mp4/.webm file online
        </label>
        <label className="product-source__choice">
          <input type="radio" name={`${id}-source`} checked={source === 'file'} onChange={() => setSource('file')} data-product-video-source="file" /> Upload a file (MP4 or WebM, at most 200 MB; kept private)
        </label>
      </fieldset>
      <div className={`field${errors.title ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={`${id}-title`}>
          Title
        </label>
        {error('title')}
        <input id={`${id}-title`} className="input field__input" value={title} maxLength={200} onChange={(event) => setTitle(event.currentTarget.value)} {...invalid('title')} />
      </div>
      {source === 'url' ? (
        <div className={`field${errors.url ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor={`${id}-url`}>
            Video address
          </label>
          <p className="field__hint">An https:// address, e.g. https://www.youtube.com/watch?v=…</p>
          {error('url')}
          <input id={`${id}-url`} type="url" className="input field__input" value={url} maxLength={500} onChange={(event) => setUrl(event.currentTarget.value)} {...invalid('url')} />
        </div>
      ) : (
        <div className={`field${errors.file ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor={`${id}-file`}>
            Video file
          </label>
          {error('file')}
          <input ref={fileInput} id={`${id}-file`} type="file" accept="video/mp4,video/webm" disabled={busy} {...invalid('file')} />
        </div>
      )}
      <div className="field__check">
        <input id={`${id}-preview`} type="checkbox" className="field__checkbox" checked={isPreview} onChange={(event) => setIsPreview(event.currentTarget.checked)} />
        <label className="field__check-label" htmlFor={`${id}-preview`}>
          Shown in previews (what a preview request unlocks)
        </label>
      </div>
      {error('is_preview')}
      <div className="product-uploader__actions">
        <button type="submit" className="button" disabled={busy} data-product-video-add="">
          {source === 'url' ? 'Add video' : 'Upload video'}
        </button>
        {progress && source === 'file' && <UploadProgressBar progress={progress} label="Video upload" />}
        {progress && source === 'url' && <span role="status">Adding…</span>}
      </div>
    </form>
  );
}
