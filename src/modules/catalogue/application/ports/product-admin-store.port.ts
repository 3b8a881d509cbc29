import type { Product, ProductStatus } from '../../domain/product.entity.js';
import type { ProductAdminQuery } from '../admin/admin-queries.js';

export const PRODUCT_ADMIN_STORE = Symbol('ProductAdminStore');

/** One line of the admin product list, read in one query per page (no N+1). */
export interface AdminProductRow {
  id: number;
  slug: string;
  title: string;
  code: string;
  status: ProductStatus;
  featured: boolean;
  brand_id: number | null;
  brand_name: string | null;
  price_from: number | null;
  option_count: number;
  category_ids: number[];
  image_key: string | null;
  created_at: Date;
  updated_at: Date;
}

/**
 * Products and their category memberships, as administrators change them (drafts included). Writes that must
 * agree with each other (an option and the product's price_from) run in one transaction opened by the
 * application; `lock` serialises them per product. Options have their own port (product-option-admin-store.port.ts).
 */
export interface ProductAdminStore {
  list(query: ProductAdminQuery, offset: number, limit: number): Promise<{ rows: AdminProductRow[]; total: number }>;
  findById(id: number): Promise<Product | null>;
  /** The product, its row locked until the surrounding transaction ends (SELECT … FOR UPDATE). */
  lock(id: number): Promise<Product | null>;
  findBySlug(slug: string): Promise<Product | null>;
  findByCode(code: string): Promise<Product | null>;
  /** Persists the product; a slug or code taken meanwhile becomes the matching field error. */
  save(product: Product): Promise<void>;
  /** Deletes the product and (by cascade) its category memberships, options, images, videos and files rows. */
  remove(product: Product): Promise<void>;

  categoryIds(productId: number): Promise<number[]>;
  /** Which of `ids` are categories. */
  existingCategoryIds(ids: readonly number[]): Promise<number[]>;
  replaceCategories(productId: number, categoryIds: readonly number[]): Promise<void>;
  brandName(brandId: number): Promise<string | null>;
}
