import type { SessionRow } from '../ports/session-store.port.js';

/**
 * One place of the customer's order view (`GET /api/orders/{id}` → `places`, product.md): one entry per place
 * bought, with its session and the delegate named on it (null until named).
 */
export interface OrderPlaceView {
  line_id: number;
  seat_no: number;
  session_id: number;
  starts_at: string;
  ends_at: string;
  venue: string | null;
  online: boolean;
  name: string | null;
  email: string | null;
}

/** The order page's "Delegates" section and the answer of `PUT /api/orders/{id}/delegates`. */
export interface OrderDelegatesView {
  order_id: number;
  /** Why nobody can be named on this order (unpaid, cancelled…), or null when the places can be named. */
  closed_reason: string | null;
  courses: CourseDelegatesView[];
}

/** One order line's places on one session. */
export interface CourseDelegatesView {
  line_id: number;
  /** The product's title and the option bought ("Open course — 1 place"), as the order line has them. */
  title: string;
  option_name: string;
  session: { id: number; label: string; starts_at: string; ends_at: string; venue: string | null; online: boolean; cancelled: boolean };
  /** Until when (exclusive, ISO) the delegates may be changed: 00:00 UK time on the session's day. */
  change_until: string;
  changeable: boolean;
  seats: Array<{ seat_no: number; name: string | null; email: string | null; joining_sent: boolean }>;
}

export function sessionSummary(session: SessionRow, label: string): CourseDelegatesView['session'] {
  return {
    id: session.id, label, starts_at: session.startsAt.toISOString(), ends_at: session.endsAt.toISOString(), venue: session.venue, online: session.online,
    cancelled: session.status === 'cancelled',
  };
}
