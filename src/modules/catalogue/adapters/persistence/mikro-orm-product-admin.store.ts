import { EntityManager, LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { productCodeTaken, productSlugTaken } from '../../domain/catalogue-admin-errors.js';
import { containsPattern, type ProductAdminQuery, type ProductAdminSort } from '../../application/admin/admin-queries.js';
import type { AdminProductRow, ProductAdminStore } from '../../application/ports/product-admin-store.port.js';
import { Brand } from '../../domain/brand.entity.js';
import { Category } from '../../domain/category.entity.js';
import { Product, ProductCategory } from '../../domain/product.entity.js';

const ORDER: Record<ProductAdminSort, string> = {
  '-updated_at': 'p.updated_at desc, p.id desc',
  updated_at: 'p.updated_at asc, p.id asc',
  '-created_at': 'p.created_at desc, p.id desc',
  created_at: 'p.created_at asc, p.id asc',
  title: 'p.title asc, p.id asc',
  '-title': 'p.title desc, p.id desc',
  code: 'p.code asc',
  '-code': 'p.code desc',
  price: 'p.price_from asc nulls last, p.id asc',
  '-price': 'p.price_from desc nulls last, p.id desc',
};

@Injectable()
export class MikroOrmProductAdminStore implements ProductAdminStore {
  constructor(private readonly em: EntityManager) {}

  async list(query: ProductAdminQuery, offset: number, limit: number): Promise<{ rows: AdminProductRow[]; total: number }> {
    const conditions: string[] = [];
    const params: unknown[] = [];
    const term = query.search?.trim();
    if (term) {
      conditions.push('(p.title ilike ? or p.code ilike ?)');
      params.push(containsPattern(term), containsPattern(term));
    }
    if (query.categoryId !== undefined) {
      conditions.push('exists (select 1 from product_categories pc where pc.product_id = p.id and pc.category_id = ?)');
      params.push(query.categoryId);
    }
    if (query.brandId !== undefined) {
      conditions.push('p.brand_id = ?');
      params.push(query.brandId);
    }
    if (query.status !== undefined) {
      conditions.push('p.status = ?');
      params.push(query.status);
    }
    if (query.featured !== undefined) {
      conditions.push('p.featured = ?');
      params.push(query.featured);
    }
    const where = conditions.length > 0 ? conditions.join(' and ') : 'true';
    // The page's ids and the total in one scan; the per-row lookups then run only for this page.
    const rows = await this.query<AdminProductRow & { total: number }>(
      `with page as (
         select p.id, count(*) over () as total, row_number() over (order by ${ORDER[query.sort]}) as position
         from products p where ${where} order by ${ORDER[query.sort]} limit ? offset ?
       )
       select p.id, p.slug, p.title, p.code, p.status, p.featured, p.brand_id, b.name as brand_name, p.price_from,
         p.created_at, p.updated_at, page.total::int as total,
         (select count(*) from product_options o where o.product_id = p.id)::int as option_count,
         coalesce((select array_agg(pc.category_id order by pc.category_id) from product_categories pc where pc.product_id = p.id), '{}') as category_ids,
         (select i.storage_key from product_images i where i.product_id = p.id order by i.sort_order, i.id limit 1) as image_key
       from page join products p on p.id = page.id left join brands b on b.id = p.brand_id
       order by page.position`,
      [...params, limit, offset],
    );
    if (rows.length > 0 || offset === 0) return { rows, total: rows[0]?.total ?? 0 };
    const [count] = await this.query<{ total: number }>(`select count(*)::int as total from products p where ${where}`, params);
    return { rows, total: count?.total ?? 0 };
  }

  findById(id: number): Promise<Product | null> {
    return this.em.findOne(Product, { id });
  }

  lock(id: number): Promise<Product | null> {
    return this.em.findOne(Product, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  }

  findBySlug(slug: string): Promise<Product | null> {
    return this.em.findOne(Product, { slug });
  }

  findByCode(code: string): Promise<Product | null> {
    return this.em.findOne(Product, { code });
  }

  async save(product: Product): Promise<void> {
    try {
      await this.em.persist(product).flush();
    } catch (error) {
      // Two unique indexes (slug, code): a save racing another for either ends here, not in a 500.
      if (error instanceof UniqueConstraintViolationException) {
        throw error.message.includes('products_code_unique') ? productCodeTaken(product.code) : productSlugTaken(product.slug);
      }
      throw error;
    }
  }

  async remove(product: Product): Promise<void> {
    await this.em.remove(product).flush();
  }

  async categoryIds(productId: number): Promise<number[]> {
    const rows = await this.em.find(ProductCategory, { productId }, { orderBy: { categoryId: 'asc' } });
    return rows.map((row) => row.categoryId);
  }

  async existingCategoryIds(ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const found = await this.em.find(Category, { id: { $in: [...ids] } }, { fields: ['id'] });
    return found.map((category) => category.id);
  }

  async replaceCategories(productId: number, categoryIds: readonly number[]): Promise<void> {
    await this.em.nativeDelete(ProductCategory, { productId });
    if (categoryIds.length > 0) {
      await this.em.insertMany(ProductCategory, categoryIds.map((categoryId) => ({ categoryId, productId })));
    }
  }

  async brandName(brandId: number): Promise<string | null> {
    const brand = await this.em.findOne(Brand, { id: brandId }, { fields: ['name'] });
    return brand?.name ?? null;
  }

  private query<T>(sql: string, params: unknown[]): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(sql, params, 'all', this.em.getTransactionContext());
  }
}
