/**
 * A hosted payment page and its signed webhooks (product.md "Payment"). A port because we swap it: the embedded
 * test provider by default, Stripe Checkout when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set
 * (payments.feature.ts chooses, like platform/storage). The webhook is the only source of truth: nothing the
 * browser says on its way back marks an order paid.
 */
export const PAYMENT_PROVIDER = Symbol('PaymentProvider');

export interface PaymentSessionRequest {
  orderId: number;
  number: string;
  /** Integer pence, VAT included: what the customer pays. */
  amount: number;
  currency: 'gbp';
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
  /**
   * The session this one replaces ("Pay now" after the first expired, issue 28): a fresh session, not the first
   * one again (Stripe's idempotency key differs), and the same fresh one again when the renewal is retried.
   */
  replaces?: string;
}

export interface PaymentSession {
  /** The provider's id of the session; the webhook names it, and the order is found by it. */
  reference: string;
  /** Where the customer pays. */
  url: string;
}

/** A verified webhook event, reduced to what the shop acts on. */
export interface PaymentEvent {
  /** Unique per event at the provider: the idempotency key. */
  id: string;
  type: string;
  /** The session reference (null for events about something else). */
  reference: string | null;
  /** Our order id, from the session's metadata. */
  orderId: number | null;
  /** What was paid, integer pence, when the event says. */
  amount: number | null;
  /** The session's `payment_status` (`paid`, `unpaid`, `no_payment_required`): only `paid` means money arrived. */
  paymentStatus: string | null;
  /** The session's `currency`, lower case (`gbp`). */
  currency: string | null;
}

export interface PaymentProvider {
  /** The `{provider}` of `/api/payments/{provider}/webhook`: `test` or `stripe`. */
  readonly name: string;
  createSession(request: PaymentSessionRequest): Promise<PaymentSession>;
  /** The session's page while it can still be paid; null once it has expired, was completed or was ended. */
  resumeSession(reference: string): Promise<PaymentSession | null>;
  /** Ends a session that must not be paid any more (its order was cancelled); one that has ended already is fine. */
  endSession(reference: string): Promise<void>;
  /** Checks the signature (and its age: at most 300 s) over the raw body; throws WebhookSignatureError otherwise. */
  verifyWebhook(rawBody: string, signatureHeader: string | undefined): PaymentEvent;
}

/** A webhook whose signature is missing, wrong or too old: answered 400, and nothing changes. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** How old a webhook's signature may be (Stripe's own default tolerance). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
