import { EntityManager, type FilterQuery, type QueryOrderMap, UniqueConstraintViolationException } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { BlogAdminQuery, BlogPostRepository, BlogSort } from '../../application/ports/blog-post-repository.port.js';
import { slugTaken } from '../../domain/blog-errors.js';
import { BlogPost } from '../../domain/blog-post.entity.js';
import { escapeLike } from '../../../../shared/like-pattern.js';

const ORDER: Record<BlogSort, QueryOrderMap<BlogPost>> = {
  updated_at: { updatedAt: 'asc' },
  '-updated_at': { updatedAt: 'desc' },
  published_at: { publishedAt: 'asc nulls first' },
  '-published_at': { publishedAt: 'desc nulls last' },
  title: { title: 'asc' },
  '-title': { title: 'desc' },
};

@Injectable()
export class MikroOrmBlogPostRepository implements BlogPostRepository {
  constructor(private readonly em: EntityManager) {}

  findById(id: number): Promise<BlogPost | null> {
    return this.em.findOne(BlogPost, { id });
  }

  findBySlug(slug: string): Promise<BlogPost | null> {
    return this.em.findOne(BlogPost, { slug });
  }

  async listPublic(now: Date, offset: number, limit: number): Promise<{ posts: BlogPost[]; total: number }> {
    // Served by the (status, published_at desc) index.
    const [posts, total] = await this.em.findAndCount(
      BlogPost,
      { status: 'published', publishedAt: { $lte: now } },
      { orderBy: [{ publishedAt: 'desc' }, { id: 'desc' }], offset, limit },
    );
    return { posts, total };
  }

  async search(query: BlogAdminQuery, offset: number, limit: number): Promise<{ posts: BlogPost[]; total: number }> {
    const term = query.search?.trim();
    const where: FilterQuery<BlogPost> = {};
    if (term) where.title = { $ilike: `%${escapeLike(term)}%` };
    if (query.status) where.status = query.status;
    const [posts, total] = await this.em.findAndCount(BlogPost, where, { orderBy: [ORDER[query.sort], { id: 'desc' }], offset, limit });
    return { posts, total };
  }

  async existingSlugs(slugs: readonly string[]): Promise<Set<string>> {
    if (slugs.length === 0) return new Set();
    const found = await this.em.find(BlogPost, { slug: { $in: [...slugs] } }, { fields: ['slug'] });
    return new Set(found.map((post) => post.slug));
  }

  async save(post: BlogPost): Promise<void> {
    try {
      await this.em.persist(post).flush();
    } catch (error) {
      // The only unique index on blog_posts is the slug: two saves racing for it end here, not in a 500.
      if (error instanceof UniqueConstraintViolationException) throw slugTaken();
      throw error;
    }
  }

  async saveAll(posts: readonly BlogPost[]): Promise<void> {
    if (posts.length > 0) await this.em.persist([...posts]).flush();
  }

  async remove(post: BlogPost): Promise<void> {
    await this.em.remove(post).flush();
  }
}
