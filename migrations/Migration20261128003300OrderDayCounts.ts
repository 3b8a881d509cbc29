import { Migration } from '@mikro-orm/migrations';

/** Each (day, status) count is kept in this many rows, an order in the one its id picks, so checkouts rarely wait for one row's lock. */
const SLOTS = 8;

const counted = (source: string, sign: '' | '-') =>
  `select (created_at at time zone 'UTC')::date as day, status, (id % ${SLOTS})::smallint as slot, ${sign}1 as orders from ${source}`;

/** Adds the changes up per (day, status, slot), in key order (two statements lock the rows they share in the same order). */
const apply = (parts: string[]) => `
  insert into order_day_counts as c (day, status, slot, orders)
  select day, status, slot, sum(orders) from (${parts.join(' union all ')}) d
  group by day, status, slot having sum(orders) <> 0
  order by day, status, slot
  on conflict (day, status, slot) do update set orders = c.orders + excluded.orders;`;

/**
 * How many orders were placed on each UTC day in each status, kept as orders change (issue 30 item 1, ADR 0077): the
 * admin list filtered by dates (a month, a year; with or without a status) counted up to ORDERS_EXACT_TOTAL_UP_TO + 1
 * orders on every page — 3–4 ms at 1M orders, where a month holds ~17,000 — and past that showed "about" a total.
 * The list's dates are UTC days (`from`, `to`), so whole days come from here and only a partial first or last day
 * from the orders. The same statement-level triggers as the other two roll-ups.
 */
export class Migration20261128003300OrderDayCounts extends Migration {
  override up(): void {
    this.addSql(`create table order_day_counts (
      day date not null,
      status varchar(255) not null,
      slot smallint not null,
      orders bigint not null,
      primary key (day, status, slot));`);
    this.addSql(`
      create function orders_count_days() returns trigger language plpgsql as $$
      begin
        if tg_op = 'TRUNCATE' then
          delete from order_day_counts;
        elsif tg_op = 'INSERT' then
          ${apply([counted('new_rows', '')])}
        elsif tg_op = 'DELETE' then
          ${apply([counted('old_rows', '-')])}
        else
          ${apply([counted('new_rows', ''), counted('old_rows', '-')])}
        end if;
        return null;
      end $$;`);
    this.addSql(`create trigger orders_day_counts_insert after insert on orders
      referencing new table as new_rows for each statement execute function orders_count_days();`);
    this.addSql(`create trigger orders_day_counts_update after update on orders
      referencing old table as old_rows new table as new_rows for each statement execute function orders_count_days();`);
    this.addSql(`create trigger orders_day_counts_delete after delete on orders
      referencing old table as old_rows for each statement execute function orders_count_days();`);
    this.addSql(`create trigger orders_day_counts_truncate after truncate on orders
      for each statement execute function orders_count_days();`);
    this.addSql(apply([counted('orders', '')]));
  }

  override down(): void {
    this.addSql('drop trigger if exists orders_day_counts_truncate on orders;');
    this.addSql('drop trigger if exists orders_day_counts_delete on orders;');
    this.addSql('drop trigger if exists orders_day_counts_update on orders;');
    this.addSql('drop trigger if exists orders_day_counts_insert on orders;');
    this.addSql('drop function if exists orders_count_days();');
    this.addSql('drop table if exists order_day_counts;');
  }
}
