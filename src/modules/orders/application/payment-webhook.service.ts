import { Inject, Injectable, Logger } from '@nestjs/common';
import { NotFoundError } from '../../../shared/domain-error.js';
import { Transactions } from '../../../platform/persistence/index.js';
import { OrderProcess } from './order-process.service.js';
import { PAYMENT_EVENT_STORE, type PaymentEventStore } from './ports/payment-event-store.port.js';
import { PAYMENT_PROVIDER, type PaymentEvent, type PaymentProvider } from './ports/payment-provider.port.js';
import { CARD_ORDER_STORE, type CardOrderStore } from './ports/card-order-store.port.js';

export const CHECKOUT_COMPLETED = 'checkout.session.completed';
/** A delayed payment method's money arrived after the session completed unpaid (Stripe; both providers read it). */
export const ASYNC_PAYMENT_SUCCEEDED = 'checkout.session.async_payment_succeeded';
export const ASYNC_PAYMENT_FAILED = 'checkout.session.async_payment_failed';
const SESSION_EVENTS: ReadonlySet<string> = new Set([CHECKOUT_COMPLETED, ASYNC_PAYMENT_SUCCEEDED, ASYNC_PAYMENT_FAILED]);

/** The only currency the shop sells in (prices, VAT and the session are all pounds). */
const SHOP_CURRENCY = 'gbp';

export type WebhookOutcome =
  | 'duplicate' | 'ignored' | 'unknown_order' | 'paid' | 'already_paid' | 'paid_after_cancel'
  // Not believed (issue 25): the order stays unpaid, and the reason is logged and kept on the event.
  | 'awaiting_payment' | 'currency_mismatch' | 'amount_mismatch' | 'payment_failed';

/**
 * The payment provider's webhook: the only thing that marks an order paid. The signature is checked first
 * (WebhookSignatureError → 400, nothing changes); then, in one transaction, the event is recorded once by its id
 * (a redelivery changes nothing), the order is found by its payment reference and locked, and moved
 * pending_payment → paid with a history entry. A payment for an order the timeout already cancelled is recorded
 * (history note and the event's outcome) but does not bring the order back: its stock may be sold again, so
 * staff refund it (ADR 0016).
 *
 * A signed event is believed only for what it proves (issue 25, ADR 0032): the session says `payment_status: paid`,
 * in pounds, for exactly the order's grand total (an event without an amount proves nothing). A session completed
 * by a delayed method is `unpaid` until `async_payment_succeeded`, which gets the same checks; `async_payment_failed`
 * leaves a note and the order waiting, for the payment time-out to cancel.
 */
@Injectable()
export class PaymentWebhookService {
  private readonly logger = new Logger(PaymentWebhookService.name);

  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(PAYMENT_EVENT_STORE) private readonly events: PaymentEventStore,
    @Inject(CARD_ORDER_STORE) private readonly cardOrders: CardOrderStore,
    private readonly process: OrderProcess,
    private readonly transactions: Transactions,
  ) {}

  get providerName(): string {
    return this.provider.name;
  }

  async receive(providerName: string, rawBody: string, signatureHeader: string | undefined): Promise<WebhookOutcome> {
    // Another provider's path answers 404: only the configured provider's webhooks are believed.
    if (providerName !== this.provider.name) throw new NotFoundError('Payment provider');
    const event = this.provider.verifyWebhook(rawBody, signatureHeader);
    const outcome = await this.transactions.run(async () => {
      if (!(await this.events.recordOnce(this.provider.name, event.id, event.type))) return { outcome: 'duplicate' as const, orderId: null };
      const result = await this.apply(event);
      await this.events.setOutcome(this.provider.name, event.id, result.orderId, result.outcome);
      return result;
    });
    this.logger.log(`Payment event ${event.id} (${event.type}) from ${this.provider.name}: ${outcome.outcome}.`);
    return outcome.outcome;
  }

  private async apply(event: PaymentEvent): Promise<{ outcome: WebhookOutcome; orderId: number | null }> {
    if (!SESSION_EVENTS.has(event.type) || !event.reference) return { outcome: 'ignored', orderId: null };
    const order = await this.cardOrders.lockByPaymentReference(this.provider.name, event.reference);
    if (!order) {
      this.logger.warn(`Payment event ${event.id} names session ${event.reference}, which no order has.`);
      return { outcome: 'unknown_order', orderId: null };
    }
    if (event.type === ASYNC_PAYMENT_FAILED) {
      // Only a waiting order learns anything from it: a note on a paid or cancelled one would mislead staff.
      if (order.status !== 'pending_payment') return { outcome: 'ignored', orderId: order.id };
      this.logger.warn(`Order ${order.number}: the payment of session ${event.reference} failed; the order stays ${order.status}.`);
      const note = `The payment failed (${this.provider.name} ${event.reference}); the order was not paid.`;
      await this.process.transition(order, 'noted', 'payment', { note });
      return { outcome: 'payment_failed', orderId: order.id };
    }
    const refusal = this.unproven(event, order.grandTotal);
    if (refusal) {
      const log = refusal.outcome === 'awaiting_payment' ? this.logger.log.bind(this.logger) : this.logger.error.bind(this.logger);
      log(`Order ${order.number}: payment event ${event.id} (${event.type}) not believed: ${refusal.reason}; the order stays ${order.status}.`);
      return { outcome: refusal.outcome, orderId: order.id };
    }
    if (order.status === 'pending_payment') {
      await this.process.transition(order, 'paid', 'payment', { note: `Paid by card (${this.provider.name} ${event.reference}).` });
      return { outcome: 'paid', orderId: order.id };
    }
    if (order.status === 'cancelled') {
      this.logger.warn(`Order ${order.number} was paid after it had been cancelled (session ${event.reference}): refund it.`);
      const note = `Payment received after the order was cancelled (${this.provider.name} ${event.reference}). The order stays cancelled: refund the payment.`;
      await this.process.transition(order, 'noted', 'payment', { note });
      return { outcome: 'paid_after_cancel', orderId: order.id };
    }
    return { outcome: 'already_paid', orderId: order.id };
  }

  /** Why a session event does not prove that this order's grand total was paid; null when it does. */
  private unproven(event: PaymentEvent, grandTotal: number): { outcome: WebhookOutcome; reason: string } | null {
    if (event.paymentStatus !== 'paid') return { outcome: 'awaiting_payment', reason: `its payment_status is ${event.paymentStatus ?? 'missing'}, not paid` };
    if (event.currency !== SHOP_CURRENCY) return { outcome: 'currency_mismatch', reason: `it is in ${event.currency ?? 'no currency'}, not ${SHOP_CURRENCY}` };
    if (event.amount === null) return { outcome: 'amount_mismatch', reason: 'it names no amount_total' };
    if (event.amount !== grandTotal) return { outcome: 'amount_mismatch', reason: `it paid ${event.amount} pence, but the order's total is ${grandTotal}` };
    return null;
  }
}
