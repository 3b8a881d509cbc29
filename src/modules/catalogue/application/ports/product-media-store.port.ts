import type { ProductFile, ProductImage, ProductVideo } from '../../domain/product-media.entity.js';

export const PRODUCT_MEDIA_STORE = Symbol('ProductMediaStore');

/** A product's images, videos and files (rows only: the bytes live in file storage). */
export interface ProductMediaStore {
  images(productId: number): Promise<ProductImage[]>;
  findImage(productId: number, imageId: number): Promise<ProductImage | null>;
  videos(productId: number): Promise<ProductVideo[]>;
  findVideo(productId: number, videoId: number): Promise<ProductVideo | null>;
  files(productId: number): Promise<ProductFile[]>;
  findFile(productId: number, fileId: number): Promise<ProductFile | null>;
  /** The next free sort order among the product's images or videos (new ones go last). */
  nextSortOrder(kind: 'image' | 'video', productId: number): Promise<number>;
  /** Codes of the options that unlock the file. */
  optionsUnlocking(fileId: number): Promise<string[]>;
  /** Every storage key the product's rows point at (images, uploaded videos, files). */
  storageKeys(productId: number): Promise<string[]>;
  save(row: ProductImage | ProductVideo | ProductFile): Promise<void>;
  remove(row: ProductImage | ProductVideo | ProductFile): Promise<void>;
}
