import { Migration } from '@mikro-orm/migrations';

/** Each status's count is kept in this many rows, an order in the one its id picks, so checkouts rarely wait for one row's lock. */
const SLOTS = 8;

const counted = (source: string, sign: '' | '-') => `select status, (id % ${SLOTS})::smallint as slot, ${sign}1 as orders from ${source}`;

/** Adds the changes up per (status, slot), in key order (two statements lock the rows they share in the same order). */
const apply = (parts: string[]) => `
  insert into order_status_counts as c (status, slot, orders)
  select status, slot, sum(orders) from (${parts.join(' union all ')}) d
  group by status, slot having sum(orders) <> 0
  order by status, slot
  on conflict (status, slot) do update set orders = c.orders + excluded.orders;`;

/**
 * How many orders are in each status, kept as orders change (issue 30 item 1, ADR 0077): the admin list counted up to
 * ORDERS_EXACT_TOTAL_UP_TO + 1 orders on every page of the whole list or of one status (1.5 ms at 10k orders, the
 * list's costliest statement) and past that showed "about" a total. With these rows both totals are exact at any size
 * and cost a few rows. Statement-level triggers with transition tables, as for the sales roll-up: in the writing
 * transaction, one upsert per statement, nothing written when no status changes.
 */
export class Migration20261128003200OrderStatusCounts extends Migration {
  override up(): void {
    this.addSql(`create table order_status_counts (
      status varchar(255) not null,
      slot smallint not null,
      orders bigint not null,
      primary key (status, slot));`);
    this.addSql(`
      create function orders_count_statuses() returns trigger language plpgsql as $$
      begin
        if tg_op = 'TRUNCATE' then
          delete from order_status_counts;
        elsif tg_op = 'INSERT' then
          ${apply([counted('new_rows', '')])}
        elsif tg_op = 'DELETE' then
          ${apply([counted('old_rows', '-')])}
        else
          ${apply([counted('new_rows', ''), counted('old_rows', '-')])}
        end if;
        return null;
      end $$;`);
    this.addSql(`create trigger orders_status_counts_insert after insert on orders
      referencing new table as new_rows for each statement execute function orders_count_statuses();`);
    this.addSql(`create trigger orders_status_counts_update after update on orders
      referencing old table as old_rows new table as new_rows for each statement execute function orders_count_statuses();`);
    this.addSql(`create trigger orders_status_counts_delete after delete on orders
      referencing old table as old_rows for each statement execute function orders_count_statuses();`);
    this.addSql(`create trigger orders_status_counts_truncate after truncate on orders
      for each statement execute function orders_count_statuses();`);
    this.addSql(apply([counted('orders', '')]));
  }

  override down(): void {
    this.addSql('drop trigger if exists orders_status_counts_truncate on orders;');
    this.addSql('drop trigger if exists orders_status_counts_delete on orders;');
    this.addSql('drop trigger if exists orders_status_counts_update on orders;');
    this.addSql('drop trigger if exists orders_status_counts_insert on orders;');
    this.addSql('drop function if exists orders_count_statuses();');
    this.addSql('drop table if exists order_status_counts;');
  }
}
