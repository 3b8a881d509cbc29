import { useQuery } from '@tanstack/react-query';
import { defineResource, fetchList } from '../../api/admin-api.js';
import type { FieldSpec } from '../../../components/forms/form-values.js';
import type { Brand } from './brand.resource.js';
import { CATEGORY_LIMITS, PRODUCT_LIMITS } from '../../../../src/shared/contracts/catalogue.js';

/**
 * The catalogue's admin views (docs/api/catalogue-admin.md), as the API declares them: the screens read the server's
 * own types, so a field added or renamed there shows up here at compile time.
 */
export type {
  AdminCategoryView as Category,
  AdminProductListItem as ProductListItem,
  AdminOptionView as ProductOption,
  AdminImageView as ProductImage,
  AdminVideoView as ProductVideo,
  AdminFileView as ProductFile,
  AdminProductView as Product,
} from '../../../../src/modules/catalogue/index.js';
import type { AdminCategoryView as Category } from '../../../../src/modules/catalogue/index.js';
export type { OptionKind } from '../../../../src/modules/catalogue/index.js';
import type { OptionKind } from '../../../../src/modules/catalogue/index.js';

export type { ProductStatus } from '../../../../src/shared/contracts/catalogue.js';

export const products = defineResource({ api: '/api/admin/products', screens: '/admin/products', noun: 'product' });
export const categories = defineResource({ api: '/api/admin/categories', screens: '/admin/categories', noun: 'category', plural: 'categories' });

export const categoryFields: readonly FieldSpec[] = [
  { name: 'name', label: 'Name', required: true, maxLength: CATEGORY_LIMITS.name },
  { name: 'slug', label: 'Slug', required: true, maxLength: CATEGORY_LIMITS.slug, hint: 'Its web address, /category/{slug}: lower-case words joined by dashes, e.g. first-aid.' },
  { name: 'description', label: 'Description', kind: 'textarea', maxLength: CATEGORY_LIMITS.description, hint: 'Plain text, shown at the top of the category page.' },
  { name: 'sort_order', label: 'Sort order', kind: 'number', hint: 'Lower numbers are listed first.' },
];

/** The products of one category (seed: `/admin/products/cat/{id}`); every product without one. */
export const categoryScreen = (categoryId: number | string | undefined) => (categoryId === undefined ? products.screens : `${products.screens}/cat/${categoryId}`);

export const STATUS_OPTIONS = [
  { value: 'draft', label: 'Draft' },
  { value: 'published', label: 'Published' },
] as const;

export const OPTION_KIND_LABELS: Record<OptionKind, string> = {
  physical: 'Physical (posted)',
  download: 'Download',
  online_access: 'Online access',
  course: 'Course place',
};

/** Every category, for the switcher and the categories tab (a shop has a handful; the API allows 100 a page). */
export function useAllCategories() {
  return useQuery({
    queryKey: [categories.api, { per_page: 100 }],
    queryFn: () => fetchList<Category>(categories.api, { per_page: 100 }),
  });
}

/** Every brand, for the product's brand select. */
export function useAllBrands() {
  return useQuery({
    queryKey: ['/api/admin/brands', { per_page: 100, sort: 'name' }],
    queryFn: () => fetchList<Brand>('/api/admin/brands', { per_page: 100, sort: 'name' }),
  });
}

/** The product's details (the Details tab and the add screen); the brand select needs the brands. */
export function productFields(brands: readonly Brand[]): FieldSpec[] {
  return [
    { name: 'title', label: 'Title', required: true, maxLength: PRODUCT_LIMITS.title },
    { name: 'code', label: 'Product code', required: true, maxLength: PRODUCT_LIMITS.code, hint: 'Unique; letters, digits and . _ / -, e.g. HSD-0042.' },
    { name: 'slug', label: 'Slug', maxLength: PRODUCT_LIMITS.slug, hint: 'The end of its web address. Left blank, it is made from the title.' },
    { name: 'status', label: 'Status', kind: 'select', required: true, options: STATUS_OPTIONS, hint: 'Drafts are hidden from the shop.' },
    { name: 'brand_id', label: 'Brand', kind: 'select', numeric: true, nullable: true, options: brands.map((brand) => ({ value: String(brand.id), label: brand.name })) },
    { name: 'summary', label: 'Summary', kind: 'textarea', maxLength: PRODUCT_LIMITS.summary, hint: 'One or two sentences for lists and search results.' },
    { name: 'description', label: 'Description', kind: 'html', hint: 'HTML. Scripts, event handlers and javascript: links are removed when saved.' },
    { name: 'running_time', label: 'Running time (minutes)', kind: 'number', nullable: true },
    { name: 'year', label: 'Year', kind: 'number', nullable: true },
    { name: 'language', label: 'Language', nullable: true, maxLength: PRODUCT_LIMITS.language },
    { name: 'accreditation', label: 'Accreditation', nullable: true, maxLength: PRODUCT_LIMITS.accreditation, hint: 'e.g. RoSPA approved.' },
    { name: 'featured', label: 'Featured', kind: 'checkbox' },
  ];
}
