import { EntityManager, raw, type FilterQuery } from '@mikro-orm/core';
import type { QBFilterQuery, SqlEntityManager } from '@mikro-orm/sql';
import { Injectable } from '@nestjs/common';
import type { AdminOrderQuery, CustomerOrderRecord, DownloadLine, OrderReads, OrderSummary } from '../../application/ports/order-reads.port.js';
import { DISPATCH_STATUSES, type OrderStatus, type StatusKeepingChange } from '../../domain/order-process.js';
import { Order, OrderHistoryEntry, type OrderAddress, type OrderDelivery, type PaymentMethod } from '../../domain/order.entity.js';
import { PreparedStatement } from '../../../../platform/persistence/index.js';
import { escapeLike } from '../../../../shared/like-pattern.js';

const NEWEST_FIRST = { createdAt: 'desc', id: 'desc' } as const;
const OLDEST_FIRST = { createdAt: 'asc', id: 'asc' } as const;

/**
 * How long an exact count past the cap is kept: a deep page (read from the far end) needs the total, and counting
 * 1M orders costs ~230 ms. A deep page may then be this far behind at its far end — as any offset page shifts
 * when orders arrive; the first pages and every total up to the cap are always current.
 */
const DEEP_TOTAL_MS = 60_000;
const DEEP_TOTALS_KEPT = 100;
const DAY_MS = 86_400_000;

/** A term that begins like an order number (`HS-1`, `hs-100123`): every number starts so, and nothing else in it. */
const ORDER_NUMBER_START = /^hs-\d*$/i;
/**
 * A term that can be part of an order number (`HS-` and digits): a piece of `HS-` then digits, or digits alone. Any
 * other term (a PO like `PO-93871`, a name) is never in a number, so the search leaves the number out: planning the
 * number's trigram condition cost 1.6 ms at 1M orders (the planner reads the index to estimate it), more than the
 * PO's own look-up (ADR 0077).
 */
const CAN_BE_IN_NUMBER = /^(?:(?:h?s)?-)?\d*$|^(?:h|hs|s)$/i;

/**
 * The piece of a search term the PO's trigram index looks up, when the whole term would make it read a long list
 * (ADR 0078): the longest run of letters and digits that holds a digit and is at least 4 long (two trigrams), the last
 * of equals (`NHS/2024/0042` → `0042`: a serial usually ends a PO, a year or prefix is shared). A shop's POs share
 * their prefix (`PO-`, a customer's own), so the whole term's trigrams include one that 300,000 of 1M orders hold, and
 * the index read its whole posting list (519 buffers, 2–5 ms) to find three orders. The whole term is still the
 * condition, as a filter on the few rows the piece finds. Null: the term is its own best piece, or has none.
 */
export function poIndexPiece(term: string): string | null {
  let best: string | null = null;
  for (const piece of term.match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (piece.length >= 4 && /\p{N}/u.test(piece) && piece.length >= (best?.length ?? 0)) best = piece;
  }
  return best !== null && best.length < term.length ? best : null;
}

/**
 * The PO condition: `po_number ilike %term%`, or, when the term has a rarer piece, that piece's `ilike` (the trigram
 * index's condition) and the whole term on `po_number || ''`, an expression no index matches, so the planner checks it
 * on the rows the piece found instead of adding the term's common trigrams to the index look-up.
 */
function poMatches(term: string): FilterQuery<Order> {
  const pattern = `%${escapeLike(term)}%`;
  const piece = poIndexPiece(term);
  if (piece === null) return { poNumber: { $ilike: pattern } };
  return { $and: [{ poNumber: { $ilike: `%${escapeLike(piece)}%` } }, { [raw("(po_number || '')")]: { $ilike: pattern } }] };
}

/**
 * How many orders are in one status, or in all: the rows the orders' triggers keep (migration 20261128003200, ADR 0077),
 * a few whatever the shop's size, where counting the orders themselves cost 1.5 ms at 10k and had to stop at a cap.
 */
const ALL_ORDERS_TOTAL = new PreparedStatement<{ n: string }>('orders_total', 'select coalesce(sum(orders), 0)::bigint as n from order_status_counts');
const STATUS_TOTAL = new PreparedStatement<{ n: string }>('orders_status_total', 'select coalesce(sum(orders), 0)::bigint as n from order_status_counts where status = ?');

interface SummaryRow {
  id: number; number: string; customer_id: number; status: OrderStatus; created_at: Date | string; grand_total: number; po_number: string | null; invoice_number: string | null;
}

/** A time inside JSON: whole milliseconds since the epoch, cut as the driver cuts a timestamp column's microseconds. */
const EPOCH_MS = (column: string): string => `floor(extract(epoch from ${column}) * 1000)::bigint`;

/**
 * The customer's order page in one statement (ADR 0073): the order's columns and its lines, history and refunds
 * (each with its refunded lines) as JSON arrays, each read from its `order_id` index. Four entity reads cost ~2 ms
 * of the shop's CPU a page in hydration and the identity map; nothing here is changed, so nothing needs tracking.
 */
const CUSTOMER_ORDER = new PreparedStatement<CustomerOrderRow>('customer_order', `
  select o.id, o.number, o.customer_id, o.status, o.billing_address, o.delivery_address, o.delivery, o.subtotal, o.delivery_total, o.vat,
    o.grand_total, o.po_number, o.notes, o.payment_method, o.paid_at, o.tracking_number, o.invoice_number, o.invoice_date,
    o.credit_note_number, o.credit_note_date, o.created_at,
    (select coalesce(json_agg(json_build_array(l.id, l.title, l.option_name, l.code, l.kind, l.unit_price, l.qty, l.line_total, l.booking_ref, l.booking_label)
       order by l.position, l.id), '[]') from order_lines l where l.order_id = o.id) as lines,
    (select coalesce(json_agg(json_build_array(h.from_status, h.to_status, ${EPOCH_MS('h.at')}, h.note, h.visible_to_customer, h.change)
       order by h.at, h.id), '[]') from order_history h where h.order_id = o.id) as history,
    (select coalesce(json_agg(json_build_array(r.id, r.credit_note_number, ${EPOCH_MS('r.created_at')}, r.delivery, r.restocked, r.net, r.vat, r.gross,
       (select coalesce(json_agg(json_build_array(rl.order_line_id, rl.qty) order by rl.order_line_id), '[]') from order_refund_lines rl where rl.refund_id = r.id))
       order by r.id), '[]') from order_refunds r where r.order_id = o.id) as refunds
  from orders o where o.id = ? and o.customer_id = ?`);

interface CustomerOrderRow {
  id: number; number: string; customer_id: number; status: OrderStatus; billing_address: JsonColumn<OrderAddress>; delivery_address: JsonColumn<OrderAddress> | null;
  delivery: JsonColumn<OrderDelivery> | null; subtotal: number; delivery_total: number; vat: number; grand_total: number; po_number: string | null;
  notes: string | null; payment_method: PaymentMethod; paid_at: Date | string | null; tracking_number: string | null; invoice_number: string | null;
  invoice_date: Date | string | null; credit_note_number: string | null; credit_note_date: Date | string | null; created_at: Date | string;
  lines: JsonColumn<LineTuple[]>;
  history: JsonColumn<HistoryTuple[]>;
  refunds: JsonColumn<RefundTuple[]>;
}
type LineTuple = [number, string, string, string, string, number, number, number, string | null, string | null];
type HistoryTuple = [OrderStatus | null, OrderStatus, number, string | null, boolean, StatusKeepingChange | null];
type RefundTuple = [number, string, number, boolean, boolean, number, number, number, Array<[number, number]>];

/** node-postgres parses `json` columns; a driver that hands them over as text is parsed here. */
type JsonColumn<T> = T | string;
const json = <T>(value: JsonColumn<T>): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
const dateOrNull = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

@Injectable()
export class MikroOrmOrderReads implements OrderReads {
  constructor(private readonly em: EntityManager) {}

  async customerOrder(customerId: number, orderId: number): Promise<CustomerOrderRecord | null> {
    const [row] = await CUSTOMER_ORDER.all(this.em, [orderId, customerId]);
    if (!row) return null;
    return {
      order: {
        id: Number(row.id), number: row.number, customerId: Number(row.customer_id), status: row.status, createdAt: new Date(row.created_at),
        billingAddress: json<OrderAddress>(row.billing_address), deliveryAddress: row.delivery_address === null ? null : json<OrderAddress>(row.delivery_address),
        delivery: row.delivery === null ? null : json<OrderDelivery>(row.delivery),
        subtotal: Number(row.subtotal), deliveryTotal: Number(row.delivery_total), vat: Number(row.vat), grandTotal: Number(row.grand_total),
        poNumber: row.po_number, notes: row.notes, paymentMethod: row.payment_method, paidAt: dateOrNull(row.paid_at), trackingNumber: row.tracking_number,
        invoiceNumber: row.invoice_number, invoiceDate: dateOrNull(row.invoice_date), creditNoteNumber: row.credit_note_number, creditNoteDate: dateOrNull(row.credit_note_date),
      },
      lines: json<LineTuple[]>(row.lines).map(([id, title, optionName, code, kind, unitPrice, qty, lineTotal, bookingRef, bookingLabel]) => ({
        id, title, optionName, code, kind, unitPrice, qty, lineTotal, bookingRef, bookingLabel,
      })),
      history: json<HistoryTuple[]>(row.history).map(([fromStatus, toStatus, at, note, visibleToCustomer, change]) => ({
        fromStatus, toStatus, at: new Date(Number(at)), note, visibleToCustomer, change,
      })),
      refunds: json<RefundTuple[]>(row.refunds).map(([id, creditNoteNumber, at, delivery, restocked, net, vat, gross, lines]) => ({
        id, creditNoteNumber, createdAt: new Date(Number(at)), delivery, restocked, net, vat, gross, lines: lines.map(([lineId, qty]) => ({ lineId, qty })),
      })),
    };
  }

  historyOf(orderId: number): Promise<OrderHistoryEntry[]> {
    return this.em.find(OrderHistoryEntry, { orderId }, { orderBy: { at: 'asc', id: 'asc' } });
  }

  async listForCustomer(customerId: number, offset: number, limit: number): Promise<{ orders: OrderSummary[]; total: number }> {
    return this.page({ customerId }, offset, limit);
  }

  /** Both drivers (PostgreSQL, PGlite) are SQL ones: their query builder writes the capped count and the EXPLAIN. */
  private get sql(): SqlEntityManager {
    return this.em as unknown as SqlEntityManager;
  }

  /** Exact counts of long lists for deep pages, by the count statement (ADR 0054). */
  private readonly deepTotals = new Map<string, { total: number; until: number }>();

  async search(query: AdminOrderQuery, offset: number, limit: number, exactUpTo: number): Promise<{ orders: OrderSummary[]; total: number; totalExact: boolean }> {
    const where: FilterQuery<Order>[] = [];
    const term = query.search?.trim();
    if (term) {
      const pattern = `%${escapeLike(term)}%`;
      // An order number holds `HS-` only at its start, so "contains HS-…" is "starts with HS-…": a range of
      // orders_number_prefix_index rather than the trigram bitmap of every order (ADR 0066). Other pieces of a number
      // (digits alone, `S-1…`) match anywhere through its trigram index; a term no number can hold skips the number.
      const matches: FilterQuery<Order>[] = [poMatches(term)];
      if (CAN_BE_IN_NUMBER.test(term)) matches.unshift({ number: ORDER_NUMBER_START.test(term) ? { $like: `${escapeLike(term.toUpperCase())}%` } : { $ilike: pattern } });
      if (query.customerIds?.length) matches.push({ customerId: { $in: [...query.customerIds] } });
      where.push({ $or: matches });
    }
    if (query.customerId !== undefined) where.push({ customerId: query.customerId }); // orders_customer_index
    if (query.status) where.push({ status: query.status });
    if (query.toDispatch) {
      // The dashboard's "To dispatch" (reporting's SQL says the same): orders_to_dispatch_index.
      // An order has a delivery exactly when it has something to post (ADR 0066), so no line is looked up.
      where.push({ status: { $in: [...DISPATCH_STATUSES] } });
      where.push({ delivery: { $ne: null } });
    }
    if (query.createdFrom) where.push({ createdAt: { $gte: query.createdFrom } });
    if (query.createdBefore) where.push({ createdAt: { $lt: query.createdBefore } });
    const filter: FilterQuery<Order> = where.length ? { $and: where } : {};
    // The whole list, one status, dates with or without a status: the kept counts give the exact total at any size
    // (ADR 0077). A search or one customer's orders keep the capped count.
    if (!term && query.customerId === undefined && !query.toDispatch) {
      const total = query.createdFrom || query.createdBefore
        ? await this.rangeTotal(query.status, query.createdFrom, query.createdBefore)
        : await this.statusTotal(query.status);
      return { ...(await this.fromNearerEnd(filter, offset, limit, total)), totalExact: true };
    }
    return this.cappedPage(filter, offset, limit, exactUpTo);
  }

  /**
   * The admin's lists (ADR 0054): counting every match on every page was O(N) — 230 ms for 1M orders. Count at most
   * `exactUpTo + 1` (the list's own index walk, cut short); past that, the first pages take the planner's estimate
   * as their total, and a deep page, read from the far end, the exact count, kept a minute.
   */
  private async cappedPage(where: FilterQuery<Order>, offset: number, limit: number, exactUpTo: number): Promise<{ orders: OrderSummary[]; total: number; totalExact: boolean }> {
    // A first page with room to spare holds every match: its length is the total, no count needed (a search by
    // number or PO is mostly this — its trigram bitmap then runs once, not twice).
    const first = offset === 0 ? await this.summaries(where, NEWEST_FIRST, 0, limit) : null;
    if (first && first.length < limit) return { orders: first, total: first.length, totalExact: true };
    const counted = await this.countUpTo(where, exactUpTo + 1);
    if (counted <= exactUpTo) return { ...(first ? { orders: first, total: counted } : await this.fromNearerEnd(where, offset, limit, counted)), totalExact: true };
    if (offset + limit <= exactUpTo) {
      const orders = first ?? (await this.summaries(where, NEWEST_FIRST, offset, limit));
      return { orders, total: Math.max(exactUpTo + 1, await this.estimate(where)), totalExact: false };
    }
    const total = await this.deepTotal(where);
    return { ...(await this.fromNearerEnd(where, offset, limit, total)), totalExact: true };
  }

  /**
   * How many match, counting no further than `upTo`. Any `upTo` matches will do, so no order is asked for: with the
   * page's newest-first order the planner sorted all 10,000 orders of a 10k shop before counting them (3.4 ms against
   * 1.1 ms for the cheapest index-only scan; ADR 0071).
   */
  private async countUpTo(where: FilterQuery<Order>, upTo: number): Promise<number> {
    const { sql, params } = this.sql.createQueryBuilder(Order, 'o').select('id').where(where as QBFilterQuery<Order>).limit(upTo).toQuery();
    const [row] = await this.em.getConnection().execute<Array<{ n: number }>>(`select count(*)::int as n from (${sql}) as capped`, [...params], 'all', this.em.getTransactionContext());
    return Number(row?.n ?? 0);
  }

  private async statusTotal(status: OrderStatus | undefined): Promise<number> {
    const [row] = status === undefined ? await ALL_ORDERS_TOTAL.all(this.em, []) : await STATUS_TOTAL.all(this.em, [status]);
    return Number(row?.n ?? 0);
  }

  /**
   * How many orders (in `status`, if given) were placed in [from, before): the whole UTC days in it from
   * order_day_counts, a partial first or last day counted from the orders (orders_created_index or
   * orders_status_created_index; a day at most each side).
   */
  private async rangeTotal(status: OrderStatus | undefined, from: Date | undefined, before: Date | undefined): Promise<number> {
    const firstWholeDay = from && new Date(Math.ceil(from.getTime() / DAY_MS) * DAY_MS);
    const afterWholeDays = before && new Date(Math.floor(before.getTime() / DAY_MS) * DAY_MS);
    const inStatus = status ? ' and status = ?' : '';
    const statusParam = status ? [status] : [];
    const parts: string[] = [];
    const params: unknown[] = [];
    const countOrders = (start: Date, end: Date) => {
      parts.push(`(select count(*) from orders where created_at >= ? and created_at < ?${inStatus})`);
      params.push(start.toISOString(), end.toISOString(), ...statusParam);
    };
    if (from && before && firstWholeDay! >= afterWholeDays!) {
      countOrders(from, before); // no whole day inside: under two days of orders
    } else {
      const days: string[] = [];
      if (firstWholeDay) days.push(`day >= ?::date`);
      if (afterWholeDays) days.push(`day < ?::date`);
      parts.push(`(select coalesce(sum(orders), 0) from order_day_counts where ${[...days, 'true'].join(' and ')}${inStatus})`);
      if (firstWholeDay) params.push(firstWholeDay.toISOString().slice(0, 10));
      if (afterWholeDays) params.push(afterWholeDays.toISOString().slice(0, 10));
      params.push(...statusParam);
      if (from && firstWholeDay! > from) countOrders(from, firstWholeDay!);
      if (before && afterWholeDays! < before) countOrders(afterWholeDays!, before);
    }
    const [row] = await this.em.getConnection().execute<Array<{ n: string }>>(`select (${parts.join(' + ')})::bigint as n`, params, 'all', this.em.getTransactionContext());
    return Number(row?.n ?? 0);
  }

  /** The planner's estimate of the matches (statistics only, nothing read): "about 1,000,000". */
  private async estimate(where: FilterQuery<Order>): Promise<number> {
    const { sql, params } = this.sql.createQueryBuilder(Order, 'o').select('id').where(where as QBFilterQuery<Order>).toQuery();
    const [row] = await this.em.getConnection().execute<Array<Record<string, unknown>>>(`explain (format json) ${sql}`, [...params], 'all', this.em.getTransactionContext());
    const plan = row?.['QUERY PLAN'];
    const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as Array<{ Plan?: { 'Plan Rows'?: number } }> | undefined;
    return Math.round(parsed?.[0]?.Plan?.['Plan Rows'] ?? 0);
  }

  private async deepTotal(where: FilterQuery<Order>): Promise<number> {
    const { sql, params } = this.sql.createQueryBuilder(Order, 'o').count().where(where as QBFilterQuery<Order>).toQuery();
    const key = JSON.stringify([sql, params]);
    const now = Date.now();
    const kept = this.deepTotals.get(key);
    if (kept && kept.until > now) return kept.total;
    const total = await this.em.count(Order, where);
    this.deepTotals.delete(key);
    if (this.deepTotals.size >= DEEP_TOTALS_KEPT) this.deepTotals.delete(this.deepTotals.keys().next().value!);
    this.deepTotals.set(key, { total, until: now + DEEP_TOTAL_MS });
    return total;
  }

  /**
   * A page, newest first. An index walk to OFFSET reads every row before it, so a page in the older half is read
   * from the other end (oldest first, the same index backwards) and turned round: the last page of 1M orders costs
   * what the first does (ADR 0054). The count comes first, to know which end is nearer.
   */
  private async page(where: FilterQuery<Order>, offset: number, limit: number): Promise<{ orders: OrderSummary[]; total: number }> {
    return this.fromNearerEnd(where, offset, limit, await this.em.count(Order, where));
  }

  private async fromNearerEnd(where: FilterQuery<Order>, offset: number, limit: number, total: number): Promise<{ orders: OrderSummary[]; total: number }> {
    if (offset >= total) return { orders: [], total };
    if (offset * 2 <= total) return { orders: await this.summaries(where, NEWEST_FIRST, offset, limit), total };
    const take = Math.min(limit, total - offset);
    const orders = await this.summaries(where, OLDEST_FIRST, total - offset - take, take);
    return { orders: orders.reverse(), total };
  }

  /** A page of list rows: the columns a list shows, as plain rows (no entity, no identity map, no JSON parsed). */
  private async summaries(where: FilterQuery<Order>, orderBy: typeof NEWEST_FIRST | typeof OLDEST_FIRST, offset: number, limit: number): Promise<OrderSummary[]> {
    const { sql, params } = this.sql.createQueryBuilder(Order, 'o')
      .select(['id', 'number', 'customerId', 'status', 'createdAt', 'grandTotal', 'poNumber', 'invoiceNumber'])
      .where(where as QBFilterQuery<Order>).orderBy(orderBy).offset(offset).limit(limit).toQuery();
    const rows = await this.em.getConnection().execute<SummaryRow[]>(sql, [...params], 'all', this.em.getTransactionContext());
    return rows.map((row: SummaryRow) => ({
      id: Number(row.id), number: row.number, customerId: Number(row.customer_id), status: row.status,
      createdAt: row.created_at instanceof Date ? row.created_at : new Date(row.created_at), grandTotal: Number(row.grand_total),
      poNumber: row.po_number, invoiceNumber: row.invoice_number,
    }));
  }

  downloadLinesOf(customerId: number, statuses: readonly OrderStatus[]): Promise<DownloadLine[]> {
    return this.downloadLines('o.customer_id = ?', [customerId], statuses);
  }

  async downloadLine(customerId: number, lineId: number, statuses: readonly OrderStatus[]): Promise<DownloadLine | null> {
    const [line] = await this.downloadLines('o.customer_id = ? and l.id = ?', [customerId, lineId], statuses);
    return line ?? null;
  }

  private async downloadLines(where: string, params: unknown[], statuses: readonly OrderStatus[]): Promise<DownloadLine[]> {
    if (statuses.length === 0) return [];
    const rows = await this.em.getConnection().execute<
      Array<{ line_id: number; order_id: number; number: string; option_id: number; title: string; option_name: string; created_at: Date | string }>
    >(
      `select l.id as line_id, o.id as order_id, o.number, l.option_id, l.title, l.option_name, o.created_at
         from orders o join order_lines l on l.order_id = o.id
        where ${where} and l.kind = 'download' and o.status in (${statuses.map(() => '?').join(', ')})
        order by o.created_at desc, o.id desc, l.position asc`,
      [...params, ...statuses], 'all', this.em.getTransactionContext(),
    );
    return rows.map((row: { line_id: number; order_id: number; number: string; option_id: number; title: string; option_name: string; created_at: Date | string }) => ({
      lineId: Number(row.line_id), orderId: Number(row.order_id), orderNumber: row.number, optionId: Number(row.option_id), title: row.title,
      optionName: row.option_name, orderedAt: new Date(row.created_at),
    }));
  }
}
