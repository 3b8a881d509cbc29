import { defineEntity, p } from '@mikro-orm/core';

// The limits live in src/shared/contracts so the portal's field specs read the same numbers (issue 29).
import { BRAND_LIMITS } from '../../../shared/contracts/catalogue.js';
export { BRAND_LIMITS } from '../../../shared/contracts/catalogue.js';

/** A brand (product.md): name, logo image (a public storage key), website, sort order. Logos show on the home page. */
export class Brand {
  id!: number;
  name!: string;
  /** `public/brands/…` in file storage; null until a logo is uploaded. */
  logoKey: string | null = null;
  website: string | null = null;
  sortOrder = 0;
  createdAt: Date = new Date();
  updatedAt: Date = new Date();

  constructor(fields: { name: string; website?: string | null; sortOrder?: number }) {
    this.name = fields.name;
    this.website = fields.website ?? null;
    this.sortOrder = fields.sortOrder ?? 0;
  }
}

export const BrandSchema = defineEntity({
  class: Brand,
  tableName: 'brands',
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string().length(BRAND_LIMITS.name).unique(),
    logoKey: p.string().length(300).nullable(),
    website: p.string().length(BRAND_LIMITS.website).nullable(),
    sortOrder: p.integer(),
    createdAt: p.datetime(),
    updatedAt: p.datetime().onUpdate(() => new Date()),
  },
});
