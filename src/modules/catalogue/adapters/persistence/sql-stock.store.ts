import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { PreparedStatement } from '../../../../platform/persistence/index.js';
import type { LowStockRow, PurchasableOptionRow, StockLine, StockStore } from '../../application/ports/stock-store.port.js';

type LowStockSqlRow = Omit<LowStockRow, 'option_id'> & { option_id: number | null; count: number };
/**
 * Options by id with their product, for a basket, a checkout or the records' refresher links: by primary key whatever
 * the ids, so prepared (ADR 0079): PostgreSQL spent longer planning the join than running it.
 */
const DESCRIBE_OPTIONS = new PreparedStatement<PurchasableOptionRow>('catalogue_describe_options', `
  select o.id, o.product_id, p.slug as product_slug, p.title as product_title, o.name, o.code, o.kind, o.price,
         o.weight, o.qty, o.file_id, o.seats, (o.active and p.status = 'published') as for_sale
  from product_options o join products p on p.id = o.product_id
  where o.id = any(?::int[])`);

/**
 * product_options_low_stock_index: (qty, id) where qty is not null and active — the count reads the index alone, the
 * lowest rows walk it in order (ADR 0072). One statement: the count's row, joined to the page's rows if any. Prepared,
 * with the threshold and the limit in the text (ADR 0077): as parameters, PostgreSQL's generic plan guessed a third of
 * the index and cost more than the planned one, so it planned every time (0.34 ms, more than running it). The
 * dashboard asks with one pair of constants, so there is one statement.
 */
const lowStockStatements = new Map<string, PreparedStatement<LowStockSqlRow>>();
function lowStockStatement(threshold: number, limit: number): PreparedStatement<LowStockSqlRow> {
  if (!Number.isSafeInteger(threshold) || !Number.isSafeInteger(limit) || threshold < 0 || limit < 0) throw new RangeError('A threshold and a limit are whole numbers.');
  const key = `${threshold}_${limit}`;
  let statement = lowStockStatements.get(key);
  if (!statement) {
    statement = new PreparedStatement<LowStockSqlRow>(`catalogue_low_stock_${key}`, `
      with low as (select o.id, o.name, o.code, o.qty, o.product_id from product_options o
                   where o.qty is not null and o.qty <= ${threshold} and o.active order by o.qty, o.id limit ${limit})
      select c.count, low.id as option_id, low.name as option_name, low.code, low.qty, p.id as product_id, p.title as product_title
      from (select count(*)::int as count from product_options where qty is not null and qty <= ${threshold} and active) c
      left join low on true left join products p on p.id = low.product_id
      order by low.qty, low.id`);
    lowStockStatements.set(key, statement);
  }
  return statement;
}

/**
 * Stock in SQL (ADR 0016): a conditional `update … set qty = qty - n where qty >= n` takes stock atomically (the
 * row lock of the update serialises racing buyers; the loser's re-checked condition fails), and every take is
 * recorded in `stock_reservations` under its order, so giving it back is exact and happens once.
 */
@Injectable()
export class SqlStockStore implements StockStore {
  constructor(private readonly em: EntityManager) {}

  describe(optionIds: readonly number[]): Promise<PurchasableOptionRow[]> {
    if (optionIds.length === 0) return Promise.resolve([]);
    return DESCRIBE_OPTIONS.all(this.em, [`{${optionIds.map((id) => Math.trunc(id)).join(',')}}`]).then((rows) => rows.map((row) => ({ ...row, id: Number(row.id), product_id: Number(row.product_id) })));
  }

  async take(orderId: number, line: StockLine): Promise<boolean> {
    // Unlimited options (qty null) are recorded too, so a release never has to guess what was taken.
    const taken = await this.query<{ id: number }>(
      `update product_options set qty = case when qty is null then null else qty - ? end
       where id = ? and active and (qty is null or qty >= ?)
       returning id`,
      [line.qty, line.optionId, line.qty],
    );
    if (taken.length === 0) return false;
    await this.query(
      `insert into stock_reservations (order_id, option_id, qty) values (?, ?, ?)
       on conflict (order_id, option_id) do update set qty = stock_reservations.qty + excluded.qty`,
      [orderId, line.optionId, line.qty],
    );
    return true;
  }

  async idsOfKind(kind: string, limit: number): Promise<number[]> {
    const rows = await this.query<{ id: number }>(
      `select o.id from product_options o join products p on p.id = o.product_id
       where o.kind = ? and o.active and p.status = 'published' order by o.id limit ?`,
      [kind, limit],
    );
    return rows.map((row) => Number(row.id));
  }

  async lowStock(threshold: number, limit: number): Promise<{ count: number; rows: LowStockRow[] }> {
    const rows = await lowStockStatement(threshold, limit).all(this.em, []);
    return {
      count: Number(rows[0]?.count ?? 0),
      rows: rows.filter((row) => row.option_id !== null).map((row) => ({
        option_id: Number(row.option_id), option_name: row.option_name, code: row.code, qty: Number(row.qty), product_id: Number(row.product_id), product_title: row.product_title,
      })),
    };
  }

  async giveBack(orderId: number): Promise<StockLine[]> {
    // Marking the rows released and adding the quantities back is one statement: a second call (a retried job,
    // an admin cancelling what the timeout cancelled) finds nothing left to release.
    const rows = await this.query<{ option_id: number; qty: number }>(
      `with released as (
         update stock_reservations set released_at = now()
         where order_id = ? and released_at is null
         returning option_id, qty
       ), restocked as (
         update product_options o set qty = o.qty + r.qty
         from released r where o.id = r.option_id and o.qty is not null
         returning o.id
       )
       select option_id, qty from released`,
      [orderId],
    );
    return rows.map((row) => ({ optionId: Number(row.option_id), qty: Number(row.qty) }));
  }

  async settle(orderId: number, line: StockLine, restock: boolean): Promise<void> {
    // The caller holds the order's row lock, so nothing else changes this order's reservation meanwhile.
    const [held] = await this.query<{ qty: number }>(
      'select qty from stock_reservations where order_id = ? and option_id = ? and released_at is null for update', [orderId, line.optionId],
    );
    const settled = Math.min(Number(held?.qty ?? 0), line.qty);
    if (settled <= 0) return;
    // The last units close the reservation (its qty stays positive, as its check wants); the others shrink it.
    await this.query(
      settled === Number(held!.qty)
        ? 'update stock_reservations set released_at = now() where order_id = ? and option_id = ? and ? > 0'
        : 'update stock_reservations set qty = qty - ? where order_id = ? and option_id = ?',
      settled === Number(held!.qty) ? [orderId, line.optionId, settled] : [settled, orderId, line.optionId],
    );
    if (restock) await this.query('update product_options set qty = qty + ? where id = ? and qty is not null', [settled, line.optionId]);
  }

  private query<Row>(sql: string, params: unknown[]): Promise<Row[]> {
    return this.em.getConnection().execute<Row[]>(sql, params, 'all', this.em.getTransactionContext());
  }
}
