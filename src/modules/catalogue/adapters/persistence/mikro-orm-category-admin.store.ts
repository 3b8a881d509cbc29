import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { categorySlugTaken } from '../../domain/catalogue-admin-errors.js';
import { containsPattern, type CategoryAdminQuery, type CategoryAdminSort } from '../../application/admin/admin-queries.js';
import type { CategoryAdminStore, CategoryCounts, CategoryRow } from '../../application/ports/category-admin-store.port.js';
import { Category } from '../../domain/category.entity.js';

const ORDER: Record<CategoryAdminSort, string> = {
  sort_order: 'c.sort_order asc, c.name asc, c.id asc',
  '-sort_order': 'c.sort_order desc, c.name desc, c.id desc',
  name: 'c.name asc, c.id asc',
  '-name': 'c.name desc, c.id desc',
  slug: 'c.slug asc',
  '-slug': 'c.slug desc',
  product_count: 'product_count asc, c.name asc, c.id asc',
  '-product_count': 'product_count desc, c.name asc, c.id asc',
  created_at: 'c.created_at asc, c.id asc',
  '-created_at': 'c.created_at desc, c.id desc',
};

const COUNTS = `
  (select count(*) from product_categories pc where pc.category_id = c.id)::int as product_count,
  (select count(*) from product_categories pc join products p on p.id = pc.product_id
    where pc.category_id = c.id and p.status = 'published')::int as published_count`;

interface Row {
  id: number;
  product_count: number;
  published_count: number;
  total: number;
}

@Injectable()
export class MikroOrmCategoryAdminStore implements CategoryAdminStore {
  constructor(private readonly em: EntityManager) {}

  async list(query: CategoryAdminQuery, offset: number, limit: number): Promise<{ rows: CategoryRow[]; total: number }> {
    const term = query.search?.trim();
    const where = term ? '(c.name ilike ? or c.slug ilike ?)' : 'true';
    const params = term ? [containsPattern(term), containsPattern(term)] : [];
    // Ids, counts and the total in one scan; the entities for this page's ids in one more query.
    const rows = await this.query<Row>(
      `select c.id, ${COUNTS}, count(*) over ()::int as total from categories c where ${where}
       order by ${ORDER[query.sort]} limit ? offset ?`,
      [...params, limit, offset],
    );
    const total = rows[0]?.total ?? (offset === 0 ? 0 : await this.count(where, params));
    const categories = rows.length === 0 ? [] : await this.em.find(Category, { id: { $in: rows.map((row) => row.id) } });
    const byId = new Map(categories.map((category) => [category.id, category]));
    return {
      rows: rows.map((row) => ({ category: byId.get(row.id)!, counts: { products: row.product_count, published: row.published_count } })),
      total,
    };
  }

  findById(id: number): Promise<Category | null> {
    return this.em.findOne(Category, { id });
  }

  findBySlug(slug: string): Promise<Category | null> {
    return this.em.findOne(Category, { slug });
  }

  async counts(id: number): Promise<CategoryCounts> {
    const [row] = await this.query<Row>(`select c.id, ${COUNTS} from categories c where c.id = ?`, [id]);
    return { products: row?.product_count ?? 0, published: row?.published_count ?? 0 };
  }

  async save(category: Category): Promise<void> {
    try {
      await this.em.persist(category).flush();
    } catch (error) {
      // The only unique index on categories is the slug: two saves racing for it end here, not in a 500.
      if (error instanceof UniqueConstraintViolationException) throw categorySlugTaken(category.slug);
      throw error;
    }
  }

  async remove(category: Category): Promise<void> {
    await this.em.remove(category).flush();
  }

  private async count(where: string, params: unknown[]): Promise<number> {
    const [row] = await this.query<{ total: number }>(`select count(*)::int as total from categories c where ${where}`, params);
    return row?.total ?? 0;
  }

  private query<T>(sql: string, params: unknown[]): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(sql, params, 'all', this.em.getTransactionContext());
  }
}
