import { EntityManager, type FilterQuery } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type {
  PreviewFilter, PreviewProductRef, PreviewRepository, PreviewVideoSource,
} from '../../application/ports/preview-repository.port.js';
import { Preview } from '../../domain/preview.entity.js';

@Injectable()
export class MikroOrmPreviewRepository implements PreviewRepository {
  constructor(private readonly em: EntityManager) {}

  findById(id: number): Promise<Preview | null> {
    return this.em.findOne(Preview, { id });
  }

  findForUserAndProduct(userId: number, productId: number): Promise<Preview | null> {
    return this.em.findOne(Preview, { userId, productId });
  }

  listForUser(userId: number): Promise<Preview[]> {
    return this.em.find(Preview, { userId }, { orderBy: [{ requestedAt: 'desc' }, { id: 'desc' }] });
  }

  async search(filter: PreviewFilter, now: Date, offset: number, limit: number): Promise<{ previews: Preview[]; total: number }> {
    const where: FilterQuery<Preview> = {};
    if (filter.userId !== undefined) where.userId = filter.userId;
    if (filter.productId !== undefined) where.productId = filter.productId;
    if (filter.state === 'pending' || filter.state === 'revoked') where.status = filter.state;
    if (filter.state === 'active') Object.assign(where, { status: 'approved', expiresAt: { $gt: now } });
    if (filter.state === 'expired') Object.assign(where, { status: 'approved', expiresAt: { $lte: now } });
    const [previews, total] = await this.em.findAndCount(Preview, where, { orderBy: [{ requestedAt: 'desc' }, { id: 'desc' }], offset, limit });
    return { previews, total };
  }

  async addOrFind(preview: Preview): Promise<{ preview: Preview; created: boolean }> {
    // `on conflict do nothing` rather than catching a failed flush: the losing request of a race simply finds
    // the winner's row, and no entity manager is left holding a half-flushed entity.
    const inserted = await this.execute<{ id: number }>(
      `insert into previews (product_id, user_id, status, requested_at, approved_at, expires_at)
       values (?, ?, ?, ?, ?, ?)
       on conflict (user_id, product_id) do nothing
       returning id`,
      [
        preview.productId, preview.userId, preview.status, preview.requestedAt.toISOString(),
        preview.approvedAt?.toISOString() ?? null, preview.expiresAt?.toISOString() ?? null,
      ],
    );
    const stored = await this.findForUserAndProduct(preview.userId, preview.productId);
    if (!stored) throw new Error('A preview was neither inserted nor found');
    return { preview: stored, created: inserted.length > 0 };
  }

  async save(preview: Preview): Promise<void> {
    await this.em.persist(preview).flush();
  }

  async products(ids: readonly number[]): Promise<Map<number, PreviewProductRef>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await this.execute<PreviewProductRef>(
      `select id, slug, title, status from products where id in (${unique.map(() => '?').join(', ')})`,
      unique,
    );
    return new Map(rows.map((row) => [row.id, row]));
  }

  async previewVideo(productId: number): Promise<PreviewVideoSource | null> {
    const [row] = await this.execute<{ id: number; title: string; url: string | null; storage_key: string | null }>(
      `select id, title, url, storage_key from product_videos
       where product_id = ? and is_preview order by sort_order, id limit 1`,
      [productId],
    );
    return row ? { id: row.id, title: row.title, url: row.url, storageKey: row.storage_key } : null;
  }

  private execute<Row>(sql: string, params: unknown[]): Promise<Row[]> {
    return this.em.getConnection().execute<Row[]>(sql, params, 'all', this.em.getTransactionContext());
  }
}
