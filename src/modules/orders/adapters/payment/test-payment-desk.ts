import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { Environment } from '../../../../config/environment.js';
import { DomainError, NotFoundError } from '../../../../shared/domain-error.js';
import { JobHandlerRegistry, JobQueue } from '../../../../platform/queue/index.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../../application/ports/payment-provider.port.js';
import { CARD_ORDER_STORE, type CardOrderStore } from '../../application/ports/card-order-store.port.js';
import type { Order } from '../../domain/order.entity.js';
import { TestPaymentProvider } from './test-payment.provider.js';

/** Sends one payment's webhook to the shop; retried by the queue until the shop answers 2xx. */
export const TEST_WEBHOOK_JOB = 'payments.test-webhook';

export interface TestSessionView {
  reference: string;
  orderId: number;
  number: string;
  amount: number;
  /** Only an unpaid order can be paid; the page says so otherwise. */
  payable: boolean;
  successUrl: string;
  cancelUrl: string;
}

/**
 * The embedded test provider's own side (what Stripe's servers do for Stripe Checkout): shows a session, and on
 * Pay queues the signed `checkout.session.completed` webhook on the durable queue, which POSTs it over real HTTP
 * to PUBLIC_URL — so a shop that is down when the customer pays gets it when it is back, as with Stripe.
 */
@Injectable()
export class TestPaymentDesk implements OnModuleInit {
  private readonly logger = new Logger(TestPaymentDesk.name);

  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(CARD_ORDER_STORE) private readonly orders: CardOrderStore,
    private readonly queue: JobQueue,
    private readonly registry: JobHandlerRegistry,
    private readonly env: Environment,
  ) {}

  onModuleInit(): void {
    this.registry.register<{ reference: string; eventId: string }>(TEST_WEBHOOK_JOB, (payload) => this.sendWebhook(payload.reference, payload.eventId));
  }

  /**
   * The session, for the customer who placed its order only (issue 25): anybody else — signed out, or another
   * customer — gets the same 404 as for a session that does not exist, so a reference reveals no order.
   */
  async describe(reference: string, viewerUserId: number | null): Promise<TestSessionView> {
    const order = await this.load(reference);
    if (viewerUserId === null || order.customerId !== viewerUserId) throw new NotFoundError('Payment session');
    return {
      reference, orderId: order.id, number: order.number, amount: order.grandTotal, payable: order.status === 'pending_payment',
      successUrl: `/complete?order=${order.id}`, cancelUrl: `/cancelled?order=${order.id}`,
    };
  }

  /** Pay, by the order's customer: queues the webhook (one event id per click, kept across retries) and says where the browser goes. */
  async pay(reference: string, viewerUserId: number | null): Promise<{ redirect_url: string }> {
    const session = await this.describe(reference, viewerUserId);
    if (!session.payable) throw new DomainError('conflict', `Order ${session.number} can no longer be paid.`);
    await this.queue.enqueue(TEST_WEBHOOK_JOB, { reference, eventId: `evt_test_${randomBytes(12).toString('hex')}` }, { maxAttempts: 10 });
    return { redirect_url: session.successUrl };
  }

  private async sendWebhook(reference: string, eventId: string): Promise<void> {
    const provider = this.testProvider();
    const order = await this.orders.findByPaymentReference(provider.name, reference);
    if (!order) throw new Error(`No order has payment session ${reference}.`);
    const body = JSON.stringify(provider.completedEvent(eventId, reference, order.id, order.grandTotal));
    const url = `${this.env.publicUrl}/api/payments/${provider.name}/webhook`;
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': provider.sign(body) },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`The shop answered ${response.status} to the payment webhook at ${url}.`);
    this.logger.log(`Sent the test payment webhook ${eventId} for order ${order.number}.`);
  }

  private async load(reference: string): Promise<Order> {
    const provider = this.testProvider();
    const order = /^cs_test_[\w-]{1,100}$/.test(reference) ? await this.orders.findByPaymentReference(provider.name, reference) : null;
    if (!order) throw new NotFoundError('Payment session');
    return order;
  }

  /** With Stripe configured there is no test desk: its pages and actions are 404. */
  private testProvider(): TestPaymentProvider {
    if (!(this.provider instanceof TestPaymentProvider)) throw new NotFoundError('Payment session');
    return this.provider;
  }
}
