export const PAYMENT_EVENT_STORE = Symbol('PaymentEventStore');

/** The webhook events already received, one row per provider event (the idempotency key). */
export interface PaymentEventStore {
  /**
   * Records the event in the current transaction; false when it was recorded before (a redelivery). An insert
   * with `on conflict do nothing`, so two deliveries racing each other cannot both get true.
   */
  recordOnce(provider: string, eventId: string, type: string): Promise<boolean>;
  /** What receiving it did (`paid`, `paid_after_cancel`, `unknown_order`, …), for staff looking into a payment. */
  setOutcome(provider: string, eventId: string, orderId: number | null, outcome: string): Promise<void>;
}
