import { defineResource } from '../../api/admin-api.js';
import type { FieldSpec } from '../../kit/form-values.js';

/** docs/api/catalogue-admin.md "Brands". */
export interface Brand {
  id: number;
  name: string;
  website: string | null;
  sort_order: number;
  logo_url: string | null;
  product_count: number;
  created_at: string;
  updated_at: string;
}

export const brands = defineResource({ api: '/api/admin/brands', screens: '/admin/brands', noun: 'brand' });

export const brandFields: readonly FieldSpec[] = [
  { name: 'name', label: 'Name', required: true, maxLength: 120 },
  { name: 'website', label: 'Website', kind: 'url', nullable: true, maxLength: 500, hint: 'A full address, e.g. https://www.example.co.uk.' },
  { name: 'sort_order', label: 'Sort order', kind: 'number', hint: 'Lower numbers are shown first on the home page.' },
];
