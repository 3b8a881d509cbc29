import { Inject, Injectable } from '@nestjs/common';
import { NotFoundError } from '../../../shared/domain-error.js';
import { Transactions } from '../../../platform/persistence/index.js';
import { ChangesStorefront } from '../../../platform/cache/index.js';
import { OrderNotRefundableError } from '../domain/after-sale-errors.js';
import { refundable } from '../domain/order-process.js';
import { checkRefundChoice, refundableOf, takesEverythingLeft, type RefundChoice } from '../domain/refund.js';
import { OrderProcess } from './order-process.service.js';
import type { RefundView } from './order-views.js';
import { ORDER_REPOSITORY, type OrderRepository } from './ports/order-repository.port.js';
import { ORDER_REFUND_STORE, type OrderRefundStore } from './ports/order-refund-store.port.js';

export interface RefundedView extends RefundView {
  note: string | null;
  /** The order after the refund: `refunded` once nothing is left, else its status with `partly_refunded`. */
  order: { id: number; status: string; partly_refunded: boolean };
}

/**
 * Staff refund chosen lines of an order (issue 28 item 7, ADR 0045). Under the order's row lock: refundable at all
 * (409), the choice against what is left (422), then through the order process — `refunded_in_part`, or `refunded`
 * when the choice takes all that is left — which records the refund with its own credit note.
 */
@Injectable()
export class OrderRefundService {
  constructor(
    @Inject(ORDER_REPOSITORY) private readonly orders: OrderRepository,
    @Inject(ORDER_REFUND_STORE) private readonly refunds: OrderRefundStore,
    private readonly process: OrderProcess,
    private readonly transactions: Transactions,
  ) {}

  @ChangesStorefront()
  refund(orderId: number, staffId: number, choice: RefundChoice, note: { text?: string | null; visible?: boolean }): Promise<RefundedView> {
    return this.transactions.run(async () => {
      const order = await this.orders.lockById(orderId);
      if (!order) throw new NotFoundError('Order');
      if (!refundable(order.status) || order.invoiceNumber === null) throw new OrderNotRefundableError(order.number, order.status);
      const [lines, earlier] = await Promise.all([this.orders.linesOf(order.id), this.refunds.refundsOf(order.id)]);
      const left = refundableOf(order, lines, earlier);
      checkRefundChoice(left, choice);
      const change = takesEverythingLeft(left, choice) ? 'refunded' : 'refunded_in_part';
      await this.process.transition(order, change, 'staff', { refund: choice, note: note.text ?? null, noteVisible: note.visible, actorUserId: staffId });
      const recorded = (await this.refunds.refundsOf(order.id)).at(-1)!;
      return {
        id: recorded.id, credit_note_number: recorded.creditNoteNumber, date: recorded.createdAt.toISOString(),
        lines: recorded.lines.map((line) => ({ line_id: line.lineId, qty: line.qty })), delivery: recorded.delivery, restocked: recorded.restocked,
        net: recorded.net, vat: recorded.vat, gross: recorded.gross, note: recorded.note,
        order: { id: order.id, status: order.status, partly_refunded: order.status !== 'refunded' },
      };
    });
  }
}
