import { vatOn } from '../../../../shared/money.js';
import { mediaUrl } from '../../../../platform/storage/index.js';
import type { ProductFile, ProductImage, ProductVideo } from '../../domain/product-media.entity.js';
import type { ProductOption } from '../../domain/product-option.entity.js';
import type { AdminFileView, AdminImageView, AdminOptionView, AdminVideoView } from './admin-views.js';

/** Row → admin view conversions shared by the product services. */
export function toAdminOption(option: ProductOption): AdminOptionView {
  return {
    id: option.id,
    product_id: option.productId,
    name: option.name,
    code: option.code,
    price: option.price,
    price_inc_vat: option.price + vatOn(option.price),
    weight: option.weight,
    qty: option.qty,
    kind: option.kind,
    seats: option.seats,
    file_id: option.fileId,
    active: option.active,
    sort_order: option.sortOrder,
    in_stock: option.inStock,
  };
}

export function toAdminImage(image: ProductImage): AdminImageView {
  return {
    id: image.id,
    url: mediaUrl(image.storageKey),
    alt: image.alt,
    width: image.width,
    height: image.height,
    sort_order: image.sortOrder,
    created_at: image.createdAt.toISOString(),
  };
}

export function toAdminVideo(video: ProductVideo): AdminVideoView {
  return {
    id: video.id,
    title: video.title,
    url: video.url,
    uploaded: video.storageKey !== null,
    is_preview: video.isPreview,
    sort_order: video.sortOrder,
    created_at: video.createdAt.toISOString(),
  };
}

export function toAdminFile(file: ProductFile): AdminFileView {
  return {
    id: file.id,
    name: file.name,
    content_type: file.contentType,
    size: file.size,
    download_url: `/api/admin/products/${file.productId}/files/${file.id}/download`,
    created_at: file.createdAt.toISOString(),
  };
}
