import type { OrderRefund } from '../../domain/refund.js';

export const ORDER_REFUND_STORE = Symbol('OrderRefundStore');

/** An order's refunds and their lines (`order_refunds`, `order_refund_lines`; ADR 0045). Only OrderProcess inserts. */
export interface OrderRefundStore {
  /** The order's refunds, oldest first, with their lines. */
  refundsOf(orderId: number): Promise<OrderRefund[]>;
  /** Inserts the refund and its lines in the caller's transaction; sets its id. */
  insert(refund: OrderRefund): Promise<void>;
}
