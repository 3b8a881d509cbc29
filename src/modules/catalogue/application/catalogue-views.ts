import type { OptionKind } from '../domain/product-option.entity.js';

/**
 * What the catalogue shows visitors (the public API and the storefront pages). Money is integer pence,
 * ex VAT, with the inc-VAT figure beside it; pounds appear only when a page formats them.
 */
export interface CategoryView {
  id: number;
  slug: string;
  name: string;
  description: string;
  /** Published products in the category. */
  product_count: number;
}

export interface BrandView {
  id: number;
  name: string;
  /** `/media/…` of the logo, or null. */
  logo_url: string | null;
  website: string | null;
}

export interface ImageView {
  url: string;
  alt: string;
  width: number | null;
  height: number | null;
}

/** A product in a list (home, category, search, related). */
export interface ProductCard {
  id: number;
  slug: string;
  title: string;
  code: string;
  summary: string;
  brand: { id: number; name: string } | null;
  /** The lowest active option price, ex VAT, pence; null when the product has no active option. */
  price_from: number | null;
  price_from_inc_vat: number | null;
  image: ImageView | null;
  /** Kinds of its active options (physical, download, online_access, course). */
  kinds: OptionKind[];
  featured: boolean;
}

export interface OptionView {
  id: number;
  product_id: number;
  name: string;
  code: string;
  /** Ex VAT, pence. */
  price: number;
  price_inc_vat: number;
  /** Grams. */
  weight: number;
  /** Stock; null = unlimited. */
  qty: number | null;
  kind: OptionKind;
  /** Learners per unit bought for `online_access` ("Online licence — 10 users" = 10); null for every other kind. */
  seats: number | null;
  in_stock: boolean;
}

/** A product page. Preview videos are named, not linked: the link is what a preview grants. */
export interface ProductDetail extends ProductCard {
  description: string;
  running_time: number | null;
  year: number | null;
  language: string | null;
  accreditation: string | null;
  brand: { id: number; name: string; logo_url: string | null; website: string | null } | null;
  categories: Array<{ id: number; slug: string; name: string }>;
  images: ImageView[];
  videos: Array<{ id: number; title: string; is_preview: boolean }>;
  has_preview: boolean;
  options: OptionView[];
  related: ProductCard[];
  created_at: string;
  updated_at: string;
}

export interface FacetCount {
  id: number | string;
  name: string;
  slug?: string;
  count: number;
}

export interface ProductListResult {
  data: ProductCard[];
  meta: {
    page: number; per_page: number; total: number; last_page: number; sort: ProductSort; search: string | null;
    /** The term actually searched when the words as typed found nothing and near words did ("manul" → "manual"). */
    corrected_search: string | null;
  };
  facets: { categories: FacetCount[]; brands: FacetCount[]; kinds: FacetCount[] };
}

export const PRODUCT_SORTS = ['relevance', 'newest', 'title', '-title', 'price', '-price'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const MAX_PER_PAGE = 100;
