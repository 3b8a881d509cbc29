import type { OrderStatus } from './order-process.js';

/**
 * What a customer reads for each change of their order (issue 28): one plain sentence per status, never the note
 * behind it — notes are internal (a payment provider's session reference, "DVD arrived cracked…") unless staff
 * ticked "show to the customer". Placing says how the order was placed; `paid` says how it was paid.
 */
export function customerSentence(from: OrderStatus | null, to: OrderStatus, paymentMethod: 'card' | 'invoice'): string {
  if (from === null) return to === 'awaiting_payment' ? 'Order placed on account: invoice issued' : 'Order placed: awaiting payment';
  switch (to) {
    case 'paid':
      return paymentMethod === 'card' ? 'Paid by card' : 'Paid in full by bank transfer';
    case 'processing':
      return 'Being prepared';
    case 'dispatched':
      return 'Dispatched';
    case 'completed':
      return 'Completed';
    case 'cancelled':
      return 'Cancelled';
    case 'refunded':
      return 'Refunded';
    default:
      return 'Updated';
  }
}
