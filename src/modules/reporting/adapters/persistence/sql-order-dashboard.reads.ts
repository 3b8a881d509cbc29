import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { PreparedStatement } from '../../../../platform/persistence/index.js';
import {
  type DispatchRow, type OrderDashboardReads, type OverdueInvoiceRow, type PeriodRange, type SalesFigures,
} from '../../application/ports/order-dashboard-reads.port.js';
import { DISPATCH_STATUSES, EXPORT_TIME_ZONE, type OrderStatus } from '../../../orders/index.js';

const ms = (column: string) => `(extract(epoch from ${column}) * 1000)::float8`;
const list = (values: readonly (string | number)[]) => `{${values.map((v) => (typeof v === 'number' ? Math.trunc(v) : `"${v}"`)).join(',')}}`;
/** A constant set of statuses as SQL (the code's own names, never a user's): written into the text, so the planner sees
 * them in a prepared statement too and can match orders_to_dispatch_index's predicate, which a parameter hides. */
const statusesIn = (statuses: readonly OrderStatus[]) => {
  if (!statuses.every((status) => /^[a-z_]+$/.test(status))) throw new Error('A status is not a plain name.');
  return `(${statuses.map((status) => `'${status}'`).join(', ')})`;
};

/**
 * The sales of each period from the daily roll-up the orders' and refunds' triggers keep (ADR 0077), partial refunds
 * already taken off the day their order was placed (ADR 0045): at most 8 rows a day. Adding up the orders of the last
 * 30 days and looking up the refunds made since cost 16 ms at 1M orders. The periods are whole UK days, so their
 * bounds are London midnights and their dates in London are the roll-up's days.
 */
const SALES_IN = new PreparedStatement<{ i: number; orders: number; ex_vat: number; inc_vat: number }>('dashboard_sales_in', `
  with b as (select * from unnest(?::timestamptz[], ?::timestamptz[]) with ordinality as b(starts, ends, i))
  select b.i::int as i, coalesce(sum(d.orders), 0)::int as orders, coalesce(sum(d.ex_vat), 0)::float8 as ex_vat, coalesce(sum(d.inc_vat), 0)::float8 as inc_vat
  from b left join order_sales_days d
    on d.day >= (b.starts at time zone '${EXPORT_TIME_ZONE}')::date and d.day < (b.ends at time zone '${EXPORT_TIME_ZONE}')::date
  group by b.i
  order by b.i`);

type DispatchSqlRow = { count: number; id: number | null; number: string; status: OrderStatus; customer_id: number; grand_total: number; created_ms: number };
/**
 * An order has a delivery exactly when it has something to post (checkout chooses one for physical lines only), so the
 * count reads orders_to_dispatch_index's entries alone: looking up each waiting order's lines cost 26–36 ms at 1M
 * orders (ADR 0066). The count and the oldest few in one statement (ADR 0072): the count's one row, joined to the
 * page's rows when there are any, each part with the plan it had as a statement of its own. Prepared (ADR 0077): the
 * statuses are in the text and the plan is the same for any limit, and planning cost five times what running it did.
 */
const DISPATCH_WHERE = `o.status in ${statusesIn(DISPATCH_STATUSES)} and o.delivery is not null`;
const AWAITING_DISPATCH = new PreparedStatement<DispatchSqlRow>('dashboard_awaiting_dispatch', `
  with oldest as (select o.id, o.number, o.status, o.customer_id, o.grand_total, o.created_at from orders o where ${DISPATCH_WHERE} order by o.created_at, o.id limit ?)
  select c.count, oldest.id, oldest.number, oldest.status, oldest.customer_id, oldest.grand_total, ${ms('oldest.created_at')} as created_ms
  from (select count(*)::int as count from orders o where ${DISPATCH_WHERE}) c left join oldest on true
  order by oldest.created_at, oldest.id`);

type OverdueSqlRow = {
  count: number; total_outstanding: number; id: number | null; number: string; invoice_number: string | null; invoice_ms: number; customer_id: number;
  grand_total: number; outstanding: number;
};
/**
 * The unpaid invoices past their terms (orders_unpaid_invoices_index, whose predicate is in the text), read once for
 * both the totals and the oldest few: one statement, where two read them twice (ADR 0072). Prepared (ADR 0077): any
 * date walks the same partial index.
 */
const OVERDUE_INVOICES = new PreparedStatement<OverdueSqlRow>('dashboard_overdue_invoices', `
  with overdue as materialized (
    select * from (
      select o.id, o.number, o.invoice_number, o.invoice_date, o.customer_id, o.grand_total,
             o.grand_total - coalesce((select sum(p.amount) from order_payments p where p.order_id = o.id), 0)
               - coalesce((select sum(r.gross) from order_refunds r where r.order_id = o.id), 0) as outstanding
      from orders o
      where o.payment_method = 'invoice' and o.paid_at is null and o.invoice_date < ?::timestamptz
        and o.status not in ('cancelled', 'refunded')) d
    where outstanding > 0),
  oldest as (select * from overdue order by invoice_date, id limit ?)
  select t.count, t.total_outstanding, oldest.id, oldest.number, oldest.invoice_number, ${ms('oldest.invoice_date')} as invoice_ms,
         oldest.customer_id, oldest.grand_total, oldest.outstanding::float8 as outstanding
  from (select count(*)::int as count, coalesce(sum(outstanding), 0)::float8 as total_outstanding from overdue) t
  left join oldest on true
  order by oldest.invoice_date, oldest.id`);

/**
 * The dashboard's order figures in plain SQL over the orders module's tables (read only: the reporting side reads
 * the database directly rather than widen the orders module's face with aggregates only the dashboard wants). Sales: the periods go in as two arrays of bounds and come back as
 * one row each (a left join keeps empty days at zero), from the daily roll-up `order_sales_days`. Dispatch:
 * `orders_to_dispatch_index`. Overdue: `orders_unpaid_invoices_index`.
 */
@Injectable()
export class SqlOrderDashboardReads implements OrderDashboardReads {
  constructor(private readonly em: EntityManager) {}

  async salesIn(periods: readonly PeriodRange[]): Promise<SalesFigures[]> {
    if (periods.length === 0) return [];
    const rows = await SALES_IN.all(this.em, [list(periods.map((p) => p.from.toISOString())), list(periods.map((p) => p.to.toISOString()))]);
    return rows.map((row) => ({ orders: Number(row.orders), totalExVat: Number(row.ex_vat), totalIncVat: Number(row.inc_vat) }));
  }

  async awaitingDispatch(limit: number): Promise<{ count: number; oldest: DispatchRow[] }> {
    const rows = await AWAITING_DISPATCH.all(this.em, [limit]);
    return {
      count: Number(rows[0]?.count ?? 0),
      oldest: rows.filter((row) => row.id !== null).map((row) => ({
        id: Number(row.id), number: row.number, status: row.status, customerId: Number(row.customer_id), grandTotal: Number(row.grand_total),
        createdAt: new Date(Number(row.created_ms)),
      })),
    };
  }

  async overdueInvoices(invoicedBefore: Date, limit: number): Promise<{ count: number; outstanding: number; oldest: OverdueInvoiceRow[] }> {
    const rows = await OVERDUE_INVOICES.all(this.em, [invoicedBefore.toISOString(), limit]);
    return {
      count: Number(rows[0]?.count ?? 0),
      outstanding: Number(rows[0]?.total_outstanding ?? 0),
      oldest: rows.filter((row) => row.id !== null).map((row) => ({
        id: Number(row.id), number: row.number, invoiceNumber: row.invoice_number, invoiceDate: new Date(Number(row.invoice_ms)),
        customerId: Number(row.customer_id), grandTotal: Number(row.grand_total), outstanding: Number(row.outstanding),
      })),
    };
  }
}
