import { Inject, Injectable, Logger } from '@nestjs/common';
import { NotFoundError } from '../../../shared/domain-error.js';
import { pageOf, type Page } from '../../../shared/pagination.js';
import { slugify } from '../../../shared/slugify.js';
import { ChangesStorefront } from '../../../platform/cache/index.js';
import { sanitizeHtml } from '../../../platform/html/index.js';
import { FILE_STORAGE, type FileStorage, newStorageKey, normaliseImage } from '../../../platform/storage/index.js';
import { UserDirectory } from '../../identity/index.js';
import { slugTaken } from '../domain/blog-errors.js';
import { BlogPost, type BlogPostStatus } from '../domain/blog-post.entity.js';
import { COVER_MAX_WIDTH, coverFieldsOf, type BlogCoverFields } from './blog-cover.js';
import { BLOG_POST_REPOSITORY, type BlogAdminQuery, type BlogPostRepository } from './ports/blog-post-repository.port.js';

/** A post as the Administration Portal lists it (every status). */
export interface AdminBlogPostListItem extends BlogCoverFields {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
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
  /** A cover by address; null removes the cover; undefined (or the cover's own address) keeps it. */
  coverImage?: string | null | undefined;
  /** undefined keeps it. */
  coverAlt?: string | undefined;
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

/**
 * The blog as staff run it (the Administration Portal's `/api/admin/blog`) and as the demo seeds it: every status,
 * bodies sanitised on the way in, the signed-in administrator as author, covers given by address or uploaded
 * (re-encoded, stored under `public/blog/<id>/`, the replaced file deleted). Visitors' reads are BlogService's.
 */
@Injectable()
export class BlogAdminService {
  private readonly logger = new Logger('BlogCovers');

  constructor(
    @Inject(BLOG_POST_REPOSITORY) private readonly posts: BlogPostRepository,
    private readonly directory: UserDirectory,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  async list(query: BlogAdminQuery & { page: number; perPage: number }): Promise<Page<AdminBlogPostListItem>> {
    const { posts, total } = await this.posts.search(query, (query.page - 1) * query.perPage, query.perPage);
    const names = await this.authorNames(posts);
    const now = new Date();
    return pageOf(posts.map((post) => this.toAdminItem(post, names, now)), total, query.page, query.perPage);
  }

  async get(id: number): Promise<AdminBlogPostView> {
    return this.toAdminView(await this.load(id));
  }

  /** The signed-in administrator becomes the author. */
  @ChangesStorefront()
  async create(authorId: number, input: BlogPostInput, now = new Date()): Promise<AdminBlogPostView> {
    const slug = input.slug ?? slugify(input.title);
    if (await this.posts.findBySlug(slug)) throw slugTaken();
    const post = new BlogPost({ ...this.fields(input, slug), authorId });
    post.coverAt(input.coverImage ?? null);
    post.coverAlt = input.coverAlt ?? '';
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
    // Its own address sent back (a client that PUTs what it read) keeps an uploaded cover.
    const unused = input.coverImage !== undefined && input.coverImage !== coverFieldsOf(post).cover_image ? post.coverAt(input.coverImage) : null;
    if (input.coverAlt !== undefined) post.coverAlt = input.coverAlt;
    post.setStatus(input.status ?? post.status, input.publishedAt, now);
    await this.posts.save(post);
    await this.discard(unused);
    return this.toAdminView(post);
  }

  /** Deletes the post, then its uploaded cover. */
  @ChangesStorefront()
  async delete(id: number): Promise<void> {
    const post = await this.load(id);
    await this.posts.remove(post);
    await this.discard(post.coverKey);
  }

  /** Stores an uploaded cover (re-encoded as WebP, metadata dropped, at most 1600 px wide) and deletes the one it replaces. */
  @ChangesStorefront()
  async setCover(id: number, upload: { buffer: Buffer }): Promise<AdminBlogPostView> {
    const post = await this.load(id);
    const image = await normaliseImage(upload.buffer, { maxWidth: COVER_MAX_WIDTH });
    const key = newStorageKey('public', `blog/${post.id}`, image.extension);
    await this.storage.put(key, image.buffer, image.contentType);
    const unused = post.coverStored({ key, width: image.width, height: image.height });
    try {
      await this.posts.save(post);
    } catch (error) {
      await this.discard(key);
      throw error;
    }
    await this.discard(unused);
    return this.toAdminView(post);
  }

  /** The post without a cover (an uploaded one is deleted from storage). */
  @ChangesStorefront()
  async removeCover(id: number): Promise<AdminBlogPostView> {
    const post = await this.load(id);
    const unused = post.coverAt(null);
    await this.posts.save(post);
    await this.discard(unused);
    return this.toAdminView(post);
  }

  /** Seeds posts by slug without touching those that exist already; returns how many were added. */
  async addMissing(demo: readonly DemoBlogPost[], authorId: number | null = null): Promise<number> {
    const existing = await this.posts.existingSlugs(demo.map((d) => d.slug));
    const fresh = demo
      .filter((d) => !existing.has(d.slug))
      .map((d) => {
        const post = new BlogPost({ slug: d.slug, title: d.title, excerpt: d.excerpt, body: sanitizeHtml(d.body), authorId });
        post.coverAt(d.coverImage);
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
    };
  }

  /**
   * Removes a stored cover nothing points at any more. A store that fails is logged, not raised: the post is
   * saved, so the change succeeded; what is left is an orphan file nobody links to.
   */
  private async discard(key: string | null): Promise<void> {
    if (!key) return;
    try {
      await this.storage.delete(key);
    } catch (error) {
      this.logger.warn(`Could not delete stored cover ${key}: ${(error as Error).message}`);
    }
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

  private toAdminItem(post: BlogPost, names: Map<number, string>, now: Date): AdminBlogPostListItem {
    return {
      id: post.id,
      slug: post.slug,
      title: post.title,
      excerpt: post.excerpt,
      ...coverFieldsOf(post),
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
