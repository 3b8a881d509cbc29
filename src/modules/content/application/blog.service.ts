import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { NotFoundError } from '../../../shared/domain-error.js';
import { pageOf, type Page } from '../../../shared/pagination.js';
import { slugify } from '../../../shared/slugify.js';
import { UserDirectory } from '../../identity/index.js';
import { slugTaken } from '../domain/blog-errors.js';
import { BlogPost, type BlogPostStatus } from '../domain/blog-post.entity.js';
import { sanitizeHtml } from '../../../platform/html/html-sanitizer.js';
import { SitemapService, type SitemapUrl } from './sitemap.service.js';
import { BLOG_POST_REPOSITORY, type BlogAdminQuery, type BlogPostRepository } from './ports/blog-post-repository.port.js';
import { ChangesStorefront } from '../../../platform/cache/storefront-changes.js';

/** A post in the public list (`GET /api/blog`, `/blog`). */
export interface BlogPostSummary {
  slug: string;
  title: string;
  excerpt: string;
  cover_image: string | null;
  published_at: string;
  /** The author's display name; null when the post has no author (seeded) or the account is gone. */
  author_name: string | null;
}

/** One public post (`GET /api/blog/{slug}`, `/blog/{slug}`). */
export interface BlogPostView extends BlogPostSummary {
  body: string;
}

/** A post as the Administration Portal lists it (every status). */
export interface AdminBlogPostListItem {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  cover_image: string | null;
  status: BlogPostStatus;
  published_at: string | null;
  /** Published and due: what visitors see. */
  is_public: boolean;
  author_id: number | null;
  author_name: string | null;
  created_at: string;
  updated_at: string;
}

export interface AdminBlogPostView extends AdminBlogPostListItem {
  body: string;
}

/** What an administrator writes. `body` is sanitised here; `slug` defaults to one made from the title. */
export interface BlogPostInput {
  slug?: string | undefined;
  title: string;
  excerpt?: string | undefined;
  body: string;
  coverImage?: string | null | undefined;
  status?: BlogPostStatus | undefined;
  /** undefined → keep (or now, when first published); a date → scheduled/back-dated; null → cleared. */
  publishedAt?: Date | null | undefined;
}

/** A demo post for `db:seed --demo`. */
export interface DemoBlogPost {
  slug: string;
  title: string;
  excerpt: string;
  body: string;
  coverImage: string | null;
  publishedAt: string;
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

  /* ---------------------------------------- admin ----------------------------------------- */

  async adminList(query: BlogAdminQuery & { page: number; perPage: number }): Promise<Page<AdminBlogPostListItem>> {
    const { posts, total } = await this.posts.search(query, (query.page - 1) * query.perPage, query.perPage);
    const names = await this.authorNames(posts);
    const now = new Date();
    return pageOf(posts.map((post) => this.toAdminItem(post, names, now)), total, query.page, query.perPage);
  }

  async adminGet(id: number): Promise<AdminBlogPostView> {
    return this.toAdminView(await this.load(id));
  }

  /** The signed-in administrator becomes the author. */
  @ChangesStorefront()
  async create(authorId: number, input: BlogPostInput, now = new Date()): Promise<AdminBlogPostView> {
    const slug = input.slug ?? slugify(input.title);
    if (await this.posts.findBySlug(slug)) throw slugTaken();
    const post = new BlogPost({ ...this.fields(input, slug), authorId });
    post.setStatus(input.status ?? 'draft', input.publishedAt, now);
    await this.posts.save(post);
    return this.toAdminView(post);
  }

  @ChangesStorefront()
  async update(id: number, input: BlogPostInput, now = new Date()): Promise<AdminBlogPostView> {
    const post = await this.load(id);
    const slug = input.slug ?? post.slug;
    if (slug !== post.slug) {
      const owner = await this.posts.findBySlug(slug);
      if (owner && owner.id !== post.id) throw slugTaken();
    }
    post.edit(this.fields(input, slug));
    post.setStatus(input.status ?? post.status, input.publishedAt, now);
    await this.posts.save(post);
    return this.toAdminView(post);
  }

  @ChangesStorefront()
  async delete(id: number): Promise<void> {
    await this.posts.remove(await this.load(id));
  }

  /** Seeds posts by slug without touching those that exist already; returns how many were added. */
  async addMissing(demo: readonly DemoBlogPost[], authorId: number | null = null): Promise<number> {
    const existing = await this.posts.existingSlugs(demo.map((d) => d.slug));
    const fresh = demo
      .filter((d) => !existing.has(d.slug))
      .map((d) => {
        const post = new BlogPost({ slug: d.slug, title: d.title, excerpt: d.excerpt, body: sanitizeHtml(d.body), coverImage: d.coverImage, authorId });
        post.setStatus('published', new Date(d.publishedAt), new Date());
        return post;
      });
    await this.posts.saveAll(fresh);
    return fresh.length;
  }

  /* --------------------------------------- helpers ---------------------------------------- */

  private fields(input: BlogPostInput, slug: string) {
    return {
      slug,
      title: input.title,
      excerpt: input.excerpt ?? '',
      body: sanitizeHtml(input.body),
      coverImage: input.coverImage ?? null,
    };
  }

  private async load(id: number): Promise<BlogPost> {
    const post = await this.posts.findById(id);
    if (!post) throw new NotFoundError('Blog post');
    return post;
  }

  private authorNames(posts: readonly BlogPost[]): Promise<Map<number, string>> {
    const ids = posts.map((post) => post.authorId).filter((id): id is number => id !== null);
    return ids.length === 0 ? Promise.resolve(new Map()) : this.directory.displayNames(ids);
  }

  private toSummary(post: BlogPost, names: Map<number, string>): BlogPostSummary {
    return {
      slug: post.slug,
      title: post.title,
      excerpt: post.excerpt,
      cover_image: post.coverImage,
      published_at: post.publishedAt!.toISOString(),
      author_name: post.authorId === null ? null : (names.get(post.authorId) ?? null),
    };
  }

  private toAdminItem(post: BlogPost, names: Map<number, string>, now: Date): AdminBlogPostListItem {
    return {
      id: post.id,
      slug: post.slug,
      title: post.title,
      excerpt: post.excerpt,
      cover_image: post.coverImage,
      status: post.status,
      published_at: post.publishedAt?.toISOString() ?? null,
      is_public: post.isPublicAt(now),
      author_id: post.authorId,
      author_name: post.authorId === null ? null : (names.get(post.authorId) ?? null),
      created_at: post.createdAt.toISOString(),
      updated_at: post.updatedAt.toISOString(),
    };
  }

  private async toAdminView(post: BlogPost): Promise<AdminBlogPostView> {
    return { ...this.toAdminItem(post, await this.authorNames([post]), new Date()), body: post.body };
  }
}
