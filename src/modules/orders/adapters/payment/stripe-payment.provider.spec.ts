import Stripe from 'stripe';
import { WebhookSignatureError } from '../../application/ports/payment-provider.port.js';
import { StripePaymentProvider } from './stripe-payment.provider.js';

/** The Stripe adapter's webhook check, against events signed by Stripe's own test helper (no network). */
describe('StripePaymentProvider.verifyWebhook', () => {
  const secret = 'whsec_unit_test_signing_secret';
  const provider = new StripePaymentProvider('sk_test_not_a_real_key', secret);
  const payload = JSON.stringify({
    id: 'evt_1Q2w3e', object: 'event', type: 'checkout.session.completed',
    data: { object: { id: 'cs_test_a1b2', object: 'checkout.session', amount_total: 5994, metadata: { order_id: '42' } } },
  });
  const header = (timestamp?: number, signingSecret = secret) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret: signingSecret, ...(timestamp ? { timestamp } : {}) });

  it('reads a genuine event', () => {
    expect(provider.verifyWebhook(payload, header())).toEqual({
      id: 'evt_1Q2w3e', type: 'checkout.session.completed', reference: 'cs_test_a1b2', orderId: 42, amount: 5994,
    });
  });

  it('refuses another secret, a changed body, a stale timestamp and no header', () => {
    expect(() => provider.verifyWebhook(payload, header(undefined, 'whsec_somebody_else'))).toThrow(WebhookSignatureError);
    expect(() => provider.verifyWebhook(payload.replace('5994', '1'), header())).toThrow(WebhookSignatureError);
    expect(() => provider.verifyWebhook(payload, header(Math.floor(Date.now() / 1000) - 301))).toThrow(WebhookSignatureError);
    expect(() => provider.verifyWebhook(payload, undefined)).toThrow(WebhookSignatureError);
  });

  it('still accepts a signature 4 minutes old', () => {
    expect(provider.verifyWebhook(payload, header(Math.floor(Date.now() / 1000) - 240)).id).toBe('evt_1Q2w3e');
  });
});
