import { Injectable } from '@nestjs/common';
import { ChangesStorefront } from '../../../platform/cache/index.js';
import { LinesRefundedAlreadyError } from '../domain/after-sale-errors.js';
import type { RefundChoice } from '../domain/refund.js';
import { OrderRefunding } from './order-refunding.js';

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
  constructor(private readonly refunding: OrderRefunding) {}

  @ChangesStorefront()
  async refundLines(customerId: number, orderId: number, lineIds: readonly number[], note: string): Promise<CustomerRefundView> {
    const wanted = new Set(lineIds);
    const { order, recorded } = await this.refunding.refund({
      orderId,
      mayRefund: (order) => order.customerId === customerId,
      choose: (left, order) => {
        const choice: RefundChoice = { lines: left.lines.filter((line) => wanted.has(line.lineId) && line.qty > 0), delivery: false, restock: false };
        if (choice.lines.length === 0) throw new LinesRefundedAlreadyError(order.number);
        return choice;
      },
      actor: 'customer', actorUserId: customerId, note, noteVisible: true,
    });
    return {
      refund_id: recorded.id, credit_note_number: recorded.creditNoteNumber, gross: recorded.gross,
      order: { id: order.id, status: order.status, partly_refunded: order.status !== 'refunded' },
    };
  }
}
