import type { AdminSessionView } from '../sessions/session-views.js';
import type { RegisterRow } from '../ports/register-store.port.js';

/** `GET /api/admin/sessions/{id}/register` (docs/api/training-sessions.md "Register"). */
export interface SessionRegisterView {
  session: AdminSessionView;
  /** Whether attendance may be marked now (the session has started and is not cancelled). */
  attendance_open: boolean;
  /** Why not, when it may not (shown above the register). */
  attendance_note: string | null;
  places: RegisterPlaceView[];
}

/** One seat of a place held on the session: who bought it and who attends. */
export interface RegisterPlaceView {
  place_id: number;
  order_id: number;
  order_number: string | null;
  buyer: { name: string | null; company: string | null };
  seat_no: number;
  /** Null until the buyer names the delegate. */
  delegate: { id: number; name: string; email: string } | null;
  attended: boolean;
  attended_at: string | null;
  certificate_code: string | null;
}

export function toRegisterPlaceView(row: RegisterRow): RegisterPlaceView {
  return {
    place_id: row.placeId, order_id: row.orderId, order_number: row.orderNumber, buyer: { name: row.buyerName, company: row.buyerCompany },
    seat_no: row.seatNo, delegate: row.delegate, attended: row.attendedAt !== null, attended_at: row.attendedAt?.toISOString() ?? null,
    certificate_code: row.certificateCode,
  };
}
