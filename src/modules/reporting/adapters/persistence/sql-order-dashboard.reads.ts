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
 * the database directly rather than widen the orders module's face with aggregates only the dashboard wants). Sales: the periods go in as two arrays of bounds and come back as
 * one row each (a left join keeps empty days at zero), walking `orders_created_index`. Dispatch:
 * `orders_to_dispatch_index`. Overdue: `orders_unpaid_invoices_index`.
 */
@Injectable()
export class SqlOrderDashboardReads implements OrderDashboardReads {
  constructor(private readonly em: EntityManager) {}

  async salesIn(periods: readonly PeriodRange[], statuses: readonly OrderStatus[]): Promise<SalesFigures[]> {
    if (periods.length === 0) return [];
    // Partial refunds (ADR 0045) come off the day the order was placed, as a whole refund takes the order out. The
    // periods overlap (today, this month, the 30 days): cut at every period's bounds into slices that do not, each
    // slice is one range of `orders_created_index` (a lateral subquery) read once, from the index alone (it carries the
    // summed columns, ADR 0066), and a period adds up its slices. One pass bucketing the orders by `width_bucket` measured no faster.
    // A join of the periods to every order read all of them once the shop had a history; a walk per period read the
    // month's orders twice (ADR 0054).
    const rows = await this.query<{ i: number; orders: number; ex_vat: number; inc_vat: number }>(
      `with b as (select * from unnest(?::timestamptz[], ?::timestamptz[]) with ordinality as b(starts, ends, i)),
       edges as (select starts as at from b union select ends from b),
       slices as (select at as starts, lead(at) over (order by at) as ends from edges),
       sliced as (
         select sl.starts, sl.ends, s.orders, s.ex_vat, s.inc_vat
         from slices sl cross join lateral (
           select count(o.id)::int as orders, coalesce(sum(o.subtotal + o.delivery_total), 0) as ex_vat, coalesce(sum(o.grand_total), 0) as inc_vat
           from orders o where o.created_at >= sl.starts and o.created_at < sl.ends and o.status = any(?::text[])) s
         where sl.ends is not null),
       sold as (
         select b.i, coalesce(sum(sliced.orders), 0) as orders, coalesce(sum(sliced.ex_vat), 0) as ex_vat, coalesce(sum(sliced.inc_vat), 0) as inc_vat
         from b left join sliced on sliced.starts >= b.starts and sliced.ends <= b.ends
         group by b.i),
       -- A refund is made after its order is placed, so the refunds of orders placed in the periods are among those
       -- made since the first period began (order_refunds_created_index): a few hundred at 1M orders, where
       -- looking up the refunds of every order of every period probed the index ~30,000 times (ADR 0054). The first
       -- day goes in as a value: computed in SQL, the planner guessed a third of all refunds and hashed the orders
       -- (410 ms at 1M; 15 ms with the value).
       credited as (
         select b.i, sum(r.net) as net, sum(r.gross) as gross
         from order_refunds r
         join orders o on o.id = r.order_id
         join b on o.created_at >= b.starts and o.created_at < b.ends
         where r.created_at >= ?::timestamptz and o.status = any(?::text[])
         group by b.i)
       select sold.i::int as i, sold.orders::int as orders, (sold.ex_vat - coalesce(credited.net, 0))::float8 as ex_vat,
              (sold.inc_vat - coalesce(credited.gross, 0))::float8 as inc_vat
       from sold left join credited on credited.i = sold.i
       order by sold.i`,
      [
        list(periods.map((p) => p.from.toISOString())), list(periods.map((p) => p.to.toISOString())), list(statuses),
        new Date(Math.min(...periods.map((p) => p.from.getTime()))).toISOString(), list(statuses),
      ],
    );
    return rows.map((row) => ({ orders: Number(row.orders), totalExVat: Number(row.ex_vat), totalIncVat: Number(row.inc_vat) }));
  }

  async awaitingDispatch(statuses: readonly OrderStatus[], limit: number): Promise<{ count: number; oldest: DispatchRow[] }> {
    // An order has a delivery exactly when it has something to post (checkout chooses one for physical lines only),
    // so the count reads orders_to_dispatch_index's entries alone: looking up each waiting order's lines cost 26–36
    // ms at 1M orders (ADR 0066). The count and the oldest few in one statement (ADR 0072): the count's one row,
    // joined to the page's rows when there are any, each part with the plan it had as a statement of its own.
    const where = `o.status = any(?::text[]) and o.delivery is not null`;
    const rows = await this.query<{ count: number; id: number | null; number: string; status: OrderStatus; customer_id: number; grand_total: number; created_ms: number }>(
      `with oldest as (select o.id, o.number, o.status, o.customer_id, o.grand_total, o.created_at from orders o where ${where} order by o.created_at, o.id limit ?)
       select c.count, oldest.id, oldest.number, oldest.status, oldest.customer_id, oldest.grand_total, ${ms('oldest.created_at')} as created_ms
       from (select count(*)::int as count from orders o where ${where}) c left join oldest on true
       order by oldest.created_at, oldest.id`,
      [list(statuses), limit, list(statuses)],
    );
    return {
      count: Number(rows[0]?.count ?? 0),
      oldest: rows.filter((row) => row.id !== null).map((row) => ({
        id: Number(row.id), number: row.number, status: row.status, customerId: Number(row.customer_id), grandTotal: Number(row.grand_total),
        createdAt: new Date(Number(row.created_ms)),
      })),
    };
  }

  async overdueInvoices(invoicedBefore: Date, limit: number): Promise<{ count: number; outstanding: number; oldest: OverdueInvoiceRow[] }> {
    // The unpaid invoices past their terms (orders_unpaid_invoices_index), read once for both the totals and the
    // oldest few: one statement, where two read them twice (ADR 0072).
    const rows = await this.query<{
      count: number; total_outstanding: number; id: number | null; number: string; invoice_number: string | null; invoice_ms: number; customer_id: number;
      grand_total: number; outstanding: number;
    }>(
      `with overdue as materialized (
         select * from (
           select o.id, o.number, o.invoice_number, o.invoice_date, o.customer_id, o.grand_total,
                  o.grand_total - coalesce((select sum(p.amount) from order_payments p where p.order_id = o.id), 0)
                    - coalesce((select sum(r.gross) from order_refunds r where r.order_id = o.id), 0) as outstanding
           from orders o
           where o.payment_method = 'invoice' and o.paid_at is null and o.invoice_date < ?
             and o.status not in ('cancelled', 'refunded')) d
         where outstanding > 0),
       oldest as (select * from overdue order by invoice_date, id limit ?)
       select t.count, t.total_outstanding, oldest.id, oldest.number, oldest.invoice_number, ${ms('oldest.invoice_date')} as invoice_ms,
              oldest.customer_id, oldest.grand_total, oldest.outstanding::float8 as outstanding
       from (select count(*)::int as count, coalesce(sum(outstanding), 0)::float8 as total_outstanding from overdue) t
       left join oldest on true
       order by oldest.invoice_date, oldest.id`,
      [invoicedBefore.toISOString(), limit],
    );
    return {
      count: Number(rows[0]?.count ?? 0),
      outstanding: Number(rows[0]?.total_outstanding ?? 0),
      oldest: rows.filter((row) => row.id !== null).map((row) => ({
        id: Number(row.id), number: row.number, invoiceNumber: row.invoice_number, invoiceDate: new Date(Number(row.invoice_ms)),
        customerId: Number(row.customer_id), grandTotal: Number(row.grand_total), outstanding: Number(row.outstanding),
      })),
    };
  }

  private query<Row>(sql: string, params: unknown[]): Promise<Row[]> {
    return this.em.getConnection().execute<Row[]>(sql, params, 'all', this.em.getTransactionContext());
  }
}
