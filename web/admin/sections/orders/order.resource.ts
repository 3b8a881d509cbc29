import type { AdminOrderSummaryView, AdminOrderView, OrderStatus } from '../../../../src/modules/orders/index.js';
import { defineResource } from '../../api/admin-api.js';

export type { AdminOrderSummaryView, AdminOrderView, OrderStatus };

/** docs/api/buying.md "Administration": orders are placed by customers, so the portal lists, shows and moves them. */
export const orders = defineResource({ api: '/api/admin/orders', screens: '/admin/orders', noun: 'order' });

/** Staff's words for each status (the storefront's are the customer's: "Being prepared"). */
export const STAFF_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Pending payment',
  awaiting_payment: 'On account: invoice due',
  paid: 'Paid',
  processing: 'Processing',
  dispatched: 'Dispatched',
  completed: 'Completed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/**
 * A history entry's heading: the status it moved to, or what was recorded while the status stayed (a partial
 * refund used to read "Paid", the status the order kept). Entries older than `change` say "Status unchanged".
 */
export function historyHeading(entry: AdminOrderView['history'][number]): string {
  switch (entry.change) {
    case 'refunded_in_part':
      return 'Partly refunded';
    case 'paid_in_full':
      return 'Paid in full';
    case 'noted':
      return 'Note';
    default:
      return entry.from === entry.to ? `Status unchanged (${STAFF_STATUS_LABELS[entry.to]})` : STAFF_STATUS_LABELS[entry.to];
  }
}

/** Every status, in the order process's order (the labels' type makes sure none is missing). */
export const STAFF_STATUSES = Object.keys(STAFF_STATUS_LABELS) as OrderStatus[];

/** The button that moves an order to a status, and whether it undoes money or goods (then it asks first). */
export const TRANSITION_ACTIONS: Record<OrderStatus, { label: string; confirm?: string }> = {
  pending_payment: { label: 'Back to pending payment' },
  awaiting_payment: { label: 'Back to invoice due' },
  paid: { label: 'Mark as paid' },
  processing: { label: 'Start processing' },
  dispatched: { label: 'Mark as dispatched…' },
  completed: { label: 'Mark as completed' },
  cancelled: { label: 'Cancel order…', confirm: 'The order is cancelled and its stock goes back. The customer is told by e-mail.' },
  refunded: {
    label: 'Refund all that is left…',
    confirm:
      'Everything not refunded yet is refunded: a credit note for it is issued and e-mailed, downloads stop, and the stock the order still holds goes back unless it was dispatched. To refund some lines only, use "Refund items" below.',
  },
};
