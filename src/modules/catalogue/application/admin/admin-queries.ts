import type { ProductStatus } from '../../domain/product.entity.js';
import { escapeLike } from '../../../../shared/like-pattern.js';

/** Paging of every admin list: `page` from 1, `per_page` at most ADMIN_MAX_PER_PAGE. */
export const ADMIN_MAX_PER_PAGE = 100;

export interface Paging {
  page: number;
  perPage: number;
}

export const CATEGORY_ADMIN_SORTS = [
  'sort_order', '-sort_order', 'name', '-name', 'slug', '-slug', 'product_count', '-product_count', 'created_at', '-created_at',
] as const;
export type CategoryAdminSort = (typeof CATEGORY_ADMIN_SORTS)[number];

export interface CategoryAdminQuery {
  /** Part of the name or slug. */
  search?: string | undefined;
  sort: CategoryAdminSort;
}

export const BRAND_ADMIN_SORTS = ['sort_order', '-sort_order', 'name', '-name', 'product_count', '-product_count', 'created_at', '-created_at'] as const;
export type BrandAdminSort = (typeof BRAND_ADMIN_SORTS)[number];

export interface BrandAdminQuery {
  /** Part of the name. */
  search?: string | undefined;
  sort: BrandAdminSort;
}

export const PRODUCT_ADMIN_SORTS = [
  '-updated_at', 'updated_at', '-created_at', 'created_at', 'title', '-title', 'code', '-code', 'price', '-price',
] as const;
export type ProductAdminSort = (typeof PRODUCT_ADMIN_SORTS)[number];

export interface ProductAdminQuery {
  /** Part of the title or code. */
  search?: string | undefined;
  categoryId?: number | undefined;
  brandId?: number | undefined;
  status?: ProductStatus | undefined;
  featured?: boolean | undefined;
  sort: ProductAdminSort;
}

/** `%term%` for ILIKE, with the pattern characters of the term taken literally. */
export function containsPattern(term: string): string {
  return `%${escapeLike(term)}%`;
}
