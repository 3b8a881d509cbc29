import { Inject, Injectable } from '@nestjs/common';
import { NotFoundError } from '../../../shared/domain-error.js';
import { Transactions } from '../../../platform/persistence/index.js';
import { ChangesStorefront } from '../../../platform/cache/index.js';
import { LinesRefundedAlreadyError, OrderNotRefundableError } from '../domain/after-sale-errors.js';
import { refundable } from '../domain/order-process.js';
import { refundableOf, takesEverythingLeft, type RefundChoice } from '../domain/refund.js';
import { OrderProcess } from './order-process.service.js';
import { ORDER_REPOSITORY, type OrderRepository } from './ports/order-repository.port.js';
import { ORDER_REFUND_STORE, type OrderRefundStore } from './ports/order-refund-store.port.js';

/** What a refund the customer was granted answers: its credit note and the order's status after it. */
export interface CustomerRefundView {
  refund_id: number;
  credit_note_number: string;
  gross: number;
  order: { id: number; status: string; partly_refunded: boolean };
}

/**
 * A refund the customer is entitled to without asking staff (issue 27, ADR 0050): another module decided it is due
 * (the training module, when staff cancelled or moved a course session and the buyer chose a refund) and names the
 * order lines. Everything still unrefunded of those lines is credited — no delivery, nothing back into stock (places
 * are not stock) — through the order process like staff's partial refund (ADR 0045), with the customer as the actor,
 * so it gets its own credit note and e-mail. Only the customer's own order (404), only a paid or fulfilled one (409).
 */
@Injectable()
export class CustomerRefunds {
  constructor(
    @Inject(ORDER_REPOSITORY) private readonly orders: OrderRepository,
    @Inject(ORDER_REFUND_STORE) private readonly refunds: OrderRefundStore,
    private readonly process: OrderProcess,
    private readonly transactions: Transactions,
  ) {}

  @ChangesStorefront()
  refundLines(customerId: number, orderId: number, lineIds: readonly number[], note: string): Promise<CustomerRefundView> {
    return this.transactions.run(async () => {
      const order = await this.orders.lockById(orderId);
      if (!order || order.customerId !== customerId) throw new NotFoundError('Order');
      if (!refundable(order.status) || order.invoiceNumber === null) throw new OrderNotRefundableError(order.number, order.status);
      const [lines, earlier] = await Promise.all([this.orders.linesOf(order.id), this.refunds.refundsOf(order.id)]);
      const left = refundableOf(order, lines, earlier);
      const wanted = new Set(lineIds);
      const choice: RefundChoice = { lines: left.lines.filter((line) => wanted.has(line.lineId) && line.qty > 0), delivery: false, restock: false };
      if (choice.lines.length === 0) throw new LinesRefundedAlreadyError(order.number);
      const change = takesEverythingLeft(left, choice) ? 'refunded' : 'refunded_in_part';
      await this.process.transition(order, change, 'customer', { refund: choice, note, noteVisible: true, actorUserId: customerId });
      const recorded = (await this.refunds.refundsOf(order.id)).at(-1)!;
      return {
        refund_id: recorded.id, credit_note_number: recorded.creditNoteNumber, gross: recorded.gross,
        order: { id: order.id, status: order.status, partly_refunded: order.status !== 'refunded' },
      };
    });
  }
}
