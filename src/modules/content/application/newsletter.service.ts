import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Environment } from '../../../config/environment.js';
import { SHOP_NAME } from '../../../config/shop.js';
import { OutboundMail } from '../../../platform/mail/index.js';
import { Transactions } from '../../../platform/persistence/index.js';
import { clientKey, RateLimiter } from '../../../platform/rate-limit/index.js';
import { DomainError, RateLimitedError } from '../../../shared/domain-error.js';
import { maskEmail, NewsletterSubscriber, normaliseSubscriberEmail } from '../domain/newsletter-subscriber.entity.js';
import { NEWSLETTER_REPOSITORY, type NewsletterRepository } from './ports/newsletter-repository.port.js';

/** Seed §8: the one success message, the same for a new and a known address (no enumeration). */
export const NEWSLETTER_SUBSCRIBED = 'Thank you, you have been subscribed';
export const NEWSLETTER_UNSUBSCRIBED = 'You have been unsubscribed';
export const NEWSLETTER_INVALID_LINK = 'This link is invalid or has expired';
export const NEWSLETTER_CONFIRMATION_SUBJECT = `You are subscribed to the ${SHOP_NAME} newsletter`;
/** Sign-ups per client address per minute. */
export const NEWSLETTER_CLIENT_LIMIT = 10;

/** What the unsubscribe page shows before the visitor confirms. */
export interface UnsubscribeLinkView {
  masked_email: string;
  unsubscribed: boolean;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** A well-formed token is 43 base64url characters (256 bits); anything else is not looked up. */
const TOKEN_SHAPE = /^[\w-]{43}$/;

@Injectable()
export class NewsletterService {
  constructor(
    @Inject(NEWSLETTER_REPOSITORY) private readonly subscribers: NewsletterRepository,
    private readonly rateLimiter: RateLimiter,
    private readonly mail: OutboundMail,
    private readonly transactions: Transactions,
    private readonly env: Environment,
  ) {}

  /**
   * Subscribes `rawEmail` (already validated as an address). A new address, or one that unsubscribed
   * before, gets a fresh consent time, a fresh unsubscribe token and a confirmation e-mail carrying the
   * unsubscribe link, in one transaction. An address already subscribed is left as it is (no second
   * e-mail). The answer is the same in every case.
   */
  async subscribe(rawEmail: string, clientIp: string): Promise<string> {
    const byClient = await this.rateLimiter.hit(`newsletter:client:${clientKey(clientIp)}`, 60_000);
    if (byClient.hits > NEWSLETTER_CLIENT_LIMIT) {
      throw new RateLimitedError(`Too many requests. Please try again in ${byClient.retryAfterSeconds} seconds.`, byClient.retryAfterSeconds);
    }
    const email = normaliseSubscriberEmail(rawEmail);
    try {
      await this.transactions.run(async () => {
        const existing = await this.subscribers.findByEmail(email);
        if (existing?.isSubscribed) return;
        const token = randomBytes(32).toString('base64url');
        const now = new Date();
        const subscriber = existing ?? new NewsletterSubscriber(email, hashToken(token), now);
        if (existing) existing.resubscribe(hashToken(token), now);
        await this.subscribers.save(subscriber);
        await this.mail.send(this.confirmation(email, token));
      });
    } catch (error) {
      // The same address signed up by a concurrent request: it is subscribed, which is what was asked.
      if (!(error instanceof DomainError && error.kind === 'conflict')) throw error;
    }
    return NEWSLETTER_SUBSCRIBED;
  }

  /** Read-only (the page's GET): whom the link is for, masked, or null for an unknown link. */
  async describeUnsubscribeLink(token: string): Promise<UnsubscribeLinkView | null> {
    const subscriber = await this.findByToken(token);
    return subscriber ? { masked_email: maskEmail(subscriber.email), unsubscribed: !subscriber.isSubscribed } : null;
  }

  /** Unsubscribes the link's address. Idempotent: a repeated click answers the same. Unknown link → not found. */
  async unsubscribe(token: string): Promise<string> {
    const subscriber = await this.findByToken(token);
    if (!subscriber) throw new DomainError('not_found', NEWSLETTER_INVALID_LINK);
    if (subscriber.isSubscribed) {
      subscriber.unsubscribe(new Date());
      await this.subscribers.save(subscriber);
    }
    return NEWSLETTER_UNSUBSCRIBED;
  }

  unsubscribeLink(token: string): string {
    return `${this.env.publicUrl}/newsletter/unsubscribe/${token}`;
  }

  private findByToken(token: string): Promise<NewsletterSubscriber | null> {
    if (!TOKEN_SHAPE.test(token)) return Promise.resolve(null);
    return this.subscribers.findByTokenHash(hashToken(token));
  }

  private confirmation(email: string, token: string) {
    return {
      to: email,
      subject: NEWSLETTER_CONFIRMATION_SUBJECT,
      unsubscribeUrl: `${this.env.publicUrl}/api/newsletter/unsubscribe/${token}`,
      text:
        `You are subscribed to the ${SHOP_NAME} newsletter: new training videos, posters and courses, straight to your inbox.\n\n` +
        `If you did not ask for this, or no longer want it, unsubscribe here (no sign-in needed):\n${this.unsubscribeLink(token)}\n`,
    };
  }
}
