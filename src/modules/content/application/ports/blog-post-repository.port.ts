import type { BlogPost, BlogPostStatus } from '../../domain/blog-post.entity.js';

export const BLOG_POST_REPOSITORY = Symbol('BlogPostRepository');

export type BlogSort = 'updated_at' | '-updated_at' | 'published_at' | '-published_at' | 'title' | '-title';

export interface BlogAdminQuery {
  search?: string | undefined;
  status?: BlogPostStatus | undefined;
  sort: BlogSort;
}

export interface BlogPostRepository {
  findById(id: number): Promise<BlogPost | null>;
  findBySlug(slug: string): Promise<BlogPost | null>;
  /** Published posts whose publication time is not after `now`, newest first. */
  listPublic(now: Date, offset: number, limit: number): Promise<{ posts: BlogPost[]; total: number }>;
  /** Every post, filtered by title (contains, case-insensitive) and status. */
  search(query: BlogAdminQuery, offset: number, limit: number): Promise<{ posts: BlogPost[]; total: number }>;
  existingSlugs(slugs: readonly string[]): Promise<Set<string>>;
  /** Persists the post; a slug taken meanwhile (unique index) becomes the domain's duplicate-slug error. */
  save(post: BlogPost): Promise<void>;
  /** Persists several new posts at once. */
  saveAll(posts: readonly BlogPost[]): Promise<void>;
  remove(post: BlogPost): Promise<void>;
}
