import type { OrderStatus } from '../../../orders/index.js';

export const ORDER_DASHBOARD_READS = Symbol('OrderDashboardReads');

/** Orders and their totals in one period (integer pence). */
export interface SalesFigures {
  orders: number;
  totalExVat: number;
  totalIncVat: number;
}

export interface PeriodRange {
  /** Inclusive. */
  from: Date;
  /** Exclusive. */
  to: Date;
}

export interface DispatchRow {
  id: number;
  number: string;
  status: OrderStatus;
  customerId: number;
  grandTotal: number;
  createdAt: Date;
}

export interface OverdueInvoiceRow {
  id: number;
  number: string;
  invoiceNumber: string | null;
  invoiceDate: Date;
  customerId: number;
  grandTotal: number;
  outstanding: number;
}

/** The dashboard's order figures, each one SQL statement (aggregates in the database, never every order in memory). */
export interface OrderDashboardReads {
  /** Orders placed in each period (by `created_at`) whose status is one of `statuses`, in the periods' order: one statement for all. */
  salesIn(periods: readonly PeriodRange[], statuses: readonly OrderStatus[]): Promise<SalesFigures[]>;
  /** Orders in `statuses` with at least one physical line: how many, and the `limit` oldest. */
  awaitingDispatch(statuses: readonly OrderStatus[], limit: number): Promise<{ count: number; oldest: DispatchRow[] }>;
  /**
   * Unpaid on-account orders (not cancelled or refunded) invoiced before `invoicedBefore`: how many, what they
   * still owe (total less the BACS payments recorded), and the `limit` oldest invoices.
   */
  overdueInvoices(invoicedBefore: Date, limit: number): Promise<{ count: number; outstanding: number; oldest: OverdueInvoiceRow[] }>;
}
