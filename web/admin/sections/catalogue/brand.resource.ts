import { defineResource } from '../../api/admin-api.js';
import type { FieldSpec } from '../../../components/forms/form-values.js';
import { BRAND_LIMITS } from '../../../../src/shared/contracts/catalogue.js';

/** docs/api/catalogue-admin.md "Brands", as the API declares it. */
export type { AdminBrandView as Brand } from '../../../../src/modules/catalogue/index.js';

export const brands = defineResource({ api: '/api/admin/brands', screens: '/admin/brands', noun: 'brand' });

export const brandFields: readonly FieldSpec[] = [
  { name: 'name', label: 'Name', required: true, maxLength: BRAND_LIMITS.name },
  { name: 'website', label: 'Website', kind: 'url', nullable: true, maxLength: BRAND_LIMITS.website, hint: 'A full address, e.g. https://www.example.co.uk.' },
  { name: 'sort_order', label: 'Sort order', kind: 'number', hint: 'Lower numbers are shown first on the home page.' },
];
