import Stripe from 'stripe';
import {
  WEBHOOK_TOLERANCE_SECONDS, WebhookSignatureError, type PaymentEvent, type PaymentProvider, type PaymentSession, type PaymentSessionRequest,
} from '../../application/ports/payment-provider.port.js';
import { eventOf } from './test-payment.provider.js';

/**
 * Stripe Checkout (STRIPE_SECRET_KEY + STRIPE_WEBHOOK_SECRET): a hosted session per order, one line for the
 * order's grand total (our VAT-inclusive figure, so Stripe never recomputes tax), the order id in the metadata;
 * webhooks verified by the official package (HMAC over the raw body, 300 s tolerance).
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe';
  private readonly stripe: Stripe;

  constructor(
    secretKey: string,
    private readonly webhookSecret: string,
    config: ConstructorParameters<typeof Stripe>[1] = {},
  ) {
    this.stripe = new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000, ...config });
  }

  async createSession(request: PaymentSessionRequest): Promise<PaymentSession> {
    const metadata = { order_id: String(request.orderId), order_number: request.number };
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        // Cards only (this API version's name for the old payment_method_types): a card is settled when the session
        // completes. Delayed methods (Bacs Direct Debit, bank transfers) complete it unpaid; the webhook refuses that
        // anyway — defence in depth (issue 25).
        allowed_payment_method_types: ['card'],
        line_items: [{ quantity: 1, price_data: { currency: request.currency, unit_amount: request.amount, product_data: { name: `Order ${request.number}` } } }],
        customer_email: request.customerEmail,
        client_reference_id: String(request.orderId),
        metadata,
        payment_intent_data: { metadata },
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      },
      // A retried placing transaction must not open a second session for the same order; a renewal ("Pay now"
      // after the first session expired) gets one fresh session per session it replaces.
      { idempotencyKey: request.replaces ? `order-${request.orderId}-after-${request.replaces}` : `order-${request.orderId}` },
    );
    if (!session.url) throw new Error(`Stripe returned no URL for the session of order ${request.number}.`);
    return { reference: session.id, url: session.url };
  }

  async resumeSession(reference: string): Promise<PaymentSession | null> {
    const session = await this.stripe.checkout.sessions.retrieve(reference);
    return session.status === 'open' && session.url ? { reference: session.id, url: session.url } : null;
  }

  async endSession(reference: string): Promise<void> {
    const session = await this.stripe.checkout.sessions.retrieve(reference);
    // Only an open session can be expired; a completed one is the webhook's (paid after cancel: staff refund it).
    if (session.status === 'open') await this.stripe.checkout.sessions.expire(reference);
  }

  verifyWebhook(rawBody: string, signatureHeader: string | undefined): PaymentEvent {
    if (!signatureHeader) throw new WebhookSignatureError('The Stripe-Signature header is missing.');
    try {
      this.stripe.webhooks.constructEvent(rawBody, signatureHeader, this.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
    } catch (error) {
      throw new WebhookSignatureError(error instanceof Error ? error.message : 'The webhook signature does not verify.');
    }
    return eventOf(rawBody);
  }
}
