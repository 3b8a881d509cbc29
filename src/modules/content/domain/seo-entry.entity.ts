import { defineEntity, p } from '@mikro-orm/core';
// The limits live in src/shared/contracts so the portal's field specs read the same numbers (issue 29).
import { SEO_LIMITS } from '../../../shared/contracts/content.js';

/** What search engines and share cards get for one path of the site (product.md: SEO entry). */
export class SeoEntry {
  id!: number;
  path: string;
  title: string;
  description: string;
  canonicalUrl: string | null = null;
  shareImage: string | null = null;
  createdAt: Date = new Date();
  updatedAt: Date = new Date();

  constructor(input: { path: string; title: string; description: string }) {
    this.path = input.path;
    this.title = input.title;
    this.description = input.description;
  }
}

export const SeoEntrySchema = defineEntity({
  class: SeoEntry,
  tableName: 'seo_entries',
  properties: {
    id: p.integer().primary().autoincrement(),
    path: p.string().length(SEO_LIMITS.path).unique(),
    title: p.string().length(SEO_LIMITS.title),
    description: p.string().length(SEO_LIMITS.description),
    canonicalUrl: p.string().length(SEO_LIMITS.canonicalUrl).nullable(),
    shareImage: p.string().length(SEO_LIMITS.shareImage).nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime().onUpdate(() => new Date()),
  },
});

/** A site path: starts with one slash, no query or fragment, no trailing slash (except "/"). */
export const SEO_PATH_PATTERN = /^\/(?:[A-Za-z0-9._~!$&'()*+,;=:@%-]+(?:\/[A-Za-z0-9._~!$&'()*+,;=:@%-]+)*)?$/;
