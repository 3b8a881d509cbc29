import type { OptionKind } from '../../domain/product-option.entity.js';
import type { ProductStatus } from '../../domain/product.entity.js';

/**
 * What the Administration Portal sees of the catalogue: every row whatever its status, with the ids and
 * counts an editing screen needs. Money is integer pence ex VAT; sizes are bytes; times are ISO 8601.
 */
export interface AdminCategoryView {
  id: number;
  slug: string;
  name: string;
  description: string;
  sort_order: number;
  /** Products in the category, drafts included. */
  product_count: number;
  /** Of those, the published ones (what visitors see). */
  published_count: number;
  created_at: string;
  updated_at: string;
}

export interface AdminBrandView {
  id: number;
  name: string;
  website: string | null;
  sort_order: number;
  /** `/media/…` of the logo, or null. */
  logo_url: string | null;
  /** Products of the brand, drafts included. */
  product_count: number;
  created_at: string;
  updated_at: string;
}

export interface AdminProductListItem {
  id: number;
  slug: string;
  title: string;
  code: string;
  status: ProductStatus;
  featured: boolean;
  brand: { id: number; name: string } | null;
  /** Lowest active option price, ex VAT, pence; null when no option is active. */
  price_from: number | null;
  option_count: number;
  category_ids: number[];
  /** `/media/…` of the first image, or null. */
  image_url: string | null;
  created_at: string;
  updated_at: string;
}

export interface AdminOptionView {
  id: number;
  product_id: number;
  name: string;
  code: string;
  price: number;
  price_inc_vat: number;
  weight: number;
  qty: number | null;
  kind: OptionKind;
  /** Learners per unit bought (online_access only). */
  seats: number | null;
  file_id: number | null;
  active: boolean;
  sort_order: number;
  in_stock: boolean;
}

export interface AdminImageView {
  id: number;
  url: string;
  alt: string;
  width: number | null;
  height: number | null;
  sort_order: number;
  created_at: string;
}

export interface AdminVideoView {
  id: number;
  title: string;
  /** The external https address; null for an uploaded video (kept private). */
  url: string | null;
  /** True for an uploaded video (stored privately; streamed only to those allowed to watch). */
  uploaded: boolean;
  is_preview: boolean;
  sort_order: number;
  created_at: string;
}

export interface AdminFileView {
  id: number;
  name: string;
  content_type: string;
  size: number;
  /** The admin-only download address. */
  download_url: string;
  created_at: string;
}

export interface AdminProductView extends Omit<AdminProductListItem, 'image_url' | 'option_count'> {
  summary: string;
  description: string;
  brand_id: number | null;
  running_time: number | null;
  year: number | null;
  language: string | null;
  accreditation: string | null;
  options: AdminOptionView[];
  images: AdminImageView[];
  videos: AdminVideoView[];
  files: AdminFileView[];
}
