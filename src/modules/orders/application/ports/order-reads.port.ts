import type { Order, OrderHistoryEntry, OrderLine } from '../../domain/order.entity.js';
import type { OrderStatus } from '../../domain/order-process.js';
import type { OrderRefund } from '../../domain/refund.js';

export const ORDER_READS = Symbol('OrderReads');

export interface AdminOrderQuery {
  /** Part of the order number or PO number (case-insensitive). */
  search?: string;
  /** Customers whose e-mail matched the search: their orders match too. */
  customerIds?: readonly number[];
  /** One customer's orders only. */
  customerId?: number;
  status?: OrderStatus;
  /** Only orders whose physical goods wait for dispatch (DISPATCH_STATUSES with a physical line): the dashboard's list. */
  toDispatch?: boolean;
  createdFrom?: Date;
  /** Exclusive. */
  createdBefore?: Date;
}

/**
 * What a list shows of an order: its columns alone, read as plain rows. Hydrating whole orders (three JSON
 * addresses, 25 fields, the identity map) was the largest share of the admin list's Node time (ADR 0066).
 */
export type OrderSummary = Pick<Order, 'id' | 'number' | 'customerId' | 'status' | 'createdAt' | 'grandTotal' | 'poNumber' | 'invoiceNumber'>;

/** A download line of one of the customer's orders that entitles them to its file (the order is paid or further). */
export interface DownloadLine {
  lineId: number;
  orderId: number;
  orderNumber: string;
  optionId: number;
  title: string;
  optionName: string;
  orderedAt: Date;
}

/**
 * What the customer's view is made of: the entities' fields it shows. Staff read whole entities; the customer's
 * order page reads exactly these as plain rows in one statement (OrderReads.customerOrder, ADR 0073).
 */
export type OrderViewFields = Pick<
  Order,
  | 'id' | 'number' | 'customerId' | 'status' | 'createdAt' | 'billingAddress' | 'deliveryAddress' | 'delivery' | 'subtotal' | 'deliveryTotal' | 'vat'
  | 'grandTotal' | 'poNumber' | 'notes' | 'paymentMethod' | 'paidAt' | 'trackingNumber' | 'invoiceNumber' | 'invoiceDate' | 'creditNoteNumber' | 'creditNoteDate'
>;
export type OrderLineViewFields = Pick<OrderLine, 'id' | 'title' | 'optionName' | 'code' | 'kind' | 'unitPrice' | 'qty' | 'lineTotal' | 'bookingRef' | 'bookingLabel'>;
export type OrderHistoryViewFields = Pick<OrderHistoryEntry, 'fromStatus' | 'toStatus' | 'at' | 'note' | 'visibleToCustomer' | 'change'>;
export type RefundViewFields = Pick<OrderRefund, 'id' | 'creditNoteNumber' | 'createdAt' | 'lines' | 'delivery' | 'restocked' | 'net' | 'vat' | 'gross'>;

/** One order of a customer's with what its page shows: lines by position, history and refunds oldest first. */
export interface CustomerOrderRecord {
  order: OrderViewFields;
  lines: OrderLineViewFields[];
  history: OrderHistoryViewFields[];
  refunds: RefundViewFields[];
}

/** What the customers' and the staff's screens read of orders: lists, searches, history, downloads. */
export interface OrderReads {
  /** The customer's own order, or null when there is none of theirs by that id (another's is the same null). */
  customerOrder(customerId: number, orderId: number): Promise<CustomerOrderRecord | null>;
  historyOf(orderId: number): Promise<OrderHistoryEntry[]>;
  listForCustomer(customerId: number, offset: number, limit: number): Promise<{ orders: OrderSummary[]; total: number }>;
  /**
   * A page of the orders that match, newest first. The total is always exact for the whole list and for a status
   * alone (kept counts); otherwise exact when at most `exactUpTo` match, or when the page lies past the first
   * `exactUpTo` (read from the far end, which needs it), else the database's estimate, never below `exactUpTo + 1`,
   * and `totalExact` is false.
   */
  search(query: AdminOrderQuery, offset: number, limit: number, exactUpTo: number): Promise<{ orders: OrderSummary[]; total: number; totalExact: boolean }>;
  /** The customer's download lines of orders in `statuses`, newest order first, in one query. */
  downloadLinesOf(customerId: number, statuses: readonly OrderStatus[]): Promise<DownloadLine[]>;
  /** One such line of the customer's, or null (not theirs, not a download, or its order not in `statuses`). */
  downloadLine(customerId: number, lineId: number, statuses: readonly OrderStatus[]): Promise<DownloadLine | null>;
}
