import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { NotFoundError } from '../../../shared/domain-error.js';
import { pageOf, type Page } from '../../../shared/pagination.js';
import { slugify } from '../../../shared/slugify.js';
import { UserDirectory } from '../../identity/index.js';
import type { BlogPost } from '../domain/blog-post.entity.js';
import { coverFieldsOf, type BlogCoverFields } from './blog-cover.js';
import { SitemapService, type SitemapUrl } from './sitemap.service.js';
import { BLOG_POST_REPOSITORY, type BlogPostRepository } from './ports/blog-post-repository.port.js';

/** A post in the public list (`GET /api/blog`, `/blog`). */
export interface BlogPostSummary extends BlogCoverFields {
  slug: string;
  title: string;
  excerpt: string;
  published_at: string;
  /** The author's display name; null when the post has no author (seeded) or the account is gone. */
  author_name: string | null;
}

/** One public post (`GET /api/blog/{slug}`, `/blog/{slug}`). */
export interface BlogPostView extends BlogPostSummary {
  body: string;
}

export { slugify };

// Sitemaps hold at most 50,000 URLs; a shop's blog stays far below that.
const SITEMAP_POSTS = 50_000;

@Injectable()
export class BlogService implements OnModuleInit {
  constructor(
    @Inject(BLOG_POST_REPOSITORY) private readonly posts: BlogPostRepository,
    private readonly directory: UserDirectory,
    private readonly sitemap: SitemapService,
  ) {}

  onModuleInit(): void {
    this.sitemap.addSource(() => this.sitemapUrls());
  }

  /** Every published post for /sitemap.xml, with its last change. */
  async sitemapUrls(now = new Date()): Promise<SitemapUrl[]> {
    const { posts } = await this.posts.listPublic(now, 0, SITEMAP_POSTS);
    return posts.map((post) => ({ path: `/blog/${post.slug}`, lastModified: post.updatedAt }));
  }

  /* ---------------------------------------- public ---------------------------------------- */

  /** Published posts whose time has come, newest first. Author names in one query for the page. */
  async listPublished(query: { page: number; perPage: number }, now = new Date()): Promise<Page<BlogPostSummary>> {
    const { posts, total } = await this.posts.listPublic(now, (query.page - 1) * query.perPage, query.perPage);
    const names = await this.authorNames(posts);
    return pageOf(posts.map((post) => this.toSummary(post, names)), total, query.page, query.perPage);
  }

  /** One public post; drafts and scheduled posts are not found (they do not exist for visitors). */
  async getPublished(slug: string, now = new Date()): Promise<BlogPostView> {
    const post = await this.findPublished(slug, now);
    if (!post) throw new NotFoundError('Blog post');
    return post;
  }

  /** The same, null when not public (for pages, which answer with their 404 page). */
  async findPublished(slug: string, now = new Date()): Promise<BlogPostView | null> {
    const post = await this.posts.findBySlug(slug);
    if (!post || !post.isPublicAt(now)) return null;
    const names = await this.authorNames([post]);
    return { ...this.toSummary(post, names), body: post.body };
  }

  /* --------------------------------------- helpers ---------------------------------------- */

  private authorNames(posts: readonly BlogPost[]): Promise<Map<number, string>> {
    const ids = posts.map((post) => post.authorId).filter((id): id is number => id !== null);
    return ids.length === 0 ? Promise.resolve(new Map()) : this.directory.displayNames(ids);
  }

  private toSummary(post: BlogPost, names: Map<number, string>): BlogPostSummary {
    return {
      slug: post.slug,
      title: post.title,
      excerpt: post.excerpt,
      ...coverFieldsOf(post),
      published_at: post.publishedAt!.toISOString(),
      author_name: post.authorId === null ? null : (names.get(post.authorId) ?? null),
    };
  }

}
