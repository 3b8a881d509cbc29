import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { ClaimedDelegate, DelegateRow, DelegateStore, HeldPlaceRow } from '../../application/ports/delegate-store.port.js';
import { COLUMNS as SESSION_COLUMNS, toSession } from './sql-session.store.js';

type Row = Record<string, unknown>;

// The session's own columns keep their names (toSession reads them); the place's and the delegate's are prefixed.
const PLACE_COLUMNS = 'p.id as place_id, p.order_id, p.order_line_id, p.customer_id, p.qty';
const DELEGATE_COLUMNS = 'd.id as delegate_id, d.place_id as delegate_place_id, d.seat_no, d.name, d.email, d.joining_sent_at, d.reminder_sent_at';

/** Delegates in plain SQL; writes run in the caller's transaction, each send claimed by one guarded update (ADR 0048). */
@Injectable()
export class SqlDelegateStore implements DelegateStore {
  constructor(private readonly em: EntityManager) {}

  async heldPlacesOfOrder(orderId: number): Promise<HeldPlaceRow[]> {
    const rows = await this.query<Row>(
      `select ${SESSION_COLUMNS}, ${PLACE_COLUMNS}
       from training_session_places p join training_sessions s on s.id = p.session_id
       where p.order_id = ? and p.released_at is null order by p.order_line_id, p.id`,
      [orderId],
    );
    return rows.map((row) => ({ ...toPlace(row), session: toSession(row) }));
  }

  async delegatesOfPlaces(placeIds: readonly number[]): Promise<DelegateRow[]> {
    if (placeIds.length === 0) return [];
    const rows = await this.query<Row>(`select ${DELEGATE_COLUMNS} from training_delegates d where d.place_id = any(?::int[]) order by d.place_id, d.seat_no`, [intArray(placeIds)]);
    return rows.map(toDelegate);
  }

  async upsert(placeId: number, seatNo: number, name: string, email: string): Promise<void> {
    // A new address is a new person: they get the joining instructions and the reminder (the sends are cleared).
    await this.query(
      `insert into training_delegates as d (place_id, seat_no, name, email) values (?, ?, ?, ?)
       on conflict (place_id, seat_no) do update set
         name = excluded.name, email = excluded.email, updated_at = now(),
         joining_sent_at = case when d.email = excluded.email then d.joining_sent_at else null end,
         reminder_sent_at = case when d.email = excluded.email then d.reminder_sent_at else null end`,
      [placeId, seatNo, name, email],
    );
  }

  async claimJoining(placeIds: readonly number[], now: Date, reminderWindowMs: number): Promise<ClaimedDelegate[]> {
    if (placeIds.length === 0) return [];
    const rows = await this.query<Row>(
      `update training_delegates d set joining_sent_at = ?,
         reminder_sent_at = case when d.reminder_sent_at is null and s.starts_at <= ? then ? else d.reminder_sent_at end
       from training_session_places p join training_sessions s on s.id = p.session_id
       where p.id = d.place_id and d.place_id = any(?::int[]) and d.joining_sent_at is null and p.released_at is null
       returning ${DELEGATE_COLUMNS}, ${PLACE_COLUMNS}, ${SESSION_COLUMNS}`,
      [now, new Date(now.getTime() + reminderWindowMs), now, intArray(placeIds)],
    );
    return rows.map(toClaimed).sort((a, b) => a.placeId - b.placeId || a.seatNo - b.seatNo);
  }

  async reminderDue(now: Date, until: Date, limit: number): Promise<number[]> {
    const rows = await this.query<{ id: number }>(
      `select d.id from training_delegates d
       join training_session_places p on p.id = d.place_id and p.released_at is null
       join training_sessions s on s.id = p.session_id and s.status = 'scheduled' and s.starts_at > ? and s.starts_at <= ?
       where d.reminder_sent_at is null order by s.starts_at, d.id limit ?`,
      [now, until, limit],
    );
    return rows.map((row) => Number(row.id));
  }

  async claimReminder(delegateId: number, now: Date): Promise<ClaimedDelegate | null> {
    // The claim is the guard: of two runs (or two instances) racing for one delegate, one update finds the row
    // still unreminded and returns it; the other finds `reminder_sent_at` set and returns nothing.
    const [row] = await this.query<Row>(
      `update training_delegates d set reminder_sent_at = ?
       from training_session_places p join training_sessions s on s.id = p.session_id
       where d.id = ? and p.id = d.place_id and d.reminder_sent_at is null and p.released_at is null and s.status = 'scheduled'
       returning ${DELEGATE_COLUMNS}, ${PLACE_COLUMNS}, ${SESSION_COLUMNS}`,
      [now, delegateId],
    );
    return row ? toClaimed(row) : null;
  }

  private query<R>(sql: string, params: unknown[]): Promise<R[]> {
    return this.em.getConnection().execute<R[]>(sql, params, 'all', this.em.getTransactionContext());
  }
}

const intArray = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;
const dateOrNull = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));

function toPlace(row: Row): Omit<HeldPlaceRow, 'session'> {
  return {
    placeId: Number(row.place_id), orderId: Number(row.order_id), orderLineId: Number(row.order_line_id), customerId: Number(row.customer_id), qty: Number(row.qty),
  };
}

function toDelegate(row: Row): DelegateRow {
  return {
    id: Number(row.delegate_id), placeId: Number(row.delegate_place_id), seatNo: Number(row.seat_no), name: String(row.name), email: String(row.email),
    joiningSentAt: dateOrNull(row.joining_sent_at), reminderSentAt: dateOrNull(row.reminder_sent_at),
  };
}

function toClaimed(row: Row): ClaimedDelegate {
  const place = toPlace(row);
  return { ...toDelegate(row), orderId: place.orderId, orderLineId: place.orderLineId, customerId: place.customerId, session: toSession(row) };
}
