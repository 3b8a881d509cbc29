import type { SessionRow } from './session-store.port.js';

/** Where open-course delegates are kept (`training_delegates`, one row per named place; plain SQL). */
export const DELEGATE_STORE = Symbol('DelegateStore');

/** An order line's places on one session, still held (not given back), with its session. */
export interface HeldPlaceRow {
  placeId: number;
  orderId: number;
  orderLineId: number;
  customerId: number;
  qty: number;
  session: SessionRow;
}

export interface DelegateRow {
  id: number;
  placeId: number;
  seatNo: number;
  name: string;
  email: string;
  joiningSentAt: Date | null;
  reminderSentAt: Date | null;
}

/** A delegate whose e-mail was just claimed, with what the e-mail says. */
export interface ClaimedDelegate extends DelegateRow {
  orderId: number;
  orderLineId: number;
  customerId: number;
  session: SessionRow;
}

export interface DelegateStore {
  /** The order's places still held, by order line. */
  heldPlacesOfOrder(orderId: number): Promise<HeldPlaceRow[]>;
  delegatesOfPlaces(placeIds: readonly number[]): Promise<DelegateRow[]>;
  /**
   * Names the person on a place's seat (insert or update per place and seat). A changed address clears
   * `joining_sent_at` and `reminder_sent_at`, so the new person gets both; the same address keeps them.
   */
  upsert(placeId: number, seatNo: number, name: string, email: string): Promise<void>;
  /**
   * Claims the joining instructions of the places' delegates not yet sent them, with one guarded update
   * (`joining_sent_at is null`); a session within the reminder window counts the joining e-mail as its reminder.
   */
  claimJoining(placeIds: readonly number[], now: Date, reminderWindowMs: number): Promise<ClaimedDelegate[]>;
  /** Delegates not yet reminded of held places on scheduled sessions starting in (now, until]. */
  reminderDue(now: Date, until: Date, limit: number): Promise<number[]>;
  /** Claims one reminder (`reminder_sent_at is null`, place held, session scheduled): null when another run has it. */
  claimReminder(delegateId: number, now: Date): Promise<ClaimedDelegate | null>;
}
