import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { OrderExportBatch, OrderExportCursor, OrderExportFilter, OrderExportReader } from '../../application/ports/order-export-reader.port.js';

interface OrderRow {
  id: number;
  number: string;
  customer_id: number;
  status: string;
  created_ms: number;
  cursor_at: string;
  po_number: string | null;
  billing_company: string | null;
  delivery_name: string | null;
  delivery_price: number | null;
  delivery_total: number;
  vat: number;
  invoice_number: string | null;
  invoice_ms: number | null;
}

interface LineRow {
  order_id: number;
  title: string;
  option_name: string;
  code: string;
  unit_price: number;
  qty: number;
  line_total: number;
}

interface RefundRow {
  order_id: number;
  credit_note_number: string;
  created_ms: number;
  net: number;
  vat: number;
  gross: number;
}

/**
 * The export's reads in plain SQL, outside the identity map (nothing is kept between batches). Keyset pagination
 * on (created_at, id) walks `orders_created_index` backwards; the cursor carries created_at as PostgreSQL's own
 * text so no microsecond is lost between batches.
 */
@Injectable()
export class SqlOrderExportReader implements OrderExportReader {
  constructor(private readonly em: EntityManager) {}

  async count(filter: OrderExportFilter): Promise<number> {
    const { where, params } = this.where(filter, null);
    const [row] = await this.query<{ count: number }>(`select count(*)::int as count from orders o where ${where}`, params);
    return row?.count ?? 0;
  }

  async batch(filter: OrderExportFilter, after: OrderExportCursor | null, size: number): Promise<OrderExportBatch> {
    const { where, params } = this.where(filter, after);
    const rows = await this.query<OrderRow>(
      `select o.id, o.number, o.customer_id, o.status, (extract(epoch from o.created_at) * 1000)::float8 as created_ms,
              o.created_at::text as cursor_at, o.po_number, o.billing_address ->> 'company' as billing_company,
              o.delivery ->> 'name' as delivery_name, (o.delivery ->> 'price')::int as delivery_price, o.delivery_total, o.vat,
              o.invoice_number, (extract(epoch from o.invoice_date) * 1000)::float8 as invoice_ms
       from orders o
       where ${where}
       order by o.created_at, o.id
       limit ?`,
      [...params, size],
    );
    if (rows.length === 0) return { orders: [], lines: [], refunds: [], next: null };
    const ids = `{${rows.map((row) => Number(row.id)).join(',')}}`;
    const lines = await this.query<LineRow>(
      `select order_id, title, option_name, code, unit_price, qty, line_total
       from order_lines where order_id = any(?::int[])
       order by order_id, position, id`,
      [ids],
    );
    // order_refunds_order_index (order_id, id): the batch's credit notes in the order they were issued.
    const refunds = await this.query<RefundRow>(
      `select order_id, credit_note_number, (extract(epoch from created_at) * 1000)::float8 as created_ms, net, vat, gross
       from order_refunds where order_id = any(?::int[])
       order by order_id, id`,
      [ids],
    );
    const last = rows[rows.length - 1]!;
    return {
      orders: rows.map((row) => ({
        id: Number(row.id), number: row.number, customerId: Number(row.customer_id), status: row.status, createdAt: new Date(Number(row.created_ms)),
        poNumber: row.po_number, billingCompany: row.billing_company?.trim() || null,
        delivery: row.delivery_name === null ? null : { name: row.delivery_name, price: Number(row.delivery_price ?? row.delivery_total) },
        deliveryTotal: Number(row.delivery_total), vat: Number(row.vat), invoiceNumber: row.invoice_number,
        invoiceDate: row.invoice_ms === null ? null : new Date(Number(row.invoice_ms)),
      })),
      lines: lines.map((line) => ({
        orderId: Number(line.order_id), title: line.title, optionName: line.option_name, code: line.code,
        unitPrice: Number(line.unit_price), qty: Number(line.qty), lineTotal: Number(line.line_total),
      })),
      refunds: refunds.map((refund) => ({
        orderId: Number(refund.order_id), creditNoteNumber: refund.credit_note_number, createdAt: new Date(Number(refund.created_ms)),
        net: Number(refund.net), vat: Number(refund.vat), gross: Number(refund.gross),
      })),
      next: rows.length < size ? null : { createdAt: last.cursor_at, id: Number(last.id) },
    };
  }

  private where(filter: OrderExportFilter, after: OrderExportCursor | null): { where: string; params: unknown[] } {
    const conditions = ['o.created_at >= ?::timestamptz', 'o.created_at < ?::timestamptz'];
    const params: unknown[] = [filter.period.start.toISOString(), filter.period.end.toISOString()];
    if (filter.statuses.length > 0) {
      conditions.push('o.status = any(?::text[])');
      params.push(`{${filter.statuses.join(',')}}`);
    }
    if (after) {
      conditions.push('(o.created_at, o.id) > (?::timestamptz, ?)');
      params.push(after.createdAt, after.id);
    }
    return { where: conditions.join(' and '), params };
  }

  private query<Row>(sql: string, params: unknown[]): Promise<Row[]> {
    return this.em.getConnection().execute<Row[]>(sql, params, 'all', this.em.getTransactionContext());
  }
}
