import type { Order, OrderAddress, OrderDelivery, OrderHistoryEntry, OrderLine } from '../domain/order.entity.js';
import type { OrderHistoryViewFields, OrderLineViewFields, OrderSummary, OrderViewFields, RefundViewFields } from './ports/order-reads.port.js';
import type { OrderPayment } from '../domain/order-payment.entity.js';
import { nextStatuses, refundable, type OrderStatus, type StatusKeepingChange } from '../domain/order-process.js';
import { refundableOf, type OrderRefund } from '../domain/refund.js';
import { customerSentence } from '../domain/customer-history.js';
import { PAYMENT_TERMS_DAYS } from '../../../config/company.js';

/** The Buying API's order (product.md "Orders"): money in integer pence, ex VAT except grand_total. */
export interface OrderView {
  id: number;
  number: string;
  status: OrderStatus;
  created_at: string;
  /** `refunded_qty`: how many of the line refunds have credited so far (ADR 0045). */
  lines: Array<{ id: number; title: string; option_name: string; code: string; kind: string; unit_price: number; qty: number; line_total: number; refunded_qty: number; booking: string | null }>;
  delivery: OrderDelivery | null;
  billing_address: OrderAddress;
  delivery_address: OrderAddress | null;
  totals: { subtotal: number; delivery: number; vat: number; grand_total: number };
  po_number: string | null;
  notes: string | null;
  payment_method: string;
  /** When the order was paid in full (card or BACS); null while unpaid. */
  paid_at: string | null;
  /** On account: when the invoice is due (its date plus the payment terms); null otherwise. */
  due_date: string | null;
  tracking_number: string | null;
  /** The VAT invoice, once the order is paid (its date is the tax point). */
  invoice: { number: string; date: string } | null;
  /** The credit note of the refund that made the order refunded (or cancelled it after invoicing). */
  credit_note: { number: string; date: string } | null;
  /** Some lines (or the delivery) refunded while the order keeps its status: "Partly refunded" (ADR 0045). */
  partly_refunded: boolean;
  /** Every refund, oldest first, each with its own credit note (amounts in pence). */
  refunds: RefundView[];
  /**
   * What the customer reads of each status change, oldest first: a plain sentence ("Paid by card", "Dispatched") and
   * the note only when staff showed it to them. Changes that keep the status are listed only when they are a partial
   * refund ("Partly refunded") or carry a note shown to the customer.
   */
  history: Array<{ from: OrderStatus | null; to: OrderStatus; at: string; text: string; note: string | null }>;
}

export interface RefundView {
  id: number;
  credit_note_number: string;
  date: string;
  lines: Array<{ line_id: number; qty: number }>;
  delivery: boolean;
  restocked: boolean;
  net: number;
  vat: number;
  gross: number;
}

/** A row of the customer's order list. */
export interface OrderSummaryView {
  id: number;
  number: string;
  status: OrderStatus;
  created_at: string;
  grand_total: number;
  po_number: string | null;
  /** Set once the order is paid: the list links its invoice. */
  invoice_number: string | null;
}

/** What staff see besides: the customer, the payment reference, who changed what, and what may come next. */
export interface AdminOrderView extends Omit<OrderView, 'history'> {
  customer: { id: number; email: string | null };
  payment_provider: string | null;
  payment_reference: string | null;
  next_statuses: OrderStatus[];
  /** What staff may still refund (ADR 0045), or null when the order is not refundable (unpaid, cancelled, refunded). */
  refundable: { lines: Array<{ line_id: number; qty: number }>; delivery: boolean } | null;
  /** The note and who refunded, besides the customer's view of each refund. */
  refunds: Array<RefundView & { note: string | null; actor_id: number | null }>;
  /** BACS payments of an order on account, oldest first, and what they leave to pay (pence). */
  payments: Array<{ amount: number; reference: string; method: string; received_at: string; recorded_by: number | null }>;
  amount_paid: number;
  amount_due: number;
  /**
   * Every entry, notes included; `note_visible`: the customer sees the note; `actor_name`: who (null = the shop or the
   * provider); `change`: what was recorded when the status stayed (`noted`, `paid_in_full`, `refunded_in_part`), null
   * for a move of the status (and for entries older than the column).
   */
  history: Array<{
    from: OrderStatus | null; to: OrderStatus; at: string; note: string | null; note_visible: boolean; actor_id: number | null; actor_name: string | null;
    change: StatusKeepingChange | null;
  }>;
}

export interface AdminOrderSummaryView extends OrderSummaryView {
  customer: { id: number; email: string | null };
}

export function toOrderView(
  order: OrderViewFields, lines: readonly OrderLineViewFields[], history: readonly OrderHistoryViewFields[], refunds: readonly RefundViewFields[] = [],
): OrderView {
  const refundedQty = new Map<number, number>();
  for (const refund of refunds) for (const line of refund.lines) refundedQty.set(line.lineId, (refundedQty.get(line.lineId) ?? 0) + line.qty);
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    created_at: order.createdAt.toISOString(),
    lines: lines.map((line) => ({
      id: line.id, title: line.title, option_name: line.optionName, code: line.code, kind: line.kind,
      unit_price: line.unitPrice, qty: line.qty, line_total: line.lineTotal, refunded_qty: refundedQty.get(line.id) ?? 0, booking: line.bookingLabel,
    })),
    delivery: order.delivery,
    billing_address: order.billingAddress,
    delivery_address: order.deliveryAddress,
    totals: { subtotal: order.subtotal, delivery: order.deliveryTotal, vat: order.vat, grand_total: order.grandTotal },
    po_number: order.poNumber,
    notes: order.notes,
    payment_method: order.paymentMethod,
    paid_at: order.paidAt?.toISOString() ?? null,
    due_date: order.paymentMethod === 'invoice' && order.invoiceDate ? new Date(order.invoiceDate.getTime() + PAYMENT_TERMS_DAYS * 86_400_000).toISOString() : null,
    tracking_number: order.trackingNumber,
    invoice: order.invoiceNumber && order.invoiceDate ? { number: order.invoiceNumber, date: order.invoiceDate.toISOString() } : null,
    credit_note: order.creditNoteNumber && order.creditNoteDate ? { number: order.creditNoteNumber, date: order.creditNoteDate.toISOString() } : null,
    partly_refunded: refunds.length > 0 && order.status !== 'refunded' && order.status !== 'cancelled',
    refunds: refunds.map(toRefundView),
    history: history
      .filter((entry) => entry.fromStatus !== entry.toStatus || entry.change === 'refunded_in_part' || (entry.visibleToCustomer && entry.note))
      .map((entry) => ({
        from: entry.fromStatus, to: entry.toStatus, at: entry.at.toISOString(),
        text: entry.change === 'refunded_in_part' ? 'Partly refunded: credit note issued'
          : entry.fromStatus === entry.toStatus ? 'Note from us' : customerSentence(entry.fromStatus, entry.toStatus, order.paymentMethod),
        note: entry.visibleToCustomer ? entry.note : null,
      })),
  };
}

function toRefundView(refund: RefundViewFields): RefundView {
  return {
    id: refund.id, credit_note_number: refund.creditNoteNumber, date: refund.createdAt.toISOString(),
    lines: refund.lines.map((line) => ({ line_id: line.lineId, qty: line.qty })), delivery: refund.delivery, restocked: refund.restocked,
    net: refund.net, vat: refund.vat, gross: refund.gross,
  };
}

export function toOrderSummary(order: OrderSummary): OrderSummaryView {
  return {
    id: order.id, number: order.number, status: order.status, created_at: order.createdAt.toISOString(),
    grand_total: order.grandTotal, po_number: order.poNumber, invoice_number: order.invoiceNumber,
  };
}

export function toAdminOrderView(
  order: Order, lines: readonly OrderLine[], history: readonly OrderHistoryEntry[], email: string | null, payments: readonly OrderPayment[] = [],
  actorNames: ReadonlyMap<number, string> = new Map(), refunds: readonly OrderRefund[] = [],
): AdminOrderView {
  const left = refundable(order.status) && order.invoiceNumber !== null ? refundableOf(order, lines, refunds) : null;
  const paid = order.paymentMethod === 'invoice' ? payments.reduce((sum, payment) => sum + payment.amount, 0) : order.paidAt ? order.grandTotal : 0;
  return {
    ...toOrderView(order, lines, history, refunds),
    refundable: left && { lines: left.lines.map((line) => ({ line_id: line.lineId, qty: line.qty })), delivery: left.delivery },
    refunds: refunds.map((refund) => ({ ...toRefundView(refund), note: refund.note, actor_id: refund.actorId })),
    customer: { id: order.customerId, email },
    payment_provider: order.paymentProvider,
    payment_reference: order.paymentReference,
    next_statuses: nextStatuses(order.status, 'staff'),
    payments: payments.map((payment) => ({
      amount: payment.amount, reference: payment.reference, method: payment.method, received_at: payment.receivedAt.toISOString(), recorded_by: payment.recordedBy,
    })),
    amount_paid: paid,
    amount_due: order.status === 'cancelled' || order.status === 'refunded' ? 0 : Math.max(order.grandTotal - paid, 0),
    history: history.map((entry) => ({
      from: entry.fromStatus, to: entry.toStatus, at: entry.at.toISOString(), note: entry.note, note_visible: entry.visibleToCustomer,
      actor_id: entry.actorId, actor_name: entry.actorId === null ? null : (actorNames.get(entry.actorId) ?? null), change: entry.change,
    })),
  };
}
