import { defineResource } from '../../api/admin-api.js';
import type { FieldSpec } from '../../../components/forms/form-values.js';
import { SEO_LIMITS } from '../../../../src/shared/contracts/content.js';

/** An SEO entry: the title, description, canonical URL and share image of one storefront path (the API's own type). */
export type { SeoAdminView as SeoEntry } from '../../../../src/modules/content/index.js';

export const seoEntries = defineResource({ api: '/api/admin/seo', screens: '/admin/seo', noun: 'SEO entry', plural: 'SEO entries', replaceOnUpdate: true });

export const seoFields: readonly FieldSpec[] = [
  { name: 'path', label: 'Path', required: true, maxLength: SEO_LIMITS.path, hint: 'The storefront page it is for, e.g. /category/posters.' },
  { name: 'title', label: 'Title', required: true, maxLength: SEO_LIMITS.title, hint: 'Shown in search results and the browser tab.' },
  { name: 'description', label: 'Description', kind: 'textarea', required: true, maxLength: SEO_LIMITS.description, hint: 'One or two sentences for search results.' },
  { name: 'canonical_url', label: 'Canonical URL', kind: 'url', nullable: true, hint: 'Only when another address should rank instead.' },
  { name: 'share_image', label: 'Share image URL', kind: 'url', nullable: true, hint: 'Shown when the page is shared on social media.' },
];
