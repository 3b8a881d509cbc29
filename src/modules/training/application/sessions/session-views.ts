import type { PurchasableOption } from '../../../catalogue/index.js';
import { sessionLabel, type SessionStatus } from '../../domain/session-rules.js';
import type { SessionRow } from '../ports/session-store.port.js';

/** A session as staff see it (`/api/admin/sessions`). */
export interface AdminSessionView {
  id: number;
  product_id: number;
  option_id: number;
  product_title: string | null;
  option_name: string | null;
  starts_at: string;
  ends_at: string;
  venue: string | null;
  online: boolean;
  joining_url: string | null;
  capacity: number;
  places_taken: number;
  places_left: number;
  notes: string | null;
  status: SessionStatus;
  label: string;
}

/** A session as buyers see it (`GET /api/products/{id}/sessions`): no joining link, no staff notes. */
export interface PublicSessionView {
  id: number;
  option_id: number;
  starts_at: string;
  ends_at: string;
  venue: string | null;
  online: boolean;
  capacity: number;
  places_left: number;
  label: string;
}

export function toAdminSessionView(row: SessionRow, option: PurchasableOption | undefined): AdminSessionView {
  return {
    id: row.id, product_id: row.productId, option_id: row.optionId, product_title: option?.productTitle ?? null, option_name: option?.name ?? null,
    starts_at: row.startsAt.toISOString(), ends_at: row.endsAt.toISOString(), venue: row.venue, online: row.online, joining_url: row.joiningUrl,
    capacity: row.capacity, places_taken: row.placesTaken, places_left: Math.max(0, row.capacity - row.placesTaken), notes: row.notes,
    status: row.status, label: sessionLabel(row),
  };
}

export function toPublicSessionView(row: SessionRow): PublicSessionView {
  return {
    id: row.id, option_id: row.optionId, starts_at: row.startsAt.toISOString(), ends_at: row.endsAt.toISOString(),
    venue: row.online ? null : row.venue, online: row.online, capacity: row.capacity, places_left: Math.max(0, row.capacity - row.placesTaken),
    label: sessionLabel(row),
  };
}

/** A course option staff can schedule sessions of (the session editor's select). */
export interface CourseOptionView {
  id: number;
  product_id: number;
  product_title: string;
  name: string;
}
