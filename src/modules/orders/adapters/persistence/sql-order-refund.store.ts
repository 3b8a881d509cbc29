import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { OrderRefundStore } from '../../application/ports/order-refund-store.port.js';
import { OrderRefund } from '../../domain/refund.js';

interface RefundRow {
  id: number; order_id: number; credit_note_number: string; created_at: Date | string; delivery: boolean; restocked: boolean;
  net: number; vat: number; gross: number; note: string | null; actor_id: number | null;
}

/** Refunds in plain SQL: written once by OrderProcess under the order's row lock, then only read. */
@Injectable()
export class SqlOrderRefundStore implements OrderRefundStore {
  constructor(private readonly em: EntityManager) {}

  async refundsOf(orderId: number): Promise<OrderRefund[]> {
    const rows = await this.query<RefundRow>('select * from order_refunds where order_id = ? order by id', [orderId]);
    if (rows.length === 0) return [];
    const lines = await this.query<{ refund_id: number; order_line_id: number; qty: number }>(
      'select refund_id, order_line_id, qty from order_refund_lines where refund_id = any(?::int[]) order by order_line_id',
      [`{${rows.map((row) => Number(row.id)).join(',')}}`],
    );
    return rows.map((row) => {
      const refund = new OrderRefund(
        Number(row.order_id), row.credit_note_number, new Date(row.created_at),
        lines.filter((line) => Number(line.refund_id) === Number(row.id)).map((line) => ({ lineId: Number(line.order_line_id), qty: Number(line.qty) })),
        Boolean(row.delivery), Boolean(row.restocked), Number(row.net), Number(row.vat), Number(row.gross), row.note,
        row.actor_id === null ? null : Number(row.actor_id),
      );
      refund.id = Number(row.id);
      return refund;
    });
  }

  async insert(refund: OrderRefund): Promise<void> {
    const [row] = await this.query<{ id: number }>(
      `insert into order_refunds (order_id, credit_note_number, created_at, delivery, restocked, net, vat, gross, note, actor_id)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
      [refund.orderId, refund.creditNoteNumber, refund.createdAt, refund.delivery, refund.restocked, refund.net, refund.vat, refund.gross, refund.note, refund.actorId],
    );
    refund.id = Number(row!.id);
    for (const line of refund.lines) {
      await this.query('insert into order_refund_lines (refund_id, order_line_id, qty) values (?, ?, ?)', [refund.id, line.lineId, line.qty]);
    }
  }

  private query<Row>(sql: string, params: unknown[]): Promise<Row[]> {
    return this.em.getConnection().execute<Row[]>(sql, params, 'all', this.em.getTransactionContext());
  }
}
