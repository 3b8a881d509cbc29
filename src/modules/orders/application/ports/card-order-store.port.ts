import type { Order } from '../../domain/order.entity.js';

export const CARD_ORDER_STORE = Symbol('CardOrderStore');

/** Card orders by their payment session, and the checkout's count (and lock) of a customer's unpaid ones. */
export interface CardOrderStore {
  /** The order of a payment session, locked for this transaction (the webhook). */
  lockByPaymentReference(provider: string, reference: string): Promise<Order | null>;
  findByPaymentReference(provider: string, reference: string): Promise<Order | null>;
  /** How many of the customer's card orders await payment (`pending_payment`). */
  countUnpaidCardOrders(customerId: number): Promise<number>;
  /**
   * The same count inside the current transaction, after taking a lock of this customer's checkouts held until it
   * ends: two checkouts of one customer racing each other queue up, so the second counts the first's order.
   */
  lockCheckoutsAndCountUnpaidCardOrders(customerId: number): Promise<number>;
}
