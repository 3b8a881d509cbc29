import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { SessionFields, SessionStatus } from '../../domain/session-rules.js';
import type { PlaceRequest, SessionQuery, SessionRow, SessionStore } from '../../application/ports/session-store.port.js';

type Row = Record<string, unknown>;

export const COLUMNS = `s.id, s.product_id, s.option_id, s.starts_at, s.ends_at, s.venue, s.online, s.joining_url, s.capacity, s.places_taken,
  s.notes, s.status, s.created_at, s.updated_at`;

/** Sessions and places in plain SQL; writes run in the caller's transaction (ADR 0046). */
@Injectable()
export class SqlSessionStore implements SessionStore {
  constructor(private readonly em: EntityManager) {}

  async list(query: SessionQuery): Promise<{ rows: SessionRow[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    const filter = (sql: string, value: unknown) => {
      where.push(sql);
      params.push(value);
    };
    if (query.from) filter('s.starts_at >= ?', query.from);
    if (query.to) filter('s.starts_at < ?', query.to);
    if (query.productId !== null) filter('s.product_id = ?', query.productId);
    const clause = where.length > 0 ? `where ${where.join(' and ')}` : '';
    const [count] = await this.query<{ total: number }>(`select count(*)::int as total from training_sessions s ${clause}`, params);
    const rows = await this.query<Row>(`select ${COLUMNS} from training_sessions s ${clause} order by s.starts_at, s.id limit ? offset ?`, [...params, query.limit, query.offset]);
    return { rows: rows.map(toSession), total: Number(count?.total ?? 0) };
  }

  async find(id: number, lock = false): Promise<SessionRow | null> {
    const [row] = await this.query<Row>(`select ${COLUMNS} from training_sessions s where s.id = ?${lock ? ' for update' : ''}`, [id]);
    return row ? toSession(row) : null;
  }

  async findMany(ids: readonly number[]): Promise<Map<number, SessionRow>> {
    if (ids.length === 0) return new Map();
    const rows = await this.query<Row>(`select ${COLUMNS} from training_sessions s where s.id = any(?::int[])`, [intArray(ids)]);
    return new Map(rows.map((row) => [Number(row.id), toSession(row)]));
  }

  async upcomingOfProduct(productId: number, now: Date): Promise<SessionRow[]> {
    const rows = await this.query<Row>(
      `select ${COLUMNS} from training_sessions s where s.product_id = ? and s.status = 'scheduled' and s.starts_at > ? order by s.starts_at, s.id limit 200`,
      [productId, now],
    );
    return rows.map(toSession);
  }

  async insert(productId: number, optionId: number, fields: SessionFields): Promise<SessionRow> {
    const [row] = await this.query<Row>(
      `insert into training_sessions as s (product_id, option_id, starts_at, ends_at, venue, online, joining_url, capacity, notes, status)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning ${COLUMNS}`,
      [productId, optionId, ...values(fields)],
    );
    return toSession(row!);
  }

  async update(id: number, fields: SessionFields): Promise<SessionRow | null> {
    const [row] = await this.query<Row>(
      `update training_sessions as s set starts_at = ?, ends_at = ?, venue = ?, online = ?, joining_url = ?, capacity = ?, notes = ?, status = ?,
         updated_at = now()
       where s.id = ? returning ${COLUMNS}`,
      [...values(fields), id],
    );
    return row ? toSession(row) : null;
  }

  async deleteIfEmpty(id: number): Promise<boolean> {
    const rows = await this.query<{ id: number }>(
      `delete from training_sessions where id = ? and places_taken = 0
         and not exists (select 1 from training_session_places p where p.session_id = training_sessions.id)
       returning id`,
      [id],
    );
    return rows.length > 0;
  }

  async take(request: PlaceRequest): Promise<boolean> {
    // The guard is the update itself: of many buyers racing for the last place, the row lock lets one through and
    // the others find `places_taken + qty > capacity` when they get it (ADR 0046, like stock in ADR 0016).
    const taken = await this.query<{ id: number }>(
      `update training_sessions set places_taken = places_taken + ?, updated_at = now()
       where id = ? and status = 'scheduled' and places_taken + ? <= capacity
       returning id`,
      [request.qty, request.sessionId, request.qty],
    );
    if (taken.length === 0) return false;
    await this.query(
      `insert into training_session_places (session_id, order_id, order_line_id, customer_id, qty) values (?, ?, ?, ?, ?)`,
      [request.sessionId, request.orderId, request.orderLineId, request.customerId, request.qty],
    );
    return true;
  }

  async releaseForOrder(orderId: number, at: Date): Promise<number> {
    const released = await this.query<{ session_id: number; qty: number }>(
      'update training_session_places set released_at = ? where order_id = ? and released_at is null returning session_id, qty',
      [at, orderId],
    );
    for (const place of released) {
      await this.query('update training_sessions set places_taken = greatest(places_taken - ?, 0), updated_at = now() where id = ?', [place.qty, place.session_id]);
    }
    return released.reduce((sum, place) => sum + Number(place.qty), 0);
  }

  async markTakenForDemo(id: number, placesTaken: number): Promise<void> {
    await this.query('update training_sessions set places_taken = least(?, capacity) where id = ?', [placesTaken, id]);
  }

  private query<R>(sql: string, params: unknown[]): Promise<R[]> {
    return this.em.getConnection().execute<R[]>(sql, params, 'all', this.em.getTransactionContext());
  }
}

const intArray = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

function values(fields: SessionFields): unknown[] {
  return [fields.startsAt, fields.endsAt, fields.venue, fields.online, fields.joiningUrl, fields.capacity, fields.notes, fields.status];
}

export function toSession(row: Row): SessionRow {
  return {
    id: Number(row.id), productId: Number(row.product_id), optionId: Number(row.option_id),
    startsAt: new Date(row.starts_at as string), endsAt: new Date(row.ends_at as string),
    venue: (row.venue as string | null) ?? null, online: row.online === true || row.online === 't', joiningUrl: (row.joining_url as string | null) ?? null,
    capacity: Number(row.capacity), placesTaken: Number(row.places_taken), notes: (row.notes as string | null) ?? null,
    status: row.status as SessionStatus, createdAt: new Date(row.created_at as string), updatedAt: new Date(row.updated_at as string),
  };
}
