import { Inject, Injectable, Logger } from '@nestjs/common';
import { Environment } from '../../../config/environment.js';
import { NotFoundError } from '../../../shared/domain-error.js';
import { JobQueue } from '../../../platform/queue/index.js';
import { Transactions } from '../../../platform/persistence/index.js';
import { StockService } from '../../catalogue/index.js';
import { documentNumber, type Order, type OrderLine } from '../domain/order.entity.js';
import { mailOf, movesStatus, type OrderChange, type TransitionActor, type TransitionEffects } from '../domain/order-process.js';
import { checkRefundChoice, everythingLeft, OrderRefund, refundableOf, refundAmounts, type RefundChoice, type RefundedLine } from '../domain/refund.js';
import { OrderMailService } from './order-mail.service.js';
import { OrderTransitionSubscribers } from './order-transition-subscribers.js';
import { ORDER_REPOSITORY, type OrderRepository } from './ports/order-repository.port.js';
import { DOCUMENT_COUNTER_STORE, type DocumentCounterStore } from './ports/document-counter-store.port.js';
import { ORDER_REFUND_STORE, type OrderRefundStore } from './ports/order-refund-store.port.js';

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
  /**
   * A refund staff chose (lines, delivery, restock; ADR 0045), checked against what is left. Without it, a change
   * that issues a credit note refunds everything not refunded yet and the rule's `givesBackStock` decides the stock.
   */
  refund?: RefundChoice;
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
    @Inject(ORDER_REFUND_STORE) private readonly refunds: OrderRefundStore,
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
    if (rule.to === 'refunded_in_part' && !context.refund) throw new Error(`Order ${order.number}: a refund in part needs the lines staff chose.`);
    const refund = effects.issues?.series === 'credit_note' ? await this.refundDue(order, lines, effects, context) : null;
    if (placing) await this.orders.insert(order, lines, entry);
    if (effects.takesStock) await this.stock.take(order.id, lines.map((line) => ({ optionId: line.optionId, qty: line.qty })));
    // Staff's choice first: the refunded lines' stock is let go (back on the shelf only when restocked), so the
    // rule's whole-order give-back that may follow returns only what the order still holds.
    if (refund && context.refund) await this.stock.settle(order.id, refundStockLines(lines, refund.choice.lines), refund.choice.restock);
    if (effects.givesBackStock) {
      const returned = await this.stock.giveBack(order.id);
      if (returned.length > 0) this.logger.log(`Order ${order.number}: stock of ${returned.length} option(s) given back (${rule.to}).`);
    }
    // Numbered last before saving, so the counter's row lock is held as briefly as possible and a failure before
    // leaves no number used.
    const issued = effects.issues?.series === 'invoice' ? await this.issueInvoice(order, entry.at) : refund ? await this.issueCreditNote(order, rule.to, refund, entry.at, context) : null;
    await this.orders.save(order, placing ? [] : [entry]);
    for (const kind of [issued ? effects.issues?.mail : undefined, mailOf(effects, order.paymentMethod)]) {
      if (kind) await this.mail.queue(order, kind, kind === 'credit_note' && issued instanceof OrderRefund ? issued.id : undefined);
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
        refundedLines: refund ? refund.choice.lines.map((line) => ({ lineId: line.lineId, qty: line.qty })) : [],
      });
    }
    return order;
  }

  /** The invoice, once: the one place it gets its number from the gap-free series (ADR 0036). */
  private async issueInvoice(order: Order, at: Date): Promise<true | null> {
    if (order.invoiceNumber !== null) return null;
    order.issueDocument('invoice', documentNumber('invoice', await this.counters.next('invoice')), at);
    return true;
  }

  /**
   * What a credit note of this change refunds (ADR 0045): staff's choice, checked against what is left, or all that
   * is left. Null when no credit note is due: the order was never invoiced (a card order cancelled unpaid), or nothing
   * is left to credit.
   */
  private async refundDue(order: Order, lines: OrderLine[], effects: TransitionEffects, context: TransitionContext) {
    if (order.invoiceNumber === null) return null;
    const earlier = await this.refunds.refundsOf(order.id);
    const left = refundableOf(order, lines, earlier);
    if (context.refund) checkRefundChoice(left, context.refund);
    const choice = context.refund ?? everythingLeft(left, effects.givesBackStock === true);
    if (choice.lines.length === 0 && !choice.delivery) return null;
    return { choice, amounts: refundAmounts(order, lines, earlier, choice) };
  }

  /**
   * The credit note of one refund, numbered from the same gap-free series as ever; the refund that ends the order
   * (refunded, cancelled) is also the order's own credit note, as before partial refunds existed.
   */
  private async issueCreditNote(
    order: Order, change: OrderChange, refund: NonNullable<Awaited<ReturnType<OrderProcess['refundDue']>>>, at: Date, context: TransitionContext,
  ): Promise<OrderRefund> {
    const number = documentNumber('credit_note', await this.counters.next('credit_note'));
    const { totals } = refund.amounts;
    const recorded = new OrderRefund(
      order.id, number, at, refund.choice.lines.filter((line) => line.qty > 0), refund.choice.delivery, refund.choice.restock,
      totals.net, totals.vat, totals.gross, context.note ?? null, context.actorUserId ?? null,
    );
    await this.refunds.insert(recorded);
    if (movesStatus(change)) order.issueDocument('credit_note', number, at);
    return recorded;
  }
}

/** The catalogue's options and quantities of the refunded lines. */
function refundStockLines(lines: readonly OrderLine[], refunded: readonly RefundedLine[]): Array<{ optionId: number; qty: number }> {
  const byId = new Map(lines.map((line) => [line.id, line]));
  return refunded.flatMap((line) => {
    const orderLine = byId.get(line.lineId);
    return orderLine && line.qty > 0 ? [{ optionId: orderLine.optionId, qty: line.qty }] : [];
  });
}
