import { randomBytes } from 'node:crypto';
import {
  WebhookSignatureError, type PaymentEvent, type PaymentProvider, type PaymentSession, type PaymentSessionRequest,
} from '../../application/ports/payment-provider.port.js';
import { signStripeFormat, verifyStripeFormat } from './stripe-format-signature.js';
import { isId } from '../../../../shared/contracts/ids.js';

/** The event the test provider sends, shaped like Stripe's `checkout.session.completed` (the parts we read). */
export interface TestCheckoutEvent {
  id: string;
  object: 'event';
  type: 'checkout.session.completed';
  created: number;
  data: { object: { id: string; object: 'checkout.session'; amount_total: number; currency: 'gbp'; payment_status: 'paid'; metadata: { order_id: string } } };
}

/**
 * The embedded default (no STRIPE_SECRET_KEY): a hosted page of the shop's own at `/pay/test/{reference}` with
 * Pay and Cancel, whose Pay sends a Stripe-format signed webhook through the durable queue. It takes no money:
 * a shop in production must configure Stripe (start-up warns).
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test';

  constructor(
    private readonly secret: string,
    private readonly clock: () => number = Date.now,
  ) {}

  createSession(request: PaymentSessionRequest): Promise<PaymentSession> {
    if (!Number.isSafeInteger(request.amount) || request.amount < 0) throw new RangeError(`Not an amount: ${request.amount}`);
    const reference = `cs_test_${randomBytes(18).toString('base64url')}`;
    return Promise.resolve({ reference, url: `/pay/test/${reference}` });
  }

  /**
   * The embedded page's sessions never expire on their own: the page offers Pay while the order waits for payment
   * (the payment time-out cancels the order instead), so the same page is resumed.
   */
  resumeSession(reference: string): Promise<PaymentSession | null> {
    return Promise.resolve({ reference, url: `/pay/test/${reference}` });
  }

  /** Nothing to end: the page refuses to pay an order that no longer waits for payment. */
  endSession(): Promise<void> {
    return Promise.resolve();
  }

  verifyWebhook(rawBody: string, signatureHeader: string | undefined): PaymentEvent {
    verifyStripeFormat(rawBody, signatureHeader, this.secret, Math.floor(this.clock() / 1000));
    return eventOf(rawBody);
  }

  /** The event for a payment of this session, and its signed body (the queue job sends it; signed at each attempt). */
  completedEvent(eventId: string, reference: string, orderId: number, amount: number): TestCheckoutEvent {
    return {
      id: eventId,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(this.clock() / 1000),
      data: { object: { id: reference, object: 'checkout.session', amount_total: amount, currency: 'gbp', payment_status: 'paid', metadata: { order_id: String(orderId) } } },
    };
  }

  sign(rawBody: string): string {
    return signStripeFormat(rawBody, this.secret, Math.floor(this.clock() / 1000));
  }
}

/** Reads a Stripe-shaped event (ours or Stripe's): the parts the shop acts on. */
export function eventOf(rawBody: string): PaymentEvent {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    throw new WebhookSignatureError('The webhook body is not JSON.');
  }
  const event = parsed as {
    id?: unknown; type?: unknown;
    data?: { object?: { id?: unknown; amount_total?: unknown; payment_status?: unknown; currency?: unknown; metadata?: { order_id?: unknown } } };
  };
  if (typeof event.id !== 'string' || typeof event.type !== 'string') throw new WebhookSignatureError('The webhook body is not an event.');
  const object = event.data?.object;
  const orderId = Number(object?.metadata?.order_id);
  return {
    id: event.id,
    type: event.type,
    reference: typeof object?.id === 'string' ? object.id : null,
    orderId: isId(orderId) ? orderId : null,
    amount: typeof object?.amount_total === 'number' ? object.amount_total : null,
    paymentStatus: typeof object?.payment_status === 'string' ? object.payment_status : null,
    currency: typeof object?.currency === 'string' ? object.currency.toLowerCase() : null,
  };
}
