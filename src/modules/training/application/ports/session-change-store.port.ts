import type { PlaceResolution, SessionChangeKind } from '../../domain/session-change-rules.js';

/** Where the places a session change touched, and their buyers' answers, are kept (ADR 0050). */
export const SESSION_CHANGE_STORE = Symbol('SessionChangeStore');

/** One order line's places on one session, with the change waiting for its buyer. */
export interface PlaceRow {
  id: number;
  sessionId: number;
  orderId: number;
  orderLineId: number;
  customerId: number;
  qty: number;
  releasedAt: Date | null;
  changeKind: SessionChangeKind | null;
  changeFromLabel: string | null;
  changeResolution: PlaceResolution | null;
  changeResolvedAt: Date | null;
}

export interface DelegateContact {
  placeId: number;
  name: string;
  email: string;
}

export interface SessionChangeStore {
  /**
   * Marks every place the session still holds as waiting for its buyer's choice of this change, keeping the date they
   * bought (`fromLabel` unless an unanswered earlier change recorded one); answers the places.
   */
  markAffected(sessionId: number, kind: SessionChangeKind, fromLabel: string): Promise<PlaceRow[]>;
  /** The named delegates of these places. */
  delegatesOf(placeIds: readonly number[]): Promise<DelegateContact[]>;
  /** A place of this order, locked for the buyer's choice when asked. */
  findPlace(orderId: number, placeId: number, lock: boolean): Promise<PlaceRow | null>;
  /** The places of an order still held whose session was cancelled or moved (answered or not). */
  changedOfOrder(orderId: number): Promise<PlaceRow[]>;
  /** Locks the sessions' rows in id order (a transfer touches two: no deadlock between A→B and B→A). */
  lockSessions(ids: readonly number[]): Promise<void>;
  /**
   * Moves the place (and so its delegates) to `toSessionId` with the checkout's guarded update on the new date
   * (`places_taken + qty <= capacity`, scheduled): false when the places are not there (nothing written). The old
   * session gets its places back.
   */
  transfer(place: PlaceRow, toSessionId: number, at: Date): Promise<boolean>;
  /** Gives the place's places back to its session, once (`released_at`); answers whether this call did. */
  release(placeId: number, at: Date): Promise<boolean>;
  /** Records the buyer's answer. */
  resolve(placeId: number, resolution: PlaceResolution, at: Date): Promise<void>;
}
