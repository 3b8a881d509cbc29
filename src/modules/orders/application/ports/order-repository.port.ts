import type { Order, OrderHistoryEntry, OrderLine } from '../../domain/order.entity.js';
import type { OrderPayment } from '../../domain/order-payment.entity.js';

export const ORDER_REPOSITORY = Symbol('OrderRepository');

/**
 * The order aggregate's persistence (the order, its lines, its history entries and its BACS payments), as
 * OrderProcess and the services that hold one order use it. Lists and searches are OrderReads'; card-payment
 * look-ups and the checkout's lock are CardOrderStore's; document numbers are DocumentCounterStore's (ADR 0036).
 */
export interface OrderRepository {
  /** `HS-100001`, `HS-100002`, …: from a sequence, so never reused (a rolled-back checkout leaves a gap). */
  nextNumber(): Promise<string>;
  /** Inserts the order (its id is set), then its lines and its first history entry, in the current transaction. */
  insert(order: Order, lines: OrderLine[], placed: OrderHistoryEntry): Promise<void>;
  /** Saves the order's changes and the history entries that explain them. */
  save(order: Order, entries?: OrderHistoryEntry[]): Promise<void>;
  findById(id: number): Promise<Order | null>;
  /** The order, locked for this transaction (`select … for update`) and read afresh, so two status changes queue up. */
  lockById(id: number): Promise<Order | null>;
  linesOf(orderId: number): Promise<OrderLine[]>;
  /** BACS payments recorded for the order, oldest first. */
  paymentsOf(orderId: number): Promise<OrderPayment[]>;
  addPayment(payment: OrderPayment): Promise<void>;
}
