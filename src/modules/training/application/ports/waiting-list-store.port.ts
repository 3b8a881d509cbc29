/** Where customers waiting for a full session, and the part refunds of course places, are kept (plain SQL, ADR 0051). */
export const WAITING_LIST_STORE = Symbol('WaitingListStore');

export interface WaitingEntry {
  sessionId: number;
  userId: number;
  email: string;
  createdAt: Date;
  notifiedAt: Date | null;
}

export interface PlaceRefund {
  orderLineId: number;
  qty: number;
  at: Date;
}

export interface WaitingListStore {
  /** Puts the customer on the session's list (once; joining again while told re-arms the e-mail); answers the entry. */
  join(sessionId: number, userId: number, email: string): Promise<WaitingEntry>;
  leave(sessionId: number, userId: number): Promise<void>;
  /** The customer's entries on the product's sessions. */
  entriesOf(productId: number, userId: number): Promise<WaitingEntry[]>;
  /**
   * Claims everybody not yet told, with one guarded update (`set notified_at = ? where ... notified_at is null
   * returning`): of two runs at once, each customer is claimed by exactly one.
   */
  claimWaiting(sessionId: number, at: Date): Promise<WaitingEntry[]>;
  /** The sessions whose places the order still holds (before they are given back). */
  heldSessionsOfOrder(orderId: number): Promise<number[]>;
  /**
   * Gives back `qty` places of one order line's place row, once per (line, change time): the row's qty goes down
   * (released when none is left). Answers the session whose places were freed and how many, or null when the line
   * holds no places or this refund was already given back.
   */
  refundPlaces(refund: PlaceRefund): Promise<{ sessionId: number; released: number } | null>;
}
