import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { DomainError } from '../../../../shared/domain-error.js';
import type { NewsletterRepository, SubscriberRow } from '../../application/ports/newsletter-repository.port.js';
import { NewsletterSubscriber } from '../../domain/newsletter-subscriber.entity.js';
import { escapeLike } from '../../../../shared/like-pattern.js';

@Injectable()
export class MikroOrmNewsletterRepository implements NewsletterRepository {
  constructor(private readonly em: EntityManager) {}

  findByEmail(email: string): Promise<NewsletterSubscriber | null> {
    return this.em.findOne(NewsletterSubscriber, { email: email.toLowerCase() });
  }

  findByTokenHash(tokenHash: string): Promise<NewsletterSubscriber | null> {
    return this.em.findOne(NewsletterSubscriber, { unsubscribeTokenHash: tokenHash });
  }

  async search(search: string | undefined, offset: number, limit: number): Promise<{ rows: SubscriberRow[]; total: number }> {
    const { where, params } = matching(search);
    const sql = where.length > 0 ? `where ${where.join(' and ')}` : '';
    const [rows, [count]] = await Promise.all([
      this.rows(`${COLUMNS} ${sql} order by created_at desc, id desc limit ? offset ?`, [...params, limit, offset]),
      this.query<{ total: number }>(`select count(*)::int as total from newsletter_subscribers ${sql}`, params),
    ]);
    return { rows, total: Number(count?.total ?? 0) };
  }

  batchBefore(search: string | undefined, beforeId: number | null, limit: number): Promise<SubscriberRow[]> {
    const { where, params } = matching(search);
    if (beforeId !== null) {
      where.push('id < ?');
      params.push(beforeId);
    }
    const sql = where.length > 0 ? `where ${where.join(' and ')}` : '';
    return this.rows(`${COLUMNS} ${sql} order by id desc limit ?`, [...params, limit]);
  }

  async save(subscriber: NewsletterSubscriber): Promise<void> {
    try {
      await this.em.persist(subscriber).flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw new DomainError('conflict', 'This address is already subscribed.');
      throw error;
    }
  }

  // Plain rows, outside the identity map: a download of every subscriber keeps nothing between batches.
  private async rows(sql: string, params: unknown[]): Promise<SubscriberRow[]> {
    const rows = await this.query<RawRow>(sql, params);
    return rows.map((row) => ({
      id: Number(row.id), email: row.email, consentedAt: new Date(Number(row.consented_ms)),
      unsubscribedAt: row.unsubscribed_ms === null ? null : new Date(Number(row.unsubscribed_ms)), createdAt: new Date(Number(row.created_ms)),
    }));
  }

  private query<Row>(sql: string, params: unknown[]): Promise<Row[]> {
    return this.em.getConnection().execute<Row[]>(sql, params, 'all');
  }
}

/** Addresses containing what staff typed (stored lower-cased; LIKE's own wildcards matched as themselves): the list and its download alike. */
function matching(search: string | undefined): { where: string[]; params: unknown[] } {
  const term = search?.trim().toLowerCase();
  return term ? { where: ['email like ?'], params: [`%${escapeLike(term)}%`] } : { where: [], params: [] };
}

interface RawRow { id: number; email: string; consented_ms: number; unsubscribed_ms: number | null; created_ms: number }

const COLUMNS = `select id, email, (extract(epoch from consented_at) * 1000)::float8 as consented_ms,
  (extract(epoch from unsubscribed_at) * 1000)::float8 as unsubscribed_ms, (extract(epoch from created_at) * 1000)::float8 as created_ms
  from newsletter_subscribers`;
