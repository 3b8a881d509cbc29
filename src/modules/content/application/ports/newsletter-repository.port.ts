import type { NewsletterSubscriber } from '../../domain/newsletter-subscriber.entity.js';

export const NEWSLETTER_REPOSITORY = Symbol('NewsletterRepository');

export interface NewsletterRepository {
  findByEmail(email: string): Promise<NewsletterSubscriber | null>;
  findByTokenHash(tokenHash: string): Promise<NewsletterSubscriber | null>;
  /** Inserts or updates; an address inserted concurrently is refused with a `conflict` DomainError. */
  save(subscriber: NewsletterSubscriber): Promise<void>;
}
