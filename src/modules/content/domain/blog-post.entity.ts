import { defineEntity, p } from '@mikro-orm/core';

// The limits live in src/shared/contracts so the portal's field specs read the same numbers (issue 29).
import { BLOG_LIMITS, type BlogPostStatus } from '../../../shared/contracts/content.js';
export { BLOG_LIMITS, BLOG_POST_STATUSES, type BlogPostStatus } from '../../../shared/contracts/content.js';

/** URL-safe slugs: lower-case words of letters and digits joined by single dashes. */
export const BLOG_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export interface BlogPostFields {
  slug: string;
  title: string;
  excerpt: string;
  /** Already sanitised markup (the application service sanitises before it gets here). */
  body: string;
  authorId: number | null;
}

/** An uploaded cover as stored: its file-storage key and its size in pixels. */
export interface StoredCover {
  key: string;
  width: number;
  height: number;
}

/**
 * A blog post (product.md: id, slug, title, excerpt, body, cover image, status, published at, author).
 * It is public once it is published AND its publication time has come: a future `publishedAt` schedules it.
 *
 * Its cover is either an address staff typed (`coverImage`: a site path or https URL, size unknown) or a file
 * uploaded to file storage (`coverKey`, with its size) — never both. Changing the cover answers the storage key it
 * no longer uses, for the service to delete.
 */
export class BlogPost {
  id!: number;
  slug!: string;
  title!: string;
  excerpt!: string;
  body!: string;
  /** A cover given by address. */
  coverImage: string | null = null;
  /** An uploaded cover: its storage key (`public/blog/…`) and size. */
  coverKey: string | null = null;
  coverWidth: number | null = null;
  coverHeight: number | null = null;
  /** What the cover shows, for people who cannot see it; blank when it only decorates. */
  coverAlt = '';
  status: BlogPostStatus = 'draft';
  /** Set when the post is first published (or explicitly, to schedule or back-date it); kept when unpublished. */
  publishedAt: Date | null = null;
  /** Identity user id of the author; modules refer to each other by id (null for seeded demo posts). */
  authorId: number | null = null;
  createdAt: Date = new Date();
  updatedAt: Date = new Date();

  constructor(fields: BlogPostFields) {
    this.edit(fields);
    this.authorId = fields.authorId;
  }

  edit(fields: Omit<BlogPostFields, 'authorId'>): void {
    this.slug = fields.slug;
    this.title = fields.title;
    this.excerpt = fields.excerpt;
    this.body = fields.body;
  }

  /** A cover by address (null: none). Returns the uploaded file it replaces, if any. */
  coverAt(address: string | null): string | null {
    const unused = this.coverKey;
    this.coverImage = address;
    this.coverKey = null;
    this.coverWidth = null;
    this.coverHeight = null;
    return unused;
  }

  /** An uploaded cover. Returns the uploaded file it replaces, if any. */
  coverStored(cover: StoredCover): string | null {
    const unused = this.coverAt(null);
    this.coverKey = cover.key;
    this.coverWidth = cover.width;
    this.coverHeight = cover.height;
    return unused;
  }

  /**
   * Moves the post to `status`. `publishedAt`: undefined → unchanged (set to `now` the first time the post is
   * published); a date → that date (scheduling); null → cleared (then `now` again if published).
   */
  setStatus(status: BlogPostStatus, publishedAt: Date | null | undefined, now: Date): void {
    this.status = status;
    if (publishedAt !== undefined) this.publishedAt = publishedAt;
    if (status === 'published' && this.publishedAt === null) this.publishedAt = now;
  }

  isPublicAt(now: Date): boolean {
    return this.status === 'published' && this.publishedAt !== null && this.publishedAt.getTime() <= now.getTime();
  }
}

export const BlogPostSchema = defineEntity({
  class: BlogPost,
  tableName: 'blog_posts',
  properties: {
    id: p.integer().primary().autoincrement(),
    slug: p.string().length(BLOG_LIMITS.slug).unique(),
    title: p.string().length(BLOG_LIMITS.title),
    excerpt: p.string().length(BLOG_LIMITS.excerpt),
    body: p.text(),
    coverImage: p.string().length(BLOG_LIMITS.coverImage).nullable(),
    coverKey: p.string().length(BLOG_LIMITS.coverKey).nullable(),
    coverWidth: p.integer().nullable(),
    coverHeight: p.integer().nullable(),
    coverAlt: p.string().length(BLOG_LIMITS.coverAlt),
    status: p.string().length(16),
    publishedAt: p.datetime().nullable(),
    authorId: p.integer().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime().onUpdate(() => new Date()),
  },
});
