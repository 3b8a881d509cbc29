import type { Brand } from '../../domain/brand.entity.js';
import type { BrandAdminQuery } from '../admin/admin-queries.js';

export const BRAND_ADMIN_STORE = Symbol('BrandAdminStore');

export interface BrandRow {
  brand: Brand;
  productCount: number;
}

/** The brands as administrators change them (with product counts incl. drafts). */
export interface BrandAdminStore {
  list(query: BrandAdminQuery, offset: number, limit: number): Promise<{ rows: BrandRow[]; total: number }>;
  findById(id: number): Promise<Brand | null>;
  findByName(name: string): Promise<Brand | null>;
  productCount(id: number): Promise<number>;
  /** Persists the brand; a name taken meanwhile becomes the domain's duplicate-name error. */
  save(brand: Brand): Promise<void>;
  /** Deletes the brand; its products stay and lose the brand (brand_id on delete set null). */
  remove(brand: Brand): Promise<void>;
}
