import { defineEntity, p } from '@mikro-orm/core';
import { User } from './user.entity.js';

/** product.md: random, stored hashed, single use, expires after 60 minutes. */
export const PASSWORD_RESET_MS = 60 * 60 * 1000;

export class PasswordResetToken {
  id!: number;
  user: User;
  /** The address the link was sent to: the link works for that address only, even if the account's changes. */
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
    this.expiresAt = new Date(now.getTime() + PASSWORD_RESET_MS);
  }

  isUsable(now: Date): boolean {
    return this.usedAt === null && this.expiresAt > now;
  }
}

export const PasswordResetTokenSchema = defineEntity({
  class: PasswordResetToken,
  tableName: 'password_reset_tokens',
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
