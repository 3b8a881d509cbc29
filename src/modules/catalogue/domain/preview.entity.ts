import { defineEntity, p } from '@mikro-orm/core';

export const PREVIEW_STATUSES = ['pending', 'approved', 'revoked'] as const;
export type PreviewStatus = (typeof PREVIEW_STATUSES)[number];
/** product.md: a preview gives access for 7 days from approval. */
export const PREVIEW_DAYS = 7;

/**
 * A customer's free preview of a product's preview video (one per customer and product). Its shown state
 * is derived: pending, active (approved and not yet expired), expired, or revoked.
 */
export class Preview {
  id!: number;
  productId!: number;
  userId!: number;
  status: PreviewStatus = 'pending';
  requestedAt: Date = new Date();
  approvedAt: Date | null = null;
  expiresAt: Date | null = null;
  createdAt: Date = new Date();
  updatedAt: Date = new Date();

  constructor(productId: number, userId: number, requestedAt: Date) {
    this.productId = productId;
    this.userId = userId;
    this.requestedAt = requestedAt;
  }

  approve(now: Date, days = PREVIEW_DAYS): void {
    this.status = 'approved';
    this.approvedAt = now;
    this.expiresAt = new Date(now.getTime() + days * 86_400_000);
  }

  /** A new request for an expired preview: it starts again as if first requested now (ADR 0012). */
  reopen(now: Date): void {
    this.status = 'pending';
    this.requestedAt = now;
    this.approvedAt = null;
    this.expiresAt = null;
  }

  revoke(): void {
    this.status = 'revoked';
  }

  /** Lengthens an approved preview by `days` from its expiry, or from now when it has expired already. */
  extend(days: number, now: Date): void {
    const from = this.expiresAt && this.expiresAt > now ? this.expiresAt : now;
    this.status = 'approved';
    this.approvedAt ??= now;
    this.expiresAt = new Date(from.getTime() + days * 86_400_000);
  }

  isWatchableAt(now: Date): boolean {
    return this.status === 'approved' && this.expiresAt !== null && this.expiresAt > now;
  }

  stateAt(now: Date): 'pending' | 'active' | 'expired' | 'revoked' {
    if (this.status === 'pending' || this.status === 'revoked') return this.status;
    return this.isWatchableAt(now) ? 'active' : 'expired';
  }
}

export const PreviewSchema = defineEntity({
  class: Preview,
  tableName: 'previews',
  properties: {
    id: p.integer().primary().autoincrement(),
    productId: p.integer(),
    userId: p.integer(),
    status: p.string().length(16),
    requestedAt: p.datetime(),
    approvedAt: p.datetime().nullable(),
    expiresAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime().onUpdate(() => new Date()),
  },
});
