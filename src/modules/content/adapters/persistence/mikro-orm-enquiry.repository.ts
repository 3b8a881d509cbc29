import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { EnquiryRepository } from '../../application/ports/enquiry-repository.port.js';
import { Enquiry, type EnquiryType } from '../../domain/enquiry.entity.js';

@Injectable()
export class MikroOrmEnquiryRepository implements EnquiryRepository {
  constructor(private readonly em: EntityManager) {}

  async save(enquiry: Enquiry): Promise<void> {
    await this.em.persist(enquiry).flush();
  }

  async batchBefore(type: EnquiryType | undefined, beforeId: number | null, limit: number): Promise<Enquiry[]> {
    // A fork of its own per batch: the download keeps no enquiry in memory once its rows are written.
    const where = { ...(type ? { type } : {}), ...(beforeId === null ? {} : { id: { $lt: beforeId } }) };
    return this.em.fork({ clear: true }).find(Enquiry, where, { orderBy: { id: 'desc' }, limit });
  }

  async list(type: EnquiryType | undefined, offset: number, limit: number, search?: string): Promise<{ enquiries: Enquiry[]; total: number }> {
    const term = search?.trim();
    // LIKE's own wildcards in what staff typed are matched as themselves.
    const pattern = term ? `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
    const where = {
      ...(type ? { type } : {}),
      ...(pattern ? { $or: [{ name: { $ilike: pattern } }, { company: { $ilike: pattern } }, { email: { $ilike: pattern } }] } : {}),
    };
    const [enquiries, total] = await this.em.findAndCount(Enquiry, where, {
      orderBy: { createdAt: 'desc', id: 'desc' },
      offset,
      limit,
    });
    return { enquiries, total };
  }
}
