import {
  closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent,
} from '@dnd-kit/core';
import { arrayMove, rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useMutation } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState } from 'react';
import { apiFetch } from '../../../lib/api.js';
import { formFailure } from '../../../lib/form-errors.js';
import { ConfirmDialog } from '../../kit/ConfirmDialog.js';
import { useNotify } from '../../kit/notifications.js';
import { Empty } from '../../kit/states.js';
import { UploadProgressBar, uploadWithProgress, type UploadProgress } from '../../kit/upload-with-progress.js';
import { productPath, useDeletePart, useProductChanged } from './product-tabs.js';
import type { Product, ProductImage } from './product.resource.js';

/** The gallery's order, as the API and the shop use it: `sort_order`, then id. */
const galleryOrder = (images: readonly ProductImage[]) => [...images].sort((a, b) => a.sort_order - b.sort_order || a.id - b.id);

/**
 * A product's pictures: upload with alt text, edit the alt text, reorder (drag, the drag handle's keyboard
 * sensor, or the move buttons) and delete after asking. A new order is saved at once as `sort_order` 0, 1, 2…
 */
export function ProductImagesTab({ product }: { product: Product }) {
  const notify = useNotify();
  const changed = useProductChanged(product.id);
  // The order being saved shows at once; once saved, the product is read again and its order is shown.
  const [moving, setMoving] = useState<ProductImage[] | null>(null);
  const order = useMemo(() => moving ?? galleryOrder(product.images), [moving, product.images]);

  const reorder = useMutation({
    mutationFn: async (next: ProductImage[]) => {
      // Only the images whose place changed are sent, one after another (the API takes one image a request).
      for (const [index, image] of next.entries()) {
        if (image.sort_order !== index) await apiFetch<ProductImage>(productPath(product.id, `images/${image.id}`), { method: 'PATCH', body: { sort_order: index } });
      }
    },
    onSuccess: () => notify({ kind: 'success', message: 'Image order saved.' }),
    onError: (failed) => notify({ kind: 'error', message: `The order was not saved: ${formFailure(failed).message}` }),
    onSettled: async () => {
      await changed();
      setMoving(null);
    },
  });
  const move = (from: number, to: number) => {
    if (to < 0 || to >= order.length || from === to) return;
    const next = arrayMove(order, from, to);
    setMoving(next);
    reorder.mutate(next);
  };

  const remove = useDeletePart<ProductImage>(product.id, { path: (image) => `images/${image.id}`, deleted: () => 'The image is deleted.' });

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const describe = (id: string | number) => {
    const index = order.findIndex((image) => image.id === Number(id));
    return `image ${index + 1}${order[index]?.alt ? `, ${order[index].alt}` : ''}`;
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${describe(active.id)}.`,
    onDragOver: ({ over }) => (over ? `Over position ${order.findIndex((image) => image.id === Number(over.id)) + 1} of ${order.length}.` : undefined),
    onDragEnd: ({ over }) => (over ? `Dropped at position ${order.findIndex((image) => image.id === Number(over.id)) + 1} of ${order.length}.` : 'Dropped.'),
    onDragCancel: () => 'Moving cancelled; the order is unchanged.',
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    move(
      order.findIndex((image) => image.id === Number(active.id)),
      order.findIndex((image) => image.id === Number(over.id)),
    );
  };

  return (
    <div className="product-tab" data-product-images="">
      {order.length === 0 ? (
        <Empty>
          <p>No images yet. Upload the first below; the first image is the one lists and the shop show.</p>
        </Empty>
      ) : (
        <>
          <p className="admin-page__intro" id="product-images-help">
            The first image is the one lists show. Drag an image by its handle, or use the handle with the keyboard (Space, then the arrow keys, then Space), or
            the move buttons.
          </p>
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={{
              announcements,
              screenReaderInstructions: { draggable: 'Press Space to pick the image up, the arrow keys to move it, Space again to drop it, Escape to cancel.' },
            }}
          >
            <SortableContext items={order.map((image) => image.id)} strategy={rectSortingStrategy}>
              <ol className="product-gallery" aria-describedby="product-images-help" aria-busy={reorder.isPending}>
                {order.map((image, index) => (
                  <SortableImage
                    key={image.id}
                    product={product}
                    image={image}
                    position={index}
                    count={order.length}
                    busy={reorder.isPending}
                    onMove={(to) => move(index, to)}
                    onDelete={() => remove.ask(image)}
                  />
                ))}
              </ol>
            </SortableContext>
          </DndContext>
        </>
      )}
      <section className="admin-panel" aria-labelledby="product-image-upload">
        <h2 id="product-image-upload" className="product-subform__title">
          Upload an image
        </h2>
        <ImageUploader product={product} />
      </section>
      <ConfirmDialog {...remove.confirm} title="Delete this image?" confirmLabel="Delete image">
        {remove.deleting && <img className="product-confirm-image" src={remove.deleting.url} alt={remove.deleting.alt} />}
        <p>The picture is deleted from storage and leaves the shop.</p>
      </ConfirmDialog>
    </div>
  );
}

interface SortableImageProps {
  product: Product;
  image: ProductImage;
  position: number;
  count: number;
  busy: boolean;
  onMove: (to: number) => void;
  onDelete: () => void;
}

function SortableImage({ product, image, position, count, busy, onMove, onDelete }: SortableImageProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: image.id });
  const name = `image ${position + 1}${image.alt ? ` (${image.alt})` : ''}`;
  return (
    <li
      ref={setNodeRef}
      className={`product-gallery__item${isDragging ? ' product-gallery__item--dragging' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-product-image={image.id}
    >
      <div className="product-gallery__top">
        <button type="button" ref={setActivatorNodeRef} className="product-gallery__handle" aria-label={`Drag ${name}`} {...attributes} {...listeners}>
          <span aria-hidden="true">⠿</span>
        </button>
        <span className="product-gallery__position">
          {position + 1} of {count}
          {position === 0 && <span className="product-badge product-badge--featured">Main</span>}
        </span>
      </div>
      <img className="product-gallery__image" src={image.url} alt={image.alt} width={image.width ?? undefined} height={image.height ?? undefined} loading="lazy" />
      <AltTextEditor product={product} image={image} />
      <div className="product-gallery__actions">
        <button type="button" className="button button--secondary button--small" disabled={busy || position === 0} onClick={() => onMove(position - 1)} aria-label={`Move ${name} earlier`} data-product-image-earlier="">
          ← Earlier
        </button>
        <button type="button" className="button button--secondary button--small" disabled={busy || position === count - 1} onClick={() => onMove(position + 1)} aria-label={`Move ${name} later`} data-product-image-later="">
          Later →
        </button>
        <button type="button" className="button button--danger-ghost button--small" onClick={onDelete} aria-label={`Delete ${name}`} data-product-image-delete="">
          Delete
        </button>
      </div>
    </li>
  );
}

function AltTextEditor({ product, image }: { product: Product; image: ProductImage }) {
  const id = useId();
  const notify = useNotify();
  const changed = useProductChanged(product.id);
  const [alt, setAlt] = useState(image.alt);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => apiFetch<ProductImage>(productPath(product.id, `images/${image.id}`), { method: 'PATCH', body: { alt } }),
    onSuccess: async () => {
      setError(null);
      notify({ kind: 'success', message: 'Alt text saved.' });
      await changed();
    },
    onError: (failed) => {
      const failure = formFailure(failed);
      setError(failure.errors.alt?.join(' ') ?? failure.message);
    },
  });
  return (
    <form
      className={`product-alt${error ? ' field--invalid' : ''}`}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <label className="field__label" htmlFor={id}>
        Alt text
      </label>
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
      <div className="product-alt__row">
        <input id={id} className="input" value={alt} maxLength={300} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} onChange={(event) => setAlt(event.currentTarget.value)} />
        <button type="submit" className="button button--secondary button--small" disabled={save.isPending || alt === image.alt}>
          Save
        </button>
      </div>
    </form>
  );
}

function ImageUploader({ product }: { product: Product }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [alt, setAlt] = useState('');
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const notify = useNotify();
  const changed = useProductChanged(product.id);
  const altDescribedBy = useMemo(() => [`${id}-alt-hint`, errors.alt ? `${id}-alt-error` : null].filter(Boolean).join(' '), [id, errors.alt]);

  const upload = async () => {
    const file = input.current?.files?.[0];
    if (!file) {
      setErrors({ file: 'Choose an image to upload.' });
      return;
    }
    const form = new FormData();
    form.append('file', file);
    if (alt.trim() !== '') form.append('alt', alt.trim());
    setErrors({});
    setProgress({ loaded: 0, total: file.size });
    try {
      await uploadWithProgress<ProductImage>(productPath(product.id, 'images'), form, setProgress);
      setAlt('');
      if (input.current) input.current.value = '';
      await changed();
      notify({ kind: 'success', message: 'Image uploaded.' });
    } catch (failed) {
      const failure = formFailure(failed);
      setErrors({ file: failure.errors.file?.join(' ') ?? (failure.errors.alt ? '' : failure.message), alt: failure.errors.alt?.join(' ') ?? '' });
    } finally {
      setProgress(null);
    }
  };

  return (
    <form
      className="product-uploader"
      onSubmit={(event) => {
        event.preventDefault();
        void upload();
      }}
      data-product-image-uploader=""
    >
      <div className={`field${errors.file ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={`${id}-file`}>
          Image
        </label>
        <p id={`${id}-hint`} className="field__hint">
          PNG, JPEG or WebP, at most 5 MB. Stored as WebP, at most 2400 pixels wide.
        </p>
        {errors.file && (
          <p id={`${id}-error`} className="field__error" role="alert" data-field-error="file">
            {errors.file}
          </p>
        )}
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          disabled={progress !== null}
          aria-invalid={errors.file ? true : undefined}
          aria-describedby={`${id}-hint${errors.file ? ` ${id}-error` : ''}`}
        />
      </div>
      <div className={`field${errors.alt ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={`${id}-alt`}>
          Alt text
        </label>
        <p id={`${id}-alt-hint`} className="field__hint">
          What the picture shows, for people who cannot see it.
        </p>
        {errors.alt && (
          <p id={`${id}-alt-error`} className="field__error" role="alert" data-field-error="alt">
            {errors.alt}
          </p>
        )}
        <input id={`${id}-alt`} className="input field__input" value={alt} maxLength={300} aria-describedby={altDescribedBy} onChange={(event) => setAlt(event.currentTarget.value)} />
      </div>
      <div className="product-uploader__actions">
        <button type="submit" className="button" disabled={progress !== null} data-product-image-upload="">
          Upload image
        </button>
        {progress && <UploadProgressBar progress={progress} label="Image upload" />}
      </div>
    </form>
  );
}
