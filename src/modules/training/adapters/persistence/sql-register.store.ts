import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { DelegateContact, RegisterRow, RegisterStore } from '../../application/ports/register-store.port.js';

type Row = Record<string, unknown>;

/**
 * The register in plain SQL (ADR 0049). Its one read joins the order's number and the buyer's name and company
 * (read-only, as the reporting module's reads do) so the screen costs one statement whatever the number of places,
 * instead of two more look-ups through the orders and identity modules for one staff screen.
 */
@Injectable()
export class SqlRegisterStore implements RegisterStore {
  constructor(private readonly em: EntityManager) {}

  async rows(sessionId: number): Promise<RegisterRow[]> {
    // One row per seat (1..qty of the place), named or not: the register shows the places still to be named too.
    const rows = await this.query<Row>(
      `select p.id as place_id, p.order_id, o.number as order_number,
         coalesce(nullif(o.billing_address->>'name', ''), nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '')) as buyer_name,
         coalesce(nullif(o.billing_address->>'company', ''), u.company_name) as buyer_company,
         seat.n as seat_no, d.id as delegate_id, d.name, d.email, d.attended_at, d.certificate_code
       from training_session_places p
       cross join lateral generate_series(1, p.qty) as seat(n)
       left join training_delegates d on d.place_id = p.id and d.seat_no = seat.n
       left join orders o on o.id = p.order_id
       left join users u on u.id = p.customer_id
       where p.session_id = ? and p.released_at is null
       order by o.number, p.id, seat.n`,
      [sessionId],
    );
    return rows.map((row) => ({
      placeId: Number(row.place_id), orderId: Number(row.order_id), orderNumber: (row.order_number as string | null) ?? null,
      buyerName: (row.buyer_name as string | null) ?? null, buyerCompany: (row.buyer_company as string | null) ?? null, seatNo: Number(row.seat_no),
      delegate: row.delegate_id === null || row.delegate_id === undefined ? null : { id: Number(row.delegate_id), name: String(row.name), email: String(row.email) },
      attendedAt: row.attended_at ? new Date(row.attended_at as string) : null, certificateCode: (row.certificate_code as string | null) ?? null,
    }));
  }

  async delegates(ids: readonly number[]): Promise<Map<number, DelegateContact>> {
    if (ids.length === 0) return new Map();
    const rows = await this.query<Row>(
      `select d.id, d.name, d.email, d.attended_at, d.certificate_code, p.session_id, p.released_at
       from training_delegates d join training_session_places p on p.id = d.place_id
       where d.id = any(?::int[])`,
      [`{${ids.map((id) => Math.trunc(id)).join(',')}}`],
    );
    return new Map(rows.map((row) => [Number(row.id), {
      id: Number(row.id), sessionId: Number(row.session_id), released: row.released_at !== null && row.released_at !== undefined,
      attended: row.attended_at !== null && row.attended_at !== undefined, certificateCode: (row.certificate_code as string | null) ?? null,
      name: String(row.name), email: String(row.email),
    }]));
  }

  async markAttended(delegateId: number, mark: { at: Date; by: number; certificateCode: string }): Promise<void> {
    await this.query(
      'update training_delegates set attended_at = ?, attendance_marked_by = ?, certificate_code = ?, updated_at = now() where id = ?',
      [mark.at, mark.by, mark.certificateCode, delegateId],
    );
  }

  async unmark(delegateId: number, mark: { at: Date; by: number }): Promise<void> {
    await this.query(
      'update training_delegates set attended_at = null, attendance_marked_by = ?, certificate_code = null, updated_at = ? where id = ?',
      [mark.by, mark.at, delegateId],
    );
  }

  private query<R>(sql: string, params: unknown[]): Promise<R[]> {
    return this.em.getConnection().execute<R[]>(sql, params, 'all', this.em.getTransactionContext());
  }
}
