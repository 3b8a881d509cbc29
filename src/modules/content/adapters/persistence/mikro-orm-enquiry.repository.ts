import { EntityManager, type FilterQuery } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { EnquiryFilter, EnquiryRepository } from '../../application/ports/enquiry-repository.port.js';
import { Enquiry } from '../../domain/enquiry.entity.js';
import { escapeLike } from '../../../../shared/like-pattern.js';

@Injectable()
export class MikroOrmEnquiryRepository implements EnquiryRepository {
  constructor(private readonly em: EntityManager) {}

  async save(enquiry: Enquiry): Promise<void> {
    await this.em.persist(enquiry).flush();
  }

  async batchBefore(filter: EnquiryFilter, beforeId: number | null, limit: number): Promise<Enquiry[]> {
    // A fork of its own per batch: the download keeps no enquiry in memory once its rows are written.
    const where: FilterQuery<Enquiry> = beforeId === null ? whereOf(filter) : { $and: [whereOf(filter), { id: { $lt: beforeId } }] };
    return this.em.fork({ clear: true }).find(Enquiry, where, { orderBy: { id: 'desc' }, limit });
  }

  async list(filter: EnquiryFilter, offset: number, limit: number): Promise<{ enquiries: Enquiry[]; total: number }> {
    const [enquiries, total] = await this.em.findAndCount(Enquiry, whereOf(filter), {
      orderBy: { createdAt: 'desc', id: 'desc' },
      offset,
      limit,
    });
    return { enquiries, total };
  }
}

/** The list and its download select the same rows. */
function whereOf({ type, search }: EnquiryFilter): FilterQuery<Enquiry> {
  const term = search?.trim();
  // LIKE's own wildcards in what staff typed are matched as themselves.
  const pattern = term ? `%${escapeLike(term)}%` : undefined;
  return {
    ...(type ? { type } : {}),
    ...(pattern ? { $or: [{ name: { $ilike: pattern } }, { company: { $ilike: pattern } }, { email: { $ilike: pattern } }] } : {}),
  };
}
