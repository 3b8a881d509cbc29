import { defineEntity, p } from '@mikro-orm/core';

/**
 * One address on the newsletter list (product: "Newsletter subscriber"). The address is stored
 * normalised (trimmed, lower case) and unique; `consentedAt` is when the visitor last asked to be
 * subscribed (the consent record); the unsubscribe token is kept only as its SHA-256. Unsubscribing sets
 * `unsubscribedAt` and keeps the row (the token keeps working, so a repeated click is harmless).
 */
export class NewsletterSubscriber {
  id!: number;
  email!: string;
  consentedAt: Date;
  unsubscribeTokenHash: string;
  unsubscribedAt: Date | null = null;
  createdAt: Date = new Date();

  constructor(email: string, unsubscribeTokenHash: string, now: Date) {
    this.email = normaliseSubscriberEmail(email);
    this.unsubscribeTokenHash = unsubscribeTokenHash;
    this.consentedAt = now;
  }

  get isSubscribed(): boolean {
    return this.unsubscribedAt === null;
  }

  /** Subscribes again after an unsubscribe: fresh consent, fresh token (old links stop working). */
  resubscribe(unsubscribeTokenHash: string, now: Date): void {
    this.unsubscribedAt = null;
    this.consentedAt = now;
    this.unsubscribeTokenHash = unsubscribeTokenHash;
  }

  unsubscribe(now: Date): void {
    this.unsubscribedAt ??= now;
  }
}

export const NewsletterSubscriberSchema = defineEntity({
  class: NewsletterSubscriber,
  tableName: 'newsletter_subscribers',
  properties: {
    id: p.integer().primary().autoincrement(),
    email: p.string().length(254).unique(),
    consentedAt: p.datetime(),
    unsubscribeTokenHash: p.string().length(64).unique(),
    unsubscribedAt: p.datetime().nullable(),
    createdAt: p.datetime(),
  },
});

export function normaliseSubscriberEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** "jo.bloggs@acme.co.uk" → "j***@acme.co.uk": enough for the owner to recognise, little for anyone else. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
