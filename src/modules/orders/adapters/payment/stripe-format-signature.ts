import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_TOLERANCE_SECONDS, WebhookSignatureError } from '../../application/ports/payment-provider.port.js';

/**
 * Stripe's webhook signature scheme, for the embedded test provider: `Stripe-Signature: t=<unix>,v1=<hex>`,
 * where v1 is HMAC-SHA256(secret, "<t>.<raw body>"). The test provider speaks it so the webhook path is the
 * same whichever provider is configured (the Stripe adapter uses the official package instead).
 */
export function signStripeFormat(rawBody: string, secret: string, timestamp: number): string {
  return `t=${timestamp},v1=${hmac(secret, `${timestamp}.${rawBody}`)}`;
}

export function verifyStripeFormat(rawBody: string, header: string | undefined, secret: string, nowSeconds: number): void {
  if (!header) throw new WebhookSignatureError('The Stripe-Signature header is missing.');
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  const signatures = parts.filter(([key]) => key === 'v1').map(([, value]) => value ?? '');
  if (!Number.isSafeInteger(timestamp) || signatures.length === 0) throw new WebhookSignatureError('The Stripe-Signature header is malformed.');
  const expected = Buffer.from(hmac(secret, `${timestamp}.${rawBody}`));
  if (!signatures.some((signature) => signature.length === expected.length && timingSafeEqual(Buffer.from(signature), expected))) {
    throw new WebhookSignatureError('The webhook signature does not match.');
  }
  if (Math.abs(nowSeconds - timestamp) > WEBHOOK_TOLERANCE_SECONDS) throw new WebhookSignatureError('The webhook signature is too old.');
}

function hmac(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload, 'utf8').digest('hex');
}
