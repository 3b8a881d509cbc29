import { Inject, Injectable, Logger } from '@nestjs/common';
import { Environment } from '../../../config/environment.js';
import { NotFoundError } from '../../../shared/domain-error.js';
import { JobQueue } from '../../../platform/queue/index.js';
import { Transactions } from '../../../platform/persistence/index.js';
import { StockService } from '../../catalogue/index.js';
import { documentNumber, type Order, type OrderLine } from '../domain/order.entity.js';
import { mailOf, type DocumentSeries, type OrderChange, type TransitionActor, type TransitionEffects } from '../domain/order-process.js';
import { OrderMailService } from './order-mail.service.js';
import { OrderTransitionSubscribers } from './order-transition-subscribers.js';
import { ORDER_REPOSITORY, type OrderRepository } from './ports/order-repository.port.js';
import { DOCUMENT_COUNTER_STORE, type DocumentCounterStore } from './ports/document-counter-store.port.js';

/** The job that cancels an order still unpaid when its payment time is up (scheduled by the placing transition). */
export const PAYMENT_TIMEOUT_JOB = 'orders.payment-timeout';

export interface TransitionContext {
  note?: string | null;
  /** Whether the customer sees the note in their order's history (staff tick "show to the customer"); internal otherwise. */
  noteVisible?: boolean;
  /** The member of staff or the customer placing the order (null: the shop itself or the payment provider). */
  actorUserId?: number | null;
  trackingNumber?: string | null;
  at?: Date;
  /** Placing only: the new order's snapshotted lines, inserted with it. */
  lines?: OrderLine[];
}

/**
 * The one entry point for every change of an order (ADR 0036): checkout places through it, the payment webhook and
 * BACS payments pay (or note a payment) through it, staff move orders through it and the payment time-out cancels
 * through it. It checks the change against domain/order-process.ts, writes the history entry, and runs the effects
 * the rule declares — stock, the VAT document's number, the e-mail, the payment time-out — then the subscribers of
 * other modules, all in the caller's transaction. Nothing else writes an order's status, history or document numbers.
 */
@Injectable()
export class OrderProcess {
  private readonly logger = new Logger(OrderProcess.name);

  constructor(
    @Inject(ORDER_REPOSITORY) private readonly orders: OrderRepository,
    @Inject(DOCUMENT_COUNTER_STORE) private readonly counters: DocumentCounterStore,
    private readonly stock: StockService,
    private readonly transactions: Transactions,
    private readonly queue: JobQueue,
    private readonly env: Environment,
    private readonly mail: OrderMailService,
    private readonly subscribers: OrderTransitionSubscribers,
  ) {}

  /**
   * Applies `change` to the order. Given an order, the caller holds it (locked by its transaction, or new and being
   * placed); given an id, the order is locked and changed in a transaction of its own (joined to the caller's if any).
   */
  async transition(target: Order | number, change: OrderChange | string, actor: TransitionActor, context: TransitionContext = {}): Promise<Order> {
    if (typeof target !== 'number') return this.apply(target, change, actor, context);
    return this.transactions.run(async () => {
      const order = await this.orders.lockById(target);
      if (!order) throw new NotFoundError('Order');
      return this.apply(order, change, actor, context);
    });
  }

  private async apply(order: Order, change: string, actor: TransitionActor, context: TransitionContext): Promise<Order> {
    const placing = !order.placed;
    const lines = placing ? context.lines : await this.orders.linesOf(order.id);
    if (!lines) throw new Error(`Order ${order.number} is placed without its lines.`);
    const from = placing ? null : order.status;
    const { entry, rule } = order.transition(change, actor, {
      hasPhysicalLines: lines.some((line) => line.kind === 'physical'),
      note: context.note, noteVisible: context.noteVisible, actorUserId: context.actorUserId, trackingNumber: context.trackingNumber, at: context.at,
    });
    const effects = rule.effects;
    if (placing) await this.orders.insert(order, lines, entry);
    if (effects.takesStock) await this.stock.take(order.id, lines.map((line) => ({ optionId: line.optionId, qty: line.qty })));
    if (effects.givesBackStock) {
      const returned = await this.stock.giveBack(order.id);
      if (returned.length > 0) this.logger.log(`Order ${order.number}: stock of ${returned.length} option(s) given back (${rule.to}).`);
    }
    // Numbered last before saving, so the counter's row lock is held as briefly as possible and a failure before
    // leaves no number used.
    const issued = await this.issueDocument(order, effects, entry.at);
    await this.orders.save(order, placing ? [] : [entry]);
    for (const kind of [issued ? effects.issues?.mail : undefined, mailOf(effects, order.paymentMethod)]) {
      if (kind) await this.mail.queue(order, kind);
    }
    if (effects.schedulesPaymentTimeout) {
      const runAt = new Date(order.createdAt.getTime() + this.env.ORDER_PAYMENT_TIMEOUT_MINUTES * 60_000);
      await this.queue.enqueue(PAYMENT_TIMEOUT_JOB, { orderId: order.id }, { runAt, maxAttempts: 10 });
    }
    if (this.subscribers.has(rule.to)) {
      await this.subscribers.publish({
        orderId: order.id, orderNumber: order.number, customerId: order.customerId, paymentMethod: order.paymentMethod,
        from, change: rule.to, status: order.status, actor, at: entry.at,
        lines: lines.map((line) => ({
          lineId: line.id, productId: line.productId, optionId: line.optionId, kind: line.kind, qty: line.qty, bookingRef: line.bookingRef, bookingLabel: line.bookingLabel,
        })),
      });
    }
    return order;
  }

  /**
   * The one place a VAT document gets its number: the rule says which series, the counter gives the next value of
   * the gap-free series in this transaction, and the order records it. An invoice is issued once; a credit note only
   * for an invoiced order, once. Returns the series issued, or null.
   */
  private async issueDocument(order: Order, effects: TransitionEffects, at: Date): Promise<DocumentSeries | null> {
    const series = effects.issues?.series;
    if (!series) return null;
    const due = series === 'invoice' ? order.invoiceNumber === null : order.invoiceNumber !== null && order.creditNoteNumber === null;
    if (!due) return null;
    order.issueDocument(series, documentNumber(series, await this.counters.next(series)), at);
    return series;
  }
}
