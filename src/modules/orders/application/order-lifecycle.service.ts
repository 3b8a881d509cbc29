import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { Environment } from '../../../config/environment.js';
import { NotFoundError } from '../../../shared/domain-error.js';
import { JobHandlerRegistry, JobQueue } from '../../../platform/queue/index.js';
import { Transactions } from '../../../platform/persistence/index.js';
import { StockService } from '../../catalogue/index.js';
import { documentNumber, type Order, type OrderHistoryEntry } from '../domain/order.entity.js';
import type { TransitionActor } from '../domain/order-process.js';
import { OrderMailService } from './order-mail.service.js';
import type { OrderMailKind } from './order-mail.js';
import { ORDER_STORE, type OrderStore } from './ports/order-store.port.js';

/** The job that cancels an order still unpaid when its payment time is up (enqueued by the checkout). */
export const PAYMENT_TIMEOUT_JOB = 'orders.payment-timeout';

export interface TransitionContext {
  note?: string | null;
  /** The member of staff (null: the shop itself or the payment provider). */
  actorUserId?: number | null;
  trackingNumber?: string | null;
  at?: Date;
}

/**
 * Moves orders along the process of domain/order-process.ts, the one place that says what may happen: every
 * change locks the order's row, is checked there, writes the history entry, and gives the stock back when the
 * rule says so — in one transaction.
 */
@Injectable()
export class OrderLifecycleService implements OnModuleInit {
  private readonly logger = new Logger(OrderLifecycleService.name);

  constructor(
    @Inject(ORDER_STORE) private readonly orders: OrderStore,
    private readonly stock: StockService,
    private readonly transactions: Transactions,
    private readonly queue: JobQueue,
    private readonly registry: JobHandlerRegistry,
    private readonly env: Environment,
    private readonly mail: OrderMailService,
  ) {}

  onModuleInit(): void {
    this.registry.register<{ orderId: number }>(PAYMENT_TIMEOUT_JOB, async ({ orderId }) => {
      await this.expireUnpaid(Number(orderId));
    });
  }

  /** Minutes a customer has to pay (`ORDER_PAYMENT_TIMEOUT_MINUTES`). */
  get paymentTimeoutMinutes(): number {
    return this.env.ORDER_PAYMENT_TIMEOUT_MINUTES;
  }

  /** An order placed on account: its invoice, with the due date, goes to the customer (queued in the placing transaction). */
  async placedOnAccount(order: Order): Promise<void> {
    await this.mail.queue(order, 'invoice');
  }

  /** Queues an order e-mail in the caller's transaction (BACS payments covering an order already moved on). */
  notify(order: Order, kind: OrderMailKind): Promise<void> {
    return this.mail.queue(order, kind);
  }

  /** Queues the timeout of a just-placed order, in the placing transaction (so it exists iff the order does). */
  async schedulePaymentTimeout(order: Order): Promise<void> {
    const runAt = new Date(order.createdAt.getTime() + this.paymentTimeoutMinutes * 60_000);
    await this.queue.enqueue(PAYMENT_TIMEOUT_JOB, { orderId: order.id }, { runAt, maxAttempts: 10 });
  }

  async transition(orderId: number, to: string, actor: TransitionActor, context: TransitionContext = {}): Promise<Order> {
    return this.transactions.run(async () => {
      const order = await this.orders.lockById(orderId);
      if (!order) throw new NotFoundError('Order');
      await this.applyLocked(order, to, actor, context);
      return order;
    });
  }

  /** For callers that already hold the order's lock in their transaction (the payment webhook). */
  async applyLocked(order: Order, to: string, actor: TransitionActor, context: TransitionContext = {}): Promise<OrderHistoryEntry> {
    const lines = await this.orders.linesOf(order.id);
    const { entry, rule } = order.transition(to, actor, {
      hasPhysicalLines: lines.some((line) => line.kind === 'physical'),
      note: context.note, actorUserId: context.actorUserId, trackingNumber: context.trackingNumber, at: context.at,
    });
    const issued = order.documentDue;
    await this.numberDueDocument(order, entry.at);
    await this.orders.save(order, [entry]);
    const mail = mailFor(rule.to, order, issued === 'credit_note');
    if (mail) await this.mail.queue(order, mail);
    if (rule.givesBackStock) {
      const returned = await this.stock.giveBack(order.id);
      if (returned.length > 0) this.logger.log(`Order ${order.number}: stock of ${returned.length} option(s) given back (${rule.to}).`);
    }
    return entry;
  }

  /**
   * Gives the order the VAT document its status calls for (the invoice once paid or placed on account, the
   * credit note once refunded or cancelled after invoicing), numbered in the caller's transaction, last, so the
   * counter's row lock is held as briefly as possible and a failure before leaves no number used.
   */
  async numberDueDocument(order: Order, at: Date): Promise<void> {
    const series = order.documentDue;
    if (!series) return;
    order.issueDocument(series, documentNumber(series, await this.orders.nextDocumentNumber(series)), at);
  }

  /**
   * Cancels the order and gives its stock back if it is still unpaid `ORDER_PAYMENT_TIMEOUT_MINUTES` after it
   * was placed; anything else (paid meanwhile, cancelled already, run early) is left alone. Idempotent, so the
   * queue may run it twice. Returns whether it cancelled.
   */
  async expireUnpaid(orderId: number, now: Date = new Date()): Promise<boolean> {
    return this.transactions.run(async () => {
      const order = await this.orders.lockById(orderId);
      if (!order || order.status !== 'pending_payment') return false;
      if (now.getTime() - order.createdAt.getTime() < this.paymentTimeoutMinutes * 60_000) return false;
      await this.applyLocked(order, 'cancelled', 'system', { note: `Not paid within ${this.paymentTimeoutMinutes} minutes.`, at: now });
      return true;
    });
  }
}

/** The e-mail a status change sends: the receipt of a card payment is the order confirmation with its invoice. */
function mailFor(to: string, order: Order, creditNoteIssued: boolean): OrderMailKind | null {
  if (to === 'paid') return order.paymentMethod === 'card' ? 'confirmation' : 'receipt';
  if (to === 'dispatched') return 'dispatched';
  if ((to === 'refunded' || to === 'cancelled') && creditNoteIssued) return 'credit_note';
  return null;
}
