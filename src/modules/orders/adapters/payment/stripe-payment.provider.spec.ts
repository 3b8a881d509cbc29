import Stripe from 'stripe';
import { WebhookSignatureError } from '../../application/ports/payment-provider.port.js';
import { StripePaymentProvider } from './stripe-payment.provider.js';

/** The Stripe adapter's webhook check, against events signed by Stripe's own test helper (no network). */
describe('StripePaymentProvider.verifyWebhook', () => {
  const secret = 'whsec_unit_test_signing_secret';
  const provider = new StripePaymentProvider('sk_test_not_a_real_key', secret);
  const payload = JSON.stringify({
    id: 'evt_1Q2w3e', object: 'event', type: 'checkout.session.completed',
    data: { object: { id: 'cs_test_a1b2', object: 'checkout.session', amount_total: 5994, currency: 'gbp', payment_status: 'paid', metadata: { order_id: '42' } } },
  });
  const header = (timestamp?: number, signingSecret = secret) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret: signingSecret, ...(timestamp ? { timestamp } : {}) });

  it('reads a genuine event', () => {
    expect(provider.verifyWebhook(payload, header())).toEqual({
      id: 'evt_1Q2w3e', type: 'checkout.session.completed', reference: 'cs_test_a1b2', orderId: 42, amount: 5994, paymentStatus: 'paid', currency: 'gbp',
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

/** The session Stripe is asked for, read by a local peer standing in for api.stripe.com. */
describe('StripePaymentProvider.createSession', () => {
  it('asks for a card-only session for the order\'s grand total in pounds', async () => {
    const { createServer } = await import('node:http');
    let form = '';
    const peer = createServer((request, response) => {
      request.on('data', (chunk: Buffer) => (form += chunk.toString()));
      request.on('end', () => {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ id: 'cs_test_peer', object: 'checkout.session', url: 'https://checkout.stripe.test/pay/cs_test_peer' }));
      });
    });
    await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = peer.address() as { port: number };
      const provider = new StripePaymentProvider('sk_test_peer', 'whsec_peer', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
      const session = await provider.createSession({
        orderId: 7, number: 'HS-100007', amount: 5994, currency: 'gbp', customerEmail: 'buyer@example.com', successUrl: 'http://shop/complete', cancelUrl: 'http://shop/cancelled',
      });
      expect(session).toEqual({ reference: 'cs_test_peer', url: 'https://checkout.stripe.test/pay/cs_test_peer' });
      const fields = new URLSearchParams(form);
      expect(fields.getAll('allowed_payment_method_types[0]')).toEqual(['card']);
      expect(fields.get('allowed_payment_method_types[1]')).toBeNull();
      expect(fields.get('line_items[0][price_data][unit_amount]')).toBe('5994');
      expect(fields.get('line_items[0][price_data][currency]')).toBe('gbp');
    } finally {
      await new Promise((resolve) => peer.close(resolve));
    }
  });
});

/** "Pay now" (issue 28): an open session is resumed, an expired one is not; a renewal has its own idempotency key; cancelling expires an open one. */
describe('StripePaymentProvider sessions after checkout', () => {
  async function withPeer(sessions: Record<string, { status: string; url: string | null }>, work: (provider: StripePaymentProvider, seen: string[]) => Promise<void>) {
    const { createServer } = await import('node:http');
    const seen: string[] = [];
    const peer = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        seen.push(`${request.method} ${request.url} ${request.headers['idempotency-key'] ?? ''}`.trim());
        const id = /\/v1\/checkout\/sessions\/([\w]+)/.exec(request.url ?? '')?.[1] ?? 'cs_test_fresh';
        const session = sessions[id] ?? { status: 'open', url: `https://checkout.stripe.test/pay/${id}` };
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ id, object: 'checkout.session', ...session }));
      });
    });
    await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = peer.address() as { port: number };
      await work(new StripePaymentProvider('sk_test_peer', 'whsec_peer', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 }), seen);
    } finally {
      await new Promise((resolve) => peer.close(resolve));
    }
  }

  it('resumes an open session, not an expired or completed one', async () => {
    await withPeer({ cs_open: { status: 'open', url: 'https://checkout.stripe.test/pay/cs_open' }, cs_old: { status: 'expired', url: null }, cs_done: { status: 'complete', url: null } }, async (provider) => {
      expect(await provider.resumeSession('cs_open')).toEqual({ reference: 'cs_open', url: 'https://checkout.stripe.test/pay/cs_open' });
      expect(await provider.resumeSession('cs_old')).toBeNull();
      expect(await provider.resumeSession('cs_done')).toBeNull();
    });
  });

  it('asks for a renewal under a key of its own, and expires only an open session', async () => {
    await withPeer({ cs_open: { status: 'open', url: 'https://x' }, cs_old: { status: 'expired', url: null } }, async (provider, seen) => {
      await provider.createSession({
        orderId: 7, number: 'HS-100007', amount: 5994, currency: 'gbp', customerEmail: 'buyer@example.com', successUrl: 'http://shop/complete', cancelUrl: 'http://shop/cancelled',
        replaces: 'cs_old',
      });
      expect(seen.at(-1)).toBe('POST /v1/checkout/sessions order-7-after-cs_old');
      await provider.endSession('cs_old');
      expect(seen.some((line) => line.startsWith('POST /v1/checkout/sessions/cs_old/expire'))).toBe(false);
      await provider.endSession('cs_open');
      expect(seen.at(-1)).toMatch(/^POST \/v1\/checkout\/sessions\/cs_open\/expire/);
    });
  });
});
