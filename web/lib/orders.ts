import type { OrderStatus } from '../../src/modules/orders/index.js';

/** How a customer reads each status. */
export const STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Awaiting payment',
  awaiting_payment: 'Invoiced: payment due',
  paid: 'Paid',
  processing: 'Being prepared',
  dispatched: 'Dispatched',
  completed: 'Completed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/** Whether the money has arrived (every status after `paid` implies it, except the ends that undo it). */
export function isPaid(status: OrderStatus): boolean {
  return status === 'paid' || status === 'processing' || status === 'dispatched' || status === 'completed';
}
