import { createHmac, timingSafeEqual } from 'node:crypto';
import type { OrderStatus } from './order-process.js';

/** The statuses whose download lines the buyer may fetch: paid and on, and on account (trusted to pay); a cancelled or refunded order's stop. */
export const DOWNLOADABLE_STATUSES: readonly OrderStatus[] = ['awaiting_payment', 'paid', 'processing', 'dispatched', 'completed'];

/**
 * A download link's signature: HMAC-SHA256 over the order line, the customer and the expiry, so a link works
 * only for the customer it was made for, only until it expires, and cannot be edited to another line or a
 * later expiry without the server's secret.
 */
export function downloadSignature(secret: string, lineId: number, customerId: number, expiresAt: number): string {
  return createHmac('sha256', secret).update(`download:${lineId}:${customerId}:${expiresAt}`).digest('base64url');
}

export function isValidDownloadSignature(secret: string, lineId: number, customerId: number, expiresAt: number, signature: string): boolean {
  const expected = Buffer.from(downloadSignature(secret, lineId, customerId, expiresAt));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
