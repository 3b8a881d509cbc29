import { Inject, Injectable, Logger } from '@nestjs/common';
import { NotFoundError } from '../../../shared/domain-error.js';
import { Transactions } from '../../../platform/persistence/index.js';
import { OrderHistoryEntry } from '../domain/order.entity.js';
import { OrderLifecycleService } from './order-lifecycle.service.js';
import { PAYMENT_EVENT_STORE, type PaymentEventStore } from './ports/payment-event-store.port.js';
import { PAYMENT_PROVIDER, type PaymentEvent, type PaymentProvider } from './ports/payment-provider.port.js';
import { ORDER_STORE, type OrderStore } from './ports/order-store.port.js';

export const CHECKOUT_COMPLETED = 'checkout.session.completed';

export type WebhookOutcome = 'duplicate' | 'ignored' | 'unknown_order' | 'amount_mismatch' | 'paid' | 'already_paid' | 'paid_after_cancel';

/**
 * The payment provider's webhook: the only thing that marks an order paid. The signature is checked first
 * (WebhookSignatureError → 400, nothing changes); then, in one transaction, the event is recorded once by its id
 * (a redelivery changes nothing), the order is found by its payment reference and locked, and moved
 * pending_payment → paid with a history entry. A payment for an order the timeout already cancelled is recorded
 * (history note and the event's outcome) but does not bring the order back: its stock may be sold again, so
 * staff refund it (ADR 0016).
 */
@Injectable()
export class PaymentWebhookService {
  private readonly logger = new Logger(PaymentWebhookService.name);

  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(PAYMENT_EVENT_STORE) private readonly events: PaymentEventStore,
    @Inject(ORDER_STORE) private readonly orders: OrderStore,
    private readonly lifecycle: OrderLifecycleService,
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
    if (event.type !== CHECKOUT_COMPLETED || !event.reference) return { outcome: 'ignored', orderId: null };
    const order = await this.orders.lockByPaymentReference(this.provider.name, event.reference);
    if (!order) {
      this.logger.warn(`Payment event ${event.id} names session ${event.reference}, which no order has.`);
      return { outcome: 'unknown_order', orderId: null };
    }
    if (event.amount !== null && event.amount !== order.grandTotal) {
      this.logger.error(`Order ${order.number}: paid ${event.amount} pence, but its total is ${order.grandTotal}; left unpaid for staff to look into.`);
      return { outcome: 'amount_mismatch', orderId: order.id };
    }
    if (order.status === 'pending_payment') {
      await this.lifecycle.applyLocked(order, 'paid', 'payment', { note: `Paid by card (${this.provider.name} ${event.reference}).` });
      return { outcome: 'paid', orderId: order.id };
    }
    if (order.status === 'cancelled') {
      this.logger.warn(`Order ${order.number} was paid after it had been cancelled (session ${event.reference}): refund it.`);
      const note = `Payment received after the order was cancelled (${this.provider.name} ${event.reference}). The order stays cancelled: refund the payment.`;
      await this.orders.save(order, [new OrderHistoryEntry(order.id, order.status, order.status, new Date(), note, null)]);
      return { outcome: 'paid_after_cancel', orderId: order.id };
    }
    return { outcome: 'already_paid', orderId: order.id };
  }
}
