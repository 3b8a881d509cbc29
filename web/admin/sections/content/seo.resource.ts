import { defineResource } from '../../api/admin-api.js';
import type { FieldSpec } from '../../../components/forms/form-values.js';

/** An SEO entry: the title, description, canonical URL and share image of one storefront path. */
export interface SeoEntry {
  id: number;
  path: string;
  title: string;
  description: string;
  canonical_url: string | null;
  share_image: string | null;
  updated_at: string;
}

export const seoEntries = defineResource({ api: '/api/admin/seo', screens: '/admin/seo', noun: 'SEO entry', plural: 'SEO entries', replaceOnUpdate: true });

export const seoFields: readonly FieldSpec[] = [
  { name: 'path', label: 'Path', required: true, maxLength: 300, hint: 'The storefront page it is for, e.g. /category/posters.' },
  { name: 'title', label: 'Title', required: true, maxLength: 200, hint: 'Shown in search results and the browser tab.' },
  { name: 'description', label: 'Description', kind: 'textarea', required: true, maxLength: 500, hint: 'One or two sentences for search results.' },
  { name: 'canonical_url', label: 'Canonical URL', kind: 'url', nullable: true, hint: 'Only when another address should rank instead.' },
  { name: 'share_image', label: 'Share image URL', kind: 'url', nullable: true, hint: 'Shown when the page is shared on social media.' },
];
