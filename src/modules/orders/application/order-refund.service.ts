import { Injectable } from '@nestjs/common';
import { ChangesStorefront } from '../../../platform/cache/index.js';
import { checkRefundChoice, type RefundChoice } from '../domain/refund.js';
import type { RefundView } from './order-views.js';
import { OrderRefunding } from './order-refunding.js';

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
  constructor(private readonly refunding: OrderRefunding) {}

  @ChangesStorefront()
  async refund(orderId: number, staffId: number, choice: RefundChoice, note: { text?: string | null; visible?: boolean }): Promise<RefundedView> {
    const { order, recorded } = await this.refunding.refund({
      orderId,
      mayRefund: () => true,
      choose: (left) => {
        checkRefundChoice(left, choice);
        return choice;
      },
      actor: 'staff', actorUserId: staffId, note: note.text ?? null, noteVisible: note.visible,
    });
    return {
      id: recorded.id, credit_note_number: recorded.creditNoteNumber, date: recorded.createdAt.toISOString(),
      lines: recorded.lines.map((line) => ({ line_id: line.lineId, qty: line.qty })), delivery: recorded.delivery, restocked: recorded.restocked,
      net: recorded.net, vat: recorded.vat, gross: recorded.gross, note: recorded.note,
      order: { id: order.id, status: order.status, partly_refunded: order.status !== 'refunded' },
    };
  }
}
