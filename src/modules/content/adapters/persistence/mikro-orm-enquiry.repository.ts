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

  async list(type: EnquiryType | undefined, offset: number, limit: number): Promise<{ enquiries: Enquiry[]; total: number }> {
    const [enquiries, total] = await this.em.findAndCount(Enquiry, type ? { type } : {}, {
      orderBy: { createdAt: 'desc', id: 'desc' },
      offset,
      limit,
    });
    return { enquiries, total };
  }
}
