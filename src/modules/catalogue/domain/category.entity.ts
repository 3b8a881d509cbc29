import { defineEntity, p } from '@mikro-orm/core';
// The limits live in src/shared/contracts so the portal's field specs read the same numbers (issue 29).
import { CATEGORY_LIMITS } from '../../../shared/contracts/catalogue.js';
export { CATEGORY_LIMITS } from '../../../shared/contracts/catalogue.js';

/** URL-safe slugs: lower-case words of letters and digits joined by single dashes. */
export const CATALOGUE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * A category of the storefront (product.md): `training-dvds`, `online-training`, `posters`, `powerpoint`,
 * `risk-assessments`, `training-courses`. Pages address it by slug or numeric id.
 */
export class Category {
  id!: number;
  slug!: string;
  name!: string;
  description = '';
  sortOrder = 0;
  createdAt: Date = new Date();
  updatedAt: Date = new Date();

  constructor(fields: { slug: string; name: string; description?: string; sortOrder?: number }) {
    this.slug = fields.slug;
    this.name = fields.name;
    this.description = fields.description ?? '';
    this.sortOrder = fields.sortOrder ?? 0;
  }
}

export const CategorySchema = defineEntity({
  class: Category,
  tableName: 'categories',
  properties: {
    id: p.integer().primary().autoincrement(),
    slug: p.string().length(CATEGORY_LIMITS.slug).unique(),
    name: p.string().length(CATEGORY_LIMITS.name),
    description: p.text(),
    sortOrder: p.integer(),
    createdAt: p.datetime(),
    updatedAt: p.datetime().onUpdate(() => new Date()),
  },
});
