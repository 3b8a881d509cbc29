import { Migration } from '@mikro-orm/migrations';

/**
 * What each order took of each option's stock (ADR 0016), so cancelling or timing out gives back exactly that,
 * once. Keyed by the order's id (the orders module owns orders; no foreign key crosses modules).
 */
export class Migration20261124000100CreateStockReservations extends Migration {
  override up(): void {
    this.addSql(`create table stock_reservations (
      order_id integer not null,
      option_id integer not null references product_options (id) on delete cascade,
      qty integer not null check (qty > 0),
      taken_at timestamptz not null default now(),
      released_at timestamptz null,
      primary key (order_id, option_id)
    );`);
    this.addSql('create index stock_reservations_option_index on stock_reservations (option_id);');
  }

  override down(): void {
    this.addSql('drop table if exists stock_reservations;');
  }
}
