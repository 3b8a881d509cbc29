import type { DocumentSeries, Order, OrderHistoryEntry, OrderLine } from '../../domain/order.entity.js';
import type { OrderPayment } from '../../domain/order-payment.entity.js';
import type { OrderStatus } from '../../domain/order-process.js';

export const ORDER_STORE = Symbol('OrderStore');

export interface AdminOrderQuery {
  /** Part of the order number or PO number (case-insensitive). */
  search?: string;
  /** Customers whose e-mail matched the search: their orders match too. */
  customerIds?: readonly number[];
  /** One customer's orders only. */
  customerId?: number;
  status?: OrderStatus;
  createdFrom?: Date;
  /** Exclusive. */
  createdBefore?: Date;
}

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

export interface OrderStore {
  /** `HS-100001`, `HS-100002`, …: from a sequence, so never reused (a rolled-back checkout leaves a gap). */
  nextNumber(): Promise<string>;
  /**
   * The next value of a gap-free series (1, 2, 3, …), taken in the current transaction: concurrent callers wait
   * for each other, and a rollback gives the value back, so no number is skipped or used twice.
   */
  nextDocumentNumber(series: DocumentSeries): Promise<number>;
  /** Inserts the order (its id is set), then its lines and its first history entry, in the current transaction. */
  insert(order: Order, lines: OrderLine[], placed: OrderHistoryEntry): Promise<void>;
  findById(id: number): Promise<Order | null>;
  /** The order, locked for this transaction (`select … for update`) and read afresh, so two status changes queue up. */
  lockById(id: number): Promise<Order | null>;
  lockByPaymentReference(provider: string, reference: string): Promise<Order | null>;
  findByPaymentReference(provider: string, reference: string): Promise<Order | null>;
  linesOf(orderId: number): Promise<OrderLine[]>;
  historyOf(orderId: number): Promise<OrderHistoryEntry[]>;
  /** BACS payments recorded for the order, oldest first. */
  paymentsOf(orderId: number): Promise<OrderPayment[]>;
  addPayment(payment: OrderPayment): Promise<void>;
  /** Saves the order's changes and the history entries that explain them. */
  save(order: Order, entries?: OrderHistoryEntry[]): Promise<void>;
  listForCustomer(customerId: number, offset: number, limit: number): Promise<{ orders: Order[]; total: number }>;
  /** How many of the customer's card orders await payment (`pending_payment`). */
  countUnpaidCardOrders(customerId: number): Promise<number>;
  /**
   * The same count inside the current transaction, after taking a lock of this customer's checkouts held until it
   * ends: two checkouts of one customer racing each other queue up, so the second counts the first's order.
   */
  lockCheckoutsAndCountUnpaidCardOrders(customerId: number): Promise<number>;
  /** The customer's download lines of orders in `statuses`, newest order first, in one query. */
  downloadLinesOf(customerId: number, statuses: readonly OrderStatus[]): Promise<DownloadLine[]>;
  /** One such line of the customer's, or null (not theirs, not a download, or its order not in `statuses`). */
  downloadLine(customerId: number, lineId: number, statuses: readonly OrderStatus[]): Promise<DownloadLine | null>;
  search(query: AdminOrderQuery, offset: number, limit: number): Promise<{ orders: Order[]; total: number }>;
}
