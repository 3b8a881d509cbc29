/**
 * The catalogue's limits and fixed vocabularies, in one framework-free file that the entities (column lengths), the
 * request DTOs (validation and OpenAPI) and the portal's field specs (web/admin: maxLength in the browser) all import,
 * so a changed limit changes everywhere at once. The dependency rule lets web/ import values only from
 * src/shared/contracts/, and lets these files import nothing (`contracts-are-plain-values`).
 */
export const PRODUCT_STATUSES = ['draft', 'published'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const PRODUCT_LIMITS = {
  slug: 160, title: 200, code: 64, summary: 1000, description: 200_000, language: 60, accreditation: 200,
} as const;

export const CATEGORY_LIMITS = { slug: 80, name: 120, description: 5000 } as const;

export const BRAND_LIMITS = { name: 120, website: 500 } as const;

export const OPTION_KINDS = ['physical', 'download', 'online_access', 'course'] as const;
export type OptionKind = (typeof OPTION_KINDS)[number];
/** `seats`: the learners one `online_access` option gives per unit bought (a licence of seats × qty; issue 26). */
export const OPTION_LIMITS = { name: 120, code: 64, price: 100_000_000, weight: 1_000_000, qty: 1_000_000, seats: 10_000 } as const;
