import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type {
  DispatchRow, OrderDashboardReads, OverdueInvoiceRow, PeriodRange, SalesFigures,
} from '../../application/ports/order-dashboard-reads.port.js';
import type { OrderStatus } from '../../../orders/index.js';

const ms = (column: string) => `(extract(epoch from ${column}) * 1000)::float8`;
const list = (values: readonly (string | number)[]) => `{${values.map((v) => (typeof v === 'number' ? Math.trunc(v) : `"${v}"`)).join(',')}}`;

/**
 * The dashboard's order figures in plain SQL over the orders module's tables (read only: the reporting side reads
 * the database directly rather than widen the orders module's face with aggregates only the dashboard wants). Sales: the orders placed between the periods' first and last
 * bound, slice by slice in one pass over `orders_created_index`; each period adds up its slices (days without orders at zero). Dispatch:
 * `orders_to_dispatch_index`. Overdue: `orders_unpaid_invoices_index`.
 */
@Injectable()
export class SqlOrderDashboardReads implements OrderDashboardReads {
  constructor(private readonly em: EntityManager) {}

  async salesIn(periods: readonly PeriodRange[], statuses: readonly OrderStatus[]): Promise<SalesFigures[]> {
    if (periods.length === 0) return [];
    // The periods overlap (today, this month, the 30 days): their bounds cut time into slices that do not, and one
    // pass over the orders placed from the first bound to the last puts each in its slice (`width_bucket` over the
    // sorted bounds) — an index-only range of orders_created_index, which carries the summed columns (ADR 0066).
    // A period then adds up its slices here. A walk per slice (30 of them, each visiting the table) and a join of
    // the refunds to every period cost 14–24 ms at 1M orders (ADR 0054); this is one range and one group.
    // Partial refunds (ADR 0045) come off the slice the order was placed in, as a whole refund takes the order out.
    // A refund is made after its order is placed, so the refunds of these orders are among those made since the
    // first bound (order_refunds_created_index): a few hundred at 1M orders.
    const edges = [...new Set(periods.flatMap((period) => [period.from.getTime(), period.to.getTime()]))].sort((a, b) => a - b);
    const bounds = list(edges.map((at) => new Date(at).toISOString()));
    const first = new Date(edges[0]!).toISOString();
    const last = new Date(edges[edges.length - 1]!).toISOString();
    const rows = await this.query<{ kind: 'sold' | 'credited'; slice: number; orders: number; ex_vat: number; inc_vat: number }>(
      `select 'sold' as kind, width_bucket(o.created_at, ?::timestamptz[]) as slice, count(*)::int as orders,
              sum(o.subtotal + o.delivery_total)::float8 as ex_vat, sum(o.grand_total)::float8 as inc_vat
       from orders o
       where o.created_at >= ?::timestamptz and o.created_at < ?::timestamptz and o.status = any(?::text[])
       group by 2
       union all
       select 'credited', width_bucket(o.created_at, ?::timestamptz[]), 0, sum(r.net)::float8, sum(r.gross)::float8
       from order_refunds r join orders o on o.id = r.order_id
       where r.created_at >= ?::timestamptz and o.created_at >= ?::timestamptz and o.created_at < ?::timestamptz and o.status = any(?::text[])
       group by 2`,
      [bounds, first, last, list(statuses), bounds, first, first, last, list(statuses)],
    );
    // Slice k (1-based, as width_bucket counts) runs from edges[k - 1] to edges[k].
    const slices = new Map<number, SalesFigures>();
    for (const row of rows) {
      const slice = slices.get(Number(row.slice)) ?? { orders: 0, totalExVat: 0, totalIncVat: 0 };
      const sign = row.kind === 'sold' ? 1 : -1;
      slices.set(Number(row.slice), {
        orders: slice.orders + Number(row.orders), totalExVat: slice.totalExVat + sign * Number(row.ex_vat), totalIncVat: slice.totalIncVat + sign * Number(row.inc_vat),
      });
    }
    return periods.map((period) => {
      const figures: SalesFigures = { orders: 0, totalExVat: 0, totalIncVat: 0 };
      for (let k = 1; k < edges.length; k++) {
        if (edges[k - 1]! < period.from.getTime() || edges[k]! > period.to.getTime()) continue;
        const slice = slices.get(k);
        if (!slice) continue;
        figures.orders += slice.orders;
        figures.totalExVat += slice.totalExVat;
        figures.totalIncVat += slice.totalIncVat;
      }
      return figures;
    });
  }

  async awaitingDispatch(statuses: readonly OrderStatus[], limit: number): Promise<{ count: number; oldest: DispatchRow[] }> {
    // An order has a delivery exactly when it has something to post (checkout chooses one for physical lines only),
    // so the count reads orders_to_dispatch_index's entries alone: looking up each waiting order's lines cost 26–36
    // ms at 1M orders (ADR 0066).
    const where = `o.status = any(?::text[]) and o.delivery is not null`;
    const [counted] = await this.query<{ count: number }>(`select count(*)::int as count from orders o where ${where}`, [list(statuses)]);
    const rows = await this.query<{ id: number; number: string; status: OrderStatus; customer_id: number; grand_total: number; created_ms: number }>(
      `select o.id, o.number, o.status, o.customer_id, o.grand_total, ${ms('o.created_at')} as created_ms
       from orders o where ${where} order by o.created_at, o.id limit ?`,
      [list(statuses), limit],
    );
    return {
      count: Number(counted?.count ?? 0),
      oldest: rows.map((row) => ({
        id: Number(row.id), number: row.number, status: row.status, customerId: Number(row.customer_id), grandTotal: Number(row.grand_total),
        createdAt: new Date(Number(row.created_ms)),
      })),
    };
  }

  async overdueInvoices(invoicedBefore: Date, limit: number): Promise<{ count: number; outstanding: number; oldest: OverdueInvoiceRow[] }> {
    const overdue = `select o.id, o.number, o.invoice_number, o.invoice_date, o.customer_id, o.grand_total,
              o.grand_total - coalesce((select sum(p.amount) from order_payments p where p.order_id = o.id), 0)
                - coalesce((select sum(r.gross) from order_refunds r where r.order_id = o.id), 0) as outstanding
       from orders o
       where o.payment_method = 'invoice' and o.paid_at is null and o.invoice_date < ?
         and o.status not in ('cancelled', 'refunded')`;
    const at = invoicedBefore.toISOString();
    const [totals] = await this.query<{ count: number; outstanding: number }>(
      `select count(*)::int as count, coalesce(sum(outstanding), 0)::float8 as outstanding from (${overdue}) d where outstanding > 0`, [at],
    );
    const rows = await this.query<{ id: number; number: string; invoice_number: string | null; invoice_ms: number; customer_id: number; grand_total: number; outstanding: number }>(
      `select id, number, invoice_number, ${ms('invoice_date')} as invoice_ms, customer_id, grand_total, outstanding::float8 as outstanding
       from (${overdue}) d where outstanding > 0 order by invoice_date, id limit ?`,
      [at, limit],
    );
    return {
      count: Number(totals?.count ?? 0),
      outstanding: Number(totals?.outstanding ?? 0),
      oldest: rows.map((row) => ({
        id: Number(row.id), number: row.number, invoiceNumber: row.invoice_number, invoiceDate: new Date(Number(row.invoice_ms)),
        customerId: Number(row.customer_id), grandTotal: Number(row.grand_total), outstanding: Number(row.outstanding),
      })),
    };
  }

  private query<Row>(sql: string, params: unknown[]): Promise<Row[]> {
    return this.em.getConnection().execute<Row[]>(sql, params, 'all', this.em.getTransactionContext());
  }
}
