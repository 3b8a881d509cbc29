import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { InvalidInputError } from '../../../../shared/domain-error.js';
import type { SeoRepository } from '../../application/ports/seo-repository.port.js';
import { SeoEntry } from '../../domain/seo-entry.entity.js';
import { escapeLike } from '../../../../shared/like-pattern.js';

@Injectable()
export class MikroOrmSeoRepository implements SeoRepository {
  constructor(private readonly em: EntityManager) {}

  findByPath(path: string): Promise<SeoEntry | null> {
    return this.em.findOne(SeoEntry, { path });
  }

  async listPaths(limit: number): Promise<string[]> {
    // Plain rows, not entities: up to the limit of them would otherwise fill the request's identity map.
    const rows: Array<{ path: string }> = await this.em.getConnection().execute('select path from seo_entries limit ?', [limit], 'all', this.em.getTransactionContext());
    return rows.map((row) => row.path);
  }

  findById(id: number): Promise<SeoEntry | null> {
    return this.em.findOne(SeoEntry, { id });
  }

  async search(search: string | undefined, offset: number, limit: number): Promise<{ entries: SeoEntry[]; total: number }> {
    const term = search?.trim();
    const where = term ? { $or: [{ path: { $ilike: `%${escapeLike(term)}%` } }, { title: { $ilike: `%${escapeLike(term)}%` } }] } : {};
    const [entries, total] = await this.em.findAndCount(SeoEntry, where, { orderBy: { path: 'asc' }, offset, limit });
    return { entries, total };
  }

  async save(entry: SeoEntry): Promise<void> {
    try {
      await this.em.persist(entry).flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw new InvalidInputError('path', 'An SEO entry for this path exists already.');
      throw error;
    }
  }

  async remove(entry: SeoEntry): Promise<void> {
    await this.em.remove(entry).flush();
  }
}
