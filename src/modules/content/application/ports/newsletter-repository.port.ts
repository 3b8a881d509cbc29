import type { NewsletterSubscriber } from '../../domain/newsletter-subscriber.entity.js';

/** A subscriber as the admin list and the CSV download read it: a plain row, kept nowhere. */
export interface SubscriberRow {
  id: number;
  email: string;
  consentedAt: Date;
  unsubscribedAt: Date | null;
  createdAt: Date;
}

export const NEWSLETTER_REPOSITORY = Symbol('NewsletterRepository');

export interface NewsletterRepository {
  findByEmail(email: string): Promise<NewsletterSubscriber | null>;
  findByTokenHash(tokenHash: string): Promise<NewsletterSubscriber | null>;
  /** Addresses containing `search` (case-insensitive), newest sign-up first, with the total count. */
  search(search: string | undefined, offset: number, limit: number): Promise<{ rows: SubscriberRow[]; total: number }>;
  /**
   * Up to `limit` subscribers whose address contains `search` (all when undefined) with an id below `beforeId` (all
   * when null), highest id (newest) first: the download's batches.
   */
  batchBefore(search: string | undefined, beforeId: number | null, limit: number): Promise<SubscriberRow[]>;
  /** Inserts or updates; an address inserted concurrently is refused with a `conflict` DomainError. */
  save(subscriber: NewsletterSubscriber): Promise<void>;
}
