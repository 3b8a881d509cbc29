import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { PlaceResolution, SessionChangeKind } from '../../domain/session-change-rules.js';
import type { DelegateContact, PlaceRow, SessionChangeStore } from '../../application/ports/session-change-store.port.js';

type Row = Record<string, unknown>;

const PLACE = `p.id, p.session_id, p.order_id, p.order_line_id, p.customer_id, p.qty, p.released_at, p.change_kind, p.change_from_label,
  p.change_resolution, p.change_resolved_at`;

/** The places a session change touched, in plain SQL; writes run in the caller's transaction (ADR 0050). */
@Injectable()
export class SqlSessionChangeStore implements SessionChangeStore {
  constructor(private readonly em: EntityManager) {}

  async markAffected(sessionId: number, kind: SessionChangeKind, fromLabel: string): Promise<PlaceRow[]> {
    // An earlier change still unanswered keeps its "from": the buyer bought that date, not the intermediate one.
    const rows = await this.query<Row>(
      `update training_session_places as p set change_kind = ?,
         change_from_label = case when p.change_kind is not null and p.change_resolved_at is null then p.change_from_label else ? end,
         change_resolution = null, change_resolved_at = null
       where p.session_id = ? and p.released_at is null
       returning ${PLACE}`,
      [kind, fromLabel, sessionId],
    );
    const places = rows.map(toPlace).sort((a, b) => a.id - b.id);
    // A new date needs its own reminder 2 days before (ADR 0048): the one sent for the old date does not count.
    if (kind === 'moved') await this.forgetReminders(places.map((place) => place.id));
    return places;
  }

  private async forgetReminders(placeIds: readonly number[]): Promise<void> {
    if (placeIds.length === 0) return;
    await this.query('update training_delegates set reminder_sent_at = null, updated_at = now() where place_id = any(?::int[]) and reminder_sent_at is not null', [intArray(placeIds)]);
  }

  async delegatesOf(placeIds: readonly number[]): Promise<DelegateContact[]> {
    if (placeIds.length === 0) return [];
    const rows = await this.query<Row>(
      'select d.place_id, d.name, d.email from training_delegates d where d.place_id = any(?::int[]) order by d.place_id, d.seat_no',
      [intArray(placeIds)],
    );
    return rows.map((row) => ({ placeId: Number(row.place_id), name: String(row.name), email: String(row.email) }));
  }

  async findPlace(orderId: number, placeId: number, lock: boolean): Promise<PlaceRow | null> {
    const [row] = await this.query<Row>(`select ${PLACE} from training_session_places p where p.id = ? and p.order_id = ?${lock ? ' for update' : ''}`, [placeId, orderId]);
    return row ? toPlace(row) : null;
  }

  async changedOfOrder(orderId: number): Promise<PlaceRow[]> {
    const rows = await this.query<Row>(
      `select ${PLACE} from training_session_places p where p.order_id = ? and p.released_at is null and p.change_kind is not null order by p.id`,
      [orderId],
    );
    return rows.map(toPlace);
  }

  async lockSessions(ids: readonly number[]): Promise<void> {
    await this.query('select id from training_sessions where id = any(?::int[]) order by id for update', [intArray([...new Set(ids)])]);
  }

  async transfer(place: PlaceRow, toSessionId: number, at: Date): Promise<boolean> {
    // The same guard as checkout's take (ADR 0046): of racing transfers for the last place one gets it.
    const taken = await this.query<{ id: number }>(
      `update training_sessions set places_taken = places_taken + ?, updated_at = now()
       where id = ? and status = 'scheduled' and places_taken + ? <= capacity returning id`,
      [place.qty, toSessionId, place.qty],
    );
    if (taken.length === 0) return false;
    await this.query('update training_sessions set places_taken = greatest(places_taken - ?, 0), updated_at = now() where id = ?', [place.qty, place.sessionId]);
    await this.query(
      `update training_session_places set session_id = ?, change_resolution = 'transferred', change_resolved_at = ? where id = ?`,
      [toSessionId, at, place.id],
    );
    await this.forgetReminders([place.id]);
    return true;
  }

  async release(placeId: number, at: Date): Promise<boolean> {
    const [released] = await this.query<{ session_id: number; qty: number }>(
      'update training_session_places set released_at = ? where id = ? and released_at is null returning session_id, qty',
      [at, placeId],
    );
    if (!released) return false;
    await this.query('update training_sessions set places_taken = greatest(places_taken - ?, 0), updated_at = now() where id = ?', [released.qty, released.session_id]);
    return true;
  }

  async resolve(placeId: number, resolution: PlaceResolution, at: Date): Promise<void> {
    await this.query('update training_session_places set change_resolution = ?, change_resolved_at = ? where id = ?', [resolution, at, placeId]);
  }

  private query<R>(sql: string, params: unknown[]): Promise<R[]> {
    return this.em.getConnection().execute<R[]>(sql, params, 'all', this.em.getTransactionContext());
  }
}

const intArray = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;
const dateOrNull = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));

function toPlace(row: Row): PlaceRow {
  return {
    id: Number(row.id), sessionId: Number(row.session_id), orderId: Number(row.order_id), orderLineId: Number(row.order_line_id),
    customerId: Number(row.customer_id), qty: Number(row.qty), releasedAt: dateOrNull(row.released_at),
    changeKind: (row.change_kind as SessionChangeKind | null) ?? null, changeFromLabel: (row.change_from_label as string | null) ?? null,
    changeResolution: (row.change_resolution as PlaceResolution | null) ?? null, changeResolvedAt: dateOrNull(row.change_resolved_at),
  };
}
