import type { DelegateOnRegister } from '../../domain/register-rules.js';

/** A session's register and its attendance, in plain SQL (training_session_places × seats × training_delegates). */
export const REGISTER_STORE = Symbol('RegisterStore');

/** One seat of a place still held on the session, with its delegate when the buyer has named one. */
export interface RegisterRow {
  placeId: number;
  orderId: number;
  orderNumber: string | null;
  buyerName: string | null;
  buyerCompany: string | null;
  seatNo: number;
  delegate: { id: number; name: string; email: string } | null;
  attendedAt: Date | null;
  certificateCode: string | null;
}

/** A delegate about to be certified: who goes on the certificate and the e-mail. */
export interface DelegateContact extends DelegateOnRegister {
  name: string;
  email: string;
}

export interface RegisterStore {
  /** Every seat of every place the session still holds (not released), by order number and seat; one statement. */
  rows(sessionId: number): Promise<RegisterRow[]>;
  /** The named delegates, with their place's session; unknown ids are absent. One statement. */
  delegates(ids: readonly number[]): Promise<Map<number, DelegateContact>>;
  /** Records the attendance and its certificate (the caller's transaction). */
  markAttended(delegateId: number, mark: { at: Date; by: number; certificateCode: string }): Promise<void>;
  /** Clears the attendance and the certificate's code (the certificate itself is revoked by the caller). */
  unmark(delegateId: number, mark: { at: Date; by: number }): Promise<void>;
}
