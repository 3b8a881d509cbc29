import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { ProductViewStore, RecordedView, UserProductViewRow } from '../../application/ports/product-view-store.port.js';

@Injectable()
export class SqlProductViewStore implements ProductViewStore {
  constructor(private readonly em: EntityManager) {}

  async insertBatch(views: readonly RecordedView[]): Promise<number> {
    if (views.length === 0) return 0;
    // A fork has its own identity map and no transaction context (keepTransactionContext is off), so the
    // statement runs on its own even when the flush was triggered from inside a request's transaction.
    const em = this.em.fork();
    const values = views.map(() => '(?::int, ?::int, ?::timestamptz)').join(', ');
    const params = views.flatMap((view) => [view.productId, view.userId, view.viewedAt.toISOString()]);
    const rows = await em.getConnection().execute<Array<{ id: string }>>(
      `insert into product_views (product_id, user_id, viewed_at)
       select v.product_id, v.user_id, v.viewed_at
       from (values ${values}) as v (product_id, user_id, viewed_at)
       join products p on p.id = v.product_id
       returning id`,
      params,
      'all',
    );
    return rows.length;
  }

  async mostViewedPublished(since: Date, limit: number): Promise<number[]> {
    // The range scan on product_views (viewed_at desc, product_id) covers the window without touching the
    // table's rows; only the few grouped products are joined to check they are still published.
    const rows = await this.query<{ id: number }>(
      `select v.product_id as id
       from product_views v join products p on p.id = v.product_id and p.status = 'published'
       where v.viewed_at >= ?
       group by v.product_id
       order by count(*) desc, v.product_id desc
       limit ?`,
      [since.toISOString(), limit],
    );
    return rows.map((row) => Number(row.id));
  }

  async listForUser(userId: number, offset: number, limit: number): Promise<{ rows: UserProductViewRow[]; total: number }> {
    const [count] = await this.query<{ total: number }>(
      'select count(*)::int as total from product_views where user_id = ?',
      [userId],
    );
    const rows = await this.query<UserProductViewRow>(
      `select v.id::text as id, v.product_id, p.slug as product_slug, p.title as product_title,
              p.status as product_status, v.viewed_at
       from product_views v join products p on p.id = v.product_id
       where v.user_id = ?
       order by v.viewed_at desc, v.id desc
       limit ? offset ?`,
      [userId, limit, offset],
    );
    return { rows, total: count?.total ?? 0 };
  }

  private query<Row>(sql: string, params: unknown[]): Promise<Row[]> {
    return this.em.getConnection().execute<Row[]>(sql, params, 'all', this.em.getTransactionContext());
  }
}
