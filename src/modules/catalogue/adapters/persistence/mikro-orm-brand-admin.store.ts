import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { brandNameTaken } from '../../domain/catalogue-admin-errors.js';
import { containsPattern, type BrandAdminQuery, type BrandAdminSort } from '../../application/admin/admin-queries.js';
import type { BrandAdminStore, BrandRow } from '../../application/ports/brand-admin-store.port.js';
import { Brand } from '../../domain/brand.entity.js';

const ORDER: Record<BrandAdminSort, string> = {
  sort_order: 'b.sort_order asc, b.name asc, b.id asc',
  '-sort_order': 'b.sort_order desc, b.name desc, b.id desc',
  name: 'b.name asc, b.id asc',
  '-name': 'b.name desc, b.id desc',
  product_count: 'product_count asc, b.name asc, b.id asc',
  '-product_count': 'product_count desc, b.name asc, b.id asc',
  created_at: 'b.created_at asc, b.id asc',
  '-created_at': 'b.created_at desc, b.id desc',
};

const PRODUCT_COUNT = '(select count(*) from products p where p.brand_id = b.id)::int as product_count';

@Injectable()
export class MikroOrmBrandAdminStore implements BrandAdminStore {
  constructor(private readonly em: EntityManager) {}

  async list(query: BrandAdminQuery, offset: number, limit: number): Promise<{ rows: BrandRow[]; total: number }> {
    const term = query.search?.trim();
    const where = term ? 'b.name ilike ?' : 'true';
    const params = term ? [containsPattern(term)] : [];
    const rows = await this.query<{ id: number; product_count: number; total: number }>(
      `select b.id, ${PRODUCT_COUNT}, count(*) over ()::int as total from brands b where ${where}
       order by ${ORDER[query.sort]} limit ? offset ?`,
      [...params, limit, offset],
    );
    let total = rows[0]?.total ?? 0;
    if (rows.length === 0 && offset > 0) {
      const [count] = await this.query<{ total: number }>(`select count(*)::int as total from brands b where ${where}`, params);
      total = count?.total ?? 0;
    }
    const brands = rows.length === 0 ? [] : await this.em.find(Brand, { id: { $in: rows.map((row) => row.id) } });
    const byId = new Map(brands.map((brand) => [brand.id, brand]));
    return { rows: rows.map((row) => ({ brand: byId.get(row.id)!, productCount: row.product_count })), total };
  }

  findById(id: number): Promise<Brand | null> {
    return this.em.findOne(Brand, { id });
  }

  findByName(name: string): Promise<Brand | null> {
    return this.em.findOne(Brand, { name });
  }

  async productCount(id: number): Promise<number> {
    const [row] = await this.query<{ product_count: number }>(`select ${PRODUCT_COUNT} from brands b where b.id = ?`, [id]);
    return row?.product_count ?? 0;
  }

  async save(brand: Brand): Promise<void> {
    try {
      await this.em.persist(brand).flush();
    } catch (error) {
      // The only unique index on brands is the name: two saves racing for it end here, not in a 500.
      if (error instanceof UniqueConstraintViolationException) throw brandNameTaken(brand.name);
      throw error;
    }
  }

  async remove(brand: Brand): Promise<void> {
    await this.em.remove(brand).flush();
  }

  private query<T>(sql: string, params: unknown[]): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(sql, params, 'all', this.em.getTransactionContext());
  }
}
