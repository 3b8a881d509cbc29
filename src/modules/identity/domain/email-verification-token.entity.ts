import { defineEntity, p } from '@mikro-orm/core';
import { User } from './user.entity.js';

/**
 * ADR 0033: a verification link lasts 48 hours — long enough for a weekend between registering at work and
 * opening the mail, short enough that an old mailbox leak is not a standing proof.
 */
export const EMAIL_VERIFICATION_MS = 48 * 60 * 60 * 1000;

/** A single-use link proving control of `email`; stored hashed, like password-reset links. */
export class EmailVerificationToken {
  id!: number;
  user: User;
  /** The address the link was sent to: it proves only that one, so it is void once the account's address changes. */
  email: string;
  tokenHash: string;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null = null;

  constructor(user: User, tokenHash: string, now: Date) {
    this.user = user;
    this.email = user.email;
    this.tokenHash = tokenHash;
    this.createdAt = now;
    this.expiresAt = new Date(now.getTime() + EMAIL_VERIFICATION_MS);
  }
}

export const EmailVerificationTokenSchema = defineEntity({
  class: EmailVerificationToken,
  tableName: 'email_verification_tokens',
  properties: {
    id: p.integer().primary().autoincrement(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    email: p.string().length(254),
    tokenHash: p.string().length(64).unique(),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
  },
});
