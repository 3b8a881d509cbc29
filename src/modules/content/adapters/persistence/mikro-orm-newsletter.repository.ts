import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { DomainError } from '../../../../shared/domain-error.js';
import type { NewsletterRepository } from '../../application/ports/newsletter-repository.port.js';
import { NewsletterSubscriber } from '../../domain/newsletter-subscriber.entity.js';

@Injectable()
export class MikroOrmNewsletterRepository implements NewsletterRepository {
  constructor(private readonly em: EntityManager) {}

  findByEmail(email: string): Promise<NewsletterSubscriber | null> {
    return this.em.findOne(NewsletterSubscriber, { email: email.toLowerCase() });
  }

  findByTokenHash(tokenHash: string): Promise<NewsletterSubscriber | null> {
    return this.em.findOne(NewsletterSubscriber, { unsubscribeTokenHash: tokenHash });
  }

  async save(subscriber: NewsletterSubscriber): Promise<void> {
    try {
      await this.em.persist(subscriber).flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw new DomainError('conflict', 'This address is already subscribed.');
      throw error;
    }
  }
}
