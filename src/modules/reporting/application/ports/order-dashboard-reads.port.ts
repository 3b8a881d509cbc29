import type { OrderStatus } from '../../../orders/index.js';

export const ORDER_DASHBOARD_READS = Symbol('OrderDashboardReads');

/**
 * A sale: an order invoiced and not taken back — card orders once paid (and on through processing, dispatch,
 * completion), on-account orders from when they are placed (invoiced at once, `awaiting_payment`). Not counted:
 * `pending_payment` (not paid yet), `cancelled`, and `refunded` (the money went back; a credit note cancels the
 * invoice), so a refund takes its order out of the day it was placed. The daily roll-up's trigger (migration
 * 20261128003100, ADR 0077) names the same statuses; `admin-dashboard.e2e-spec.ts` checks the two agree.
 */
export const SALE_STATUSES: readonly OrderStatus[] = ['awaiting_payment', 'paid', 'processing', 'dispatched', 'completed'];

/** Orders and their totals in one period (integer pence). */
export interface SalesFigures {
  orders: number;
  totalExVat: number;
  totalIncVat: number;
}

/** A run of whole UK days: both bounds are London midnights. */
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
  /**
   * The sales (SALE_STATUSES) placed in each period (by `created_at`), less their partial refunds, in the periods'
   * order: one statement for all.
   */
  salesIn(periods: readonly PeriodRange[]): Promise<SalesFigures[]>;
  /** Orders to dispatch (the orders module's DISPATCH_STATUSES, with something to post): how many, and the `limit` oldest. */
  awaitingDispatch(limit: number): Promise<{ count: number; oldest: DispatchRow[] }>;
  /**
   * Unpaid on-account orders (not cancelled or refunded) invoiced before `invoicedBefore`: how many, what they
   * still owe (total less the BACS payments recorded), and the `limit` oldest invoices.
   */
  overdueInvoices(invoicedBefore: Date, limit: number): Promise<{ count: number; outstanding: number; oldest: OverdueInvoiceRow[] }>;
}
