import { Inject, Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { NotFoundError } from '../../../../shared/domain-error.js';
import { requestedRange } from '../../../../platform/http/index.js';
import { type ByteRange, FILE_STORAGE, type FileStorage, newStorageKey, normaliseImage } from '../../../../platform/storage/index.js';
import { ProductFile, ProductImage, ProductVideo } from '../../domain/product-media.entity.js';
import { PRODUCT_ADMIN_STORE, type ProductAdminStore } from '../ports/product-admin-store.port.js';
import { PRODUCT_MEDIA_STORE, type ProductMediaStore } from '../ports/product-media-store.port.js';
import { toAdminFile, toAdminImage, toAdminVideo } from './admin-mappers.js';
import { fileInUse } from '../../domain/catalogue-admin-errors.js';
import type { AdminFileView, AdminImageView, AdminVideoView } from './admin-views.js';
import { StoredObjects } from './stored-objects.js';
import type { UploadedFile, UploadedLargeFile } from './uploaded-file.js';
import { ChangesStorefront } from '../../../../platform/cache/index.js';

/** Product images are re-encoded no wider than this (the gallery's largest size, with room for 2× screens). */
const IMAGE_MAX_WIDTH = 2400;

export interface VideoDetails {
  title: string;
  isPreview: boolean;
}

/** A product file opened for download: the whole of it, or the range asked for. */
export interface OpenedFile {
  body: Readable;
  contentType: string;
  /** The whole file's size. */
  size: number;
  /** The part being read, or null for the whole file. */
  range: ByteRange | null;
  /** The name to offer the browser (what the administrator called the file). */
  name: string;
}

/**
 * A product's images, videos and files. The bytes go to file storage under keys we make (never the
 * uploader's name): images `public/products/{id}/…webp` (re-encoded WebP, metadata stripped), uploaded
 * videos and files `private/products/{id}/…` (never served by a public URL). An object is stored before
 * its row is written (and removed again if the row fails), and removed only after its row is gone.
 */
@Injectable()
export class ProductMediaAdminService {
  constructor(
    @Inject(PRODUCT_ADMIN_STORE) private readonly products: ProductAdminStore,
    @Inject(PRODUCT_MEDIA_STORE) private readonly media: ProductMediaStore,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly objects: StoredObjects,
  ) {}

  /* ------------------------------------------ images ------------------------------------------ */

  @ChangesStorefront()
  async addImage(productId: number, file: UploadedFile, alt: string): Promise<AdminImageView> {
    await this.assertProduct(productId);
    const image = await normaliseImage(file.buffer, { maxWidth: IMAGE_MAX_WIDTH });
    const key = newStorageKey('public', `products/${productId}`, image.extension);
    const row = new ProductImage({
      productId, storageKey: key, alt, width: image.width, height: image.height, sortOrder: await this.media.nextSortOrder('image', productId),
    });
    await this.storeThenSave(key, () => this.storage.put(key, image.buffer, image.contentType), row);
    return toAdminImage(row);
  }

  @ChangesStorefront()
  async updateImage(productId: number, imageId: number, changes: { alt?: string | undefined; sortOrder?: number | undefined }): Promise<AdminImageView> {
    const image = await this.media.findImage(productId, imageId);
    if (!image) throw new NotFoundError('Image');
    image.alt = changes.alt ?? image.alt;
    image.sortOrder = changes.sortOrder ?? image.sortOrder;
    await this.media.save(image);
    return toAdminImage(image);
  }

  @ChangesStorefront()
  async removeImage(productId: number, imageId: number): Promise<void> {
    const image = await this.media.findImage(productId, imageId);
    if (!image) throw new NotFoundError('Image');
    await this.media.remove(image);
    await this.objects.delete([image.storageKey]);
  }

  /* ------------------------------------------ videos ------------------------------------------ */

  /** A video hosted elsewhere: an https YouTube/Vimeo page or video file (checked at the edge). */
  @ChangesStorefront()
  async addVideoLink(productId: number, details: VideoDetails & { url: string }): Promise<AdminVideoView> {
    await this.assertProduct(productId);
    const video = new ProductVideo({
      productId, title: details.title, url: details.url, storageKey: null, isPreview: details.isPreview,
      sortOrder: await this.media.nextSortOrder('video', productId),
    });
    await this.media.save(video);
    return toAdminVideo(video);
  }

  /** An uploaded MP4/WebM, kept private: only those allowed to watch get it, streamed by the application. */
  @ChangesStorefront()
  async uploadVideo(productId: number, details: VideoDetails, file: UploadedLargeFile): Promise<AdminVideoView> {
    await this.assertProduct(productId);
    const key = newStorageKey('private', `products/${productId}/videos`, file.extension);
    const video = new ProductVideo({
      productId, title: details.title, url: null, storageKey: key, isPreview: details.isPreview,
      sortOrder: await this.media.nextSortOrder('video', productId),
    });
    await this.storeThenSave(key, () => this.storage.putStream(key, file.open(), file.contentType, { size: file.size }), video);
    return toAdminVideo(video);
  }

  @ChangesStorefront()
  async removeVideo(productId: number, videoId: number): Promise<void> {
    const video = await this.media.findVideo(productId, videoId);
    if (!video) throw new NotFoundError('Video');
    await this.media.remove(video);
    if (video.storageKey) await this.objects.delete([video.storageKey]);
  }

  /* ------------------------------------------ files ------------------------------------------- */

  /** A downloadable asset; `name` (else the uploaded file's name) is what buyers see. */
  @ChangesStorefront()
  async addFile(productId: number, file: UploadedLargeFile, name?: string): Promise<AdminFileView> {
    await this.assertProduct(productId);
    const key = newStorageKey('private', `products/${productId}/files`, file.extension);
    const row = new ProductFile({ productId, name: displayName(name || file.filename, file.extension), storageKey: key, contentType: file.contentType, size: file.size });
    await this.storeThenSave(key, () => this.storage.putStream(key, file.open(), file.contentType, { size: file.size }), row);
    return toAdminFile(row);
  }

  /** Refused (409) while a download option unlocks the file. */
  @ChangesStorefront()
  async removeFile(productId: number, fileId: number): Promise<void> {
    const file = await this.media.findFile(productId, fileId);
    if (!file) throw new NotFoundError('File');
    const unlockedBy = await this.media.optionsUnlocking(fileId);
    if (unlockedBy.length > 0) throw fileInUse(unlockedBy);
    await this.media.remove(file);
    await this.objects.delete([file.storageKey]);
  }

  /** The file, or the part of it a `Range` header asks for (416 for a range past its end), to check or resume. */
  async openFile(productId: number, fileId: number, rangeHeader?: string): Promise<OpenedFile> {
    const file = await this.media.findFile(productId, fileId);
    if (!file) throw new NotFoundError('File');
    const range = requestedRange(rangeHeader, file.size);
    const stored = await this.storage.get(file.storageKey, range ?? undefined);
    if (!stored) throw new NotFoundError('File');
    return { body: stored.body, contentType: file.contentType, size: stored.size, range, name: file.name };
  }

  /* ----------------------------------------- helpers ------------------------------------------ */

  private async storeThenSave(key: string, store: () => Promise<void>, row: ProductImage | ProductVideo | ProductFile): Promise<void> {
    await store();
    try {
      await this.media.save(row);
    } catch (error) {
      await this.objects.delete([key]);
      throw error;
    }
  }

  private async assertProduct(productId: number): Promise<void> {
    if (!(await this.products.findById(productId))) throw new NotFoundError('Product');
  }
}

/** "Risk assessment pack" + pdf → "Risk assessment pack.pdf": the name always ends in the sniffed type's extension. */
function displayName(name: string, extension: string): string {
  const trimmed = name.trim().slice(0, 190);
  const withoutExtension = trimmed.replace(/\.[A-Za-z0-9]{1,10}$/, '');
  return `${withoutExtension || 'file'}.${extension}`;
}
