import { defineEntity, p } from '@mikro-orm/core';
import { User } from './user.entity.js';

/** Seed: "remember" keeps the cookie 365 days; otherwise a session cookie and a 12-hour token. */
export const REMEMBERED_SESSION_MS = 365 * 24 * 60 * 60 * 1000;
export const SESSION_MS = 12 * 60 * 60 * 1000;

/**
 * One signed-in device. The token itself is never stored: only its SHA-256, so a database leak gives
 * nobody a usable session.
 */
export class Session {
  id!: number;
  user: User;
  tokenHash: string;
  remember: boolean;
  createdAt: Date;
  lastUsedAt: Date;
  expiresAt: Date;
  revokedAt: Date | null = null;
  userAgent: string | null;
  ip: string | null;

  constructor(input: { user: User; tokenHash: string; remember: boolean; now: Date; userAgent: string | null; ip: string | null }) {
    this.user = input.user;
    this.tokenHash = input.tokenHash;
    // product.md: admin sessions expire after 12 hours whatever "remember" says.
    this.remember = input.remember && input.user.role !== 'admin';
    this.createdAt = input.now;
    this.lastUsedAt = input.now;
    this.expiresAt = new Date(input.now.getTime() + (this.remember ? REMEMBERED_SESSION_MS : SESSION_MS));
    this.userAgent = input.userAgent?.slice(0, 300) ?? null;
    this.ip = input.ip;
  }

  isActive(now: Date): boolean {
    return this.revokedAt === null && this.expiresAt > now;
  }
}

export const SessionSchema = defineEntity({
  class: Session,
  tableName: 'sessions',
  properties: {
    id: p.integer().primary().autoincrement(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    tokenHash: p.string().length(64).unique(),
    remember: p.boolean(),
    createdAt: p.datetime(),
    lastUsedAt: p.datetime(),
    expiresAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
    userAgent: p.string().length(300).nullable(),
    ip: p.string().length(64).nullable(),
  },
});
