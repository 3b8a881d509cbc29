import type { Category } from '../../domain/category.entity.js';
import type { CategoryAdminQuery } from '../admin/admin-queries.js';

export const CATEGORY_ADMIN_STORE = Symbol('CategoryAdminStore');

export interface CategoryCounts {
  /** Products in the category, drafts included. */
  products: number;
  published: number;
}

export interface CategoryRow {
  category: Category;
  counts: CategoryCounts;
}

/** The categories as administrators change them (every category, with product counts incl. drafts). */
export interface CategoryAdminStore {
  list(query: CategoryAdminQuery, offset: number, limit: number): Promise<{ rows: CategoryRow[]; total: number }>;
  findById(id: number): Promise<Category | null>;
  findBySlug(slug: string): Promise<Category | null>;
  counts(id: number): Promise<CategoryCounts>;
  /** Persists the category; a slug taken meanwhile becomes the domain's duplicate-slug error. */
  save(category: Category): Promise<void>;
  remove(category: Category): Promise<void>;
}
