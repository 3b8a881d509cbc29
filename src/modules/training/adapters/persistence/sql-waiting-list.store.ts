import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { PlaceRefund, WaitingEntry, WaitingListStore } from '../../application/ports/waiting-list-store.port.js';

type Row = Record<string, unknown>;

const ENTRY = 'w.session_id, w.user_id, w.email, w.created_at, w.notified_at';

/** The waiting list and part refunds of places in plain SQL; writes run in the caller's transaction (ADR 0051). */
@Injectable()
export class SqlWaitingListStore implements WaitingListStore {
  constructor(private readonly em: EntityManager) {}

  async join(sessionId: number, userId: number, email: string): Promise<WaitingEntry> {
    // Joining again keeps the customer's place in the queue (created_at); one already told waits for the next freeing.
    const [row] = await this.query<Row>(
      `insert into training_waiting_list as w (session_id, user_id, email) values (?, ?, ?)
       on conflict (session_id, user_id) do update set email = excluded.email, notified_at = null
       returning ${ENTRY}`,
      [sessionId, userId, email],
    );
    return toEntry(row!);
  }

  async leave(sessionId: number, userId: number): Promise<void> {
    await this.query('delete from training_waiting_list where session_id = ? and user_id = ?', [sessionId, userId]);
  }

  async entriesOf(productId: number, userId: number): Promise<WaitingEntry[]> {
    const rows = await this.query<Row>(
      `select ${ENTRY} from training_waiting_list w join training_sessions s on s.id = w.session_id
       where s.product_id = ? and w.user_id = ? order by s.starts_at, s.id`,
      [productId, userId],
    );
    return rows.map(toEntry);
  }

  async claimWaiting(sessionId: number, at: Date): Promise<WaitingEntry[]> {
    const rows = await this.query<Row>(
      `update training_waiting_list as w set notified_at = ? where w.session_id = ? and w.notified_at is null returning ${ENTRY}`,
      [at, sessionId],
    );
    return rows.map(toEntry).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }

  async heldSessionsOfOrder(orderId: number): Promise<number[]> {
    const rows = await this.query<{ session_id: number }>(
      'select distinct session_id from training_session_places where order_id = ? and released_at is null order by session_id', [orderId],
    );
    return rows.map((row) => Number(row.session_id));
  }

  async refundPlaces(refund: PlaceRefund): Promise<{ sessionId: number; released: number } | null> {
    const [place] = await this.query<{ id: number; session_id: number; qty: number }>(
      'select id, session_id, qty from training_session_places where order_line_id = ? and released_at is null for update', [refund.orderLineId],
    );
    if (!place) return null;
    // The claim: a second delivery of the same change finds its row and gives nothing back.
    const claimed = await this.query<{ place_id: number }>(
      'insert into training_place_refunds (place_id, refunded_at, qty) values (?, ?, ?) on conflict do nothing returning place_id',
      [place.id, refund.at, refund.qty],
    );
    if (claimed.length === 0) return null;
    const released = Math.min(refund.qty, Number(place.qty));
    const left = Number(place.qty) - released;
    // The row keeps at least one place (qty > 0) and is released when none is left, as a whole-order release does.
    await this.query(
      left > 0 ? 'update training_session_places set qty = ? where id = ?' : 'update training_session_places set released_at = ? where id = ?',
      [left > 0 ? left : refund.at, place.id],
    );
    // Delegates named for the places that went (the highest seats) go with them, unless they already attended; a
    // released row keeps its delegates, as a whole-order release does.
    if (left > 0) await this.query('delete from training_delegates where place_id = ? and seat_no > ? and attended_at is null', [place.id, left]);
    await this.query('update training_sessions set places_taken = greatest(places_taken - ?, 0), updated_at = now() where id = ?', [released, place.session_id]);
    return { sessionId: Number(place.session_id), released };
  }

  private query<R>(sql: string, params: unknown[]): Promise<R[]> {
    return this.em.getConnection().execute<R[]>(sql, params, 'all', this.em.getTransactionContext());
  }
}

function toEntry(row: Row): WaitingEntry {
  return {
    sessionId: Number(row.session_id), userId: Number(row.user_id), email: String(row.email), createdAt: new Date(row.created_at as string),
    notifiedAt: row.notified_at ? new Date(row.notified_at as string) : null,
  };
}
