import { defineEntity, p } from '@mikro-orm/core';

/** An image of a product, shown in its gallery in `sortOrder`. The bytes live in file storage (`public/…`). */
export class ProductImage {
  id!: number;
  productId!: number;
  storageKey!: string;
  alt = '';
  width: number | null = null;
  height: number | null = null;
  sortOrder = 0;
  createdAt: Date = new Date();

  constructor(fields: { productId: number; storageKey: string; alt: string; width?: number | null; height?: number | null; sortOrder: number }) {
    Object.assign(this, { width: null, height: null, ...fields });
  }
}

export const ProductImageSchema = defineEntity({
  class: ProductImage,
  tableName: 'product_images',
  properties: {
    id: p.integer().primary().autoincrement(),
    productId: p.integer(),
    storageKey: p.string().length(300),
    alt: p.string().length(300),
    width: p.integer().nullable(),
    height: p.integer().nullable(),
    sortOrder: p.integer(),
    createdAt: p.datetime(),
  },
});

/**
 * A video of a product: an external URL (an https YouTube/Vimeo page or file) or a stored file (`private/…`,
 * streamed only to those allowed to watch). A preview video is what a preview request unlocks.
 */
export class ProductVideo {
  id!: number;
  productId!: number;
  title!: string;
  url: string | null = null;
  storageKey: string | null = null;
  isPreview = true;
  sortOrder = 0;
  createdAt: Date = new Date();

  constructor(fields: { productId: number; title: string; url: string | null; storageKey: string | null; isPreview: boolean; sortOrder: number }) {
    Object.assign(this, fields);
  }
}

export const ProductVideoSchema = defineEntity({
  class: ProductVideo,
  tableName: 'product_videos',
  properties: {
    id: p.integer().primary().autoincrement(),
    productId: p.integer(),
    title: p.string().length(200),
    url: p.string().length(500).nullable(),
    storageKey: p.string().length(300).nullable(),
    isPreview: p.boolean(),
    sortOrder: p.integer(),
    createdAt: p.datetime(),
  },
});

/** A downloadable asset of a product (stored under `private/…`; unlocked by a download option once bought). */
export class ProductFile {
  id!: number;
  productId!: number;
  name!: string;
  storageKey!: string;
  contentType!: string;
  size!: number;
  createdAt: Date = new Date();

  constructor(fields: { productId: number; name: string; storageKey: string; contentType: string; size: number }) {
    Object.assign(this, fields);
  }
}

export const ProductFileSchema = defineEntity({
  class: ProductFile,
  tableName: 'product_files',
  properties: {
    id: p.integer().primary().autoincrement(),
    productId: p.integer(),
    name: p.string().length(200),
    storageKey: p.string().length(300),
    contentType: p.string().length(120),
    size: p.integer(),
    createdAt: p.datetime(),
  },
});
