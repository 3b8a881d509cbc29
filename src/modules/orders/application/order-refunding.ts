import { Inject, Injectable } from '@nestjs/common';
import { NotFoundError } from '../../../shared/domain-error.js';
import { Transactions } from '../../../platform/persistence/index.js';
import { OrderNotRefundableError } from '../domain/after-sale-errors.js';
import type { Order } from '../domain/order.entity.js';
import { refundable, type TransitionActor } from '../domain/order-process.js';
import { refundableOf, takesEverythingLeft, type OrderRefund, type Refundable, type RefundChoice } from '../domain/refund.js';
import { OrderProcess } from './order-process.service.js';
import { ORDER_REPOSITORY, type OrderRepository } from './ports/order-repository.port.js';
import { ORDER_REFUND_STORE, type OrderRefundStore } from './ports/order-refund-store.port.js';

/** Who refunds which order, and how the refund is chosen out of what is left. */
export interface RefundRequest {
  orderId: number;
  /** Whether the actor may see this order at all; an order they may not is answered 404 as if there were none. */
  mayRefund: (order: Order) => boolean;
  /** The refund out of what is left; throws the caller's own error when its choice cannot be made. */
  choose: (left: Refundable, order: Order) => RefundChoice;
  actor: TransitionActor;
  actorUserId: number;
  note: string | null;
  noteVisible?: boolean;
}

/**
 * The steps every refund of chosen lines shares (ADR 0045; staff's in OrderRefundService, the customer's granted one
 * in CustomerRefunds, ADR 0050), kept in one place so the two cannot drift: under the order's row lock, refundable at
 * all (409: paid or fulfilled, with an invoice), the choice against what is left, then `refunded` when it takes all
 * that is left else `refunded_in_part` through the order process, which records the refund and its credit note.
 * Answers the order after it and the refund recorded. Internal to orders: not in the module's index.
 */
@Injectable()
export class OrderRefunding {
  constructor(
    @Inject(ORDER_REPOSITORY) private readonly orders: OrderRepository,
    @Inject(ORDER_REFUND_STORE) private readonly refunds: OrderRefundStore,
    private readonly process: OrderProcess,
    private readonly transactions: Transactions,
  ) {}

  refund(request: RefundRequest): Promise<{ order: Order; recorded: OrderRefund }> {
    return this.transactions.run(async () => {
      const order = await this.orders.lockById(request.orderId);
      if (!order || !request.mayRefund(order)) throw new NotFoundError('Order');
      if (!refundable(order.status) || order.invoiceNumber === null) throw new OrderNotRefundableError(order.number, order.status);
      const [lines, earlier] = await Promise.all([this.orders.linesOf(order.id), this.refunds.refundsOf(order.id)]);
      const left = refundableOf(order, lines, earlier);
      const choice = request.choose(left, order);
      const change = takesEverythingLeft(left, choice) ? 'refunded' : 'refunded_in_part';
      await this.process.transition(order, change, request.actor, { refund: choice, note: request.note, noteVisible: request.noteVisible, actorUserId: request.actorUserId });
      const recorded = (await this.refunds.refundsOf(order.id)).at(-1)!;
      return { order, recorded };
    });
  }
}
