/**
 * The content module's limits, in one framework-free file shared by the entities (column lengths), the request
 * DTOs and `shop seo:seed` (validation) and the portal's field specs (web/admin), so they cannot drift apart.
 * See catalogue.ts beside it for the rule that lets web/ import it.
 */
export const BLOG_POST_STATUSES = ['draft', 'published'] as const;
export type BlogPostStatus = (typeof BLOG_POST_STATUSES)[number];
export const BLOG_LIMITS = { slug: 120, title: 200, excerpt: 500, coverImage: 500, coverAlt: 200, coverKey: 300 } as const;

export const SEO_LIMITS = { path: 300, title: 200, description: 500, canonicalUrl: 500, shareImage: 500 } as const;

export const WIDGET_LIMITS = { name: 100 } as const;
