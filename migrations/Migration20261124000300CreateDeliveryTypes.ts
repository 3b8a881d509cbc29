import { Migration } from '@mikro-orm/migrations';

/** Delivery types (issue 12): admin-managed weight bands in grams (both ends inclusive; max null = no limit). */
export class Migration20261124000300CreateDeliveryTypes extends Migration {
  override up(): void {
    this.addSql(`create table delivery_types (
      id serial primary key,
      name varchar(120) not null unique,
      price integer not null check (price >= 0),
      min_weight integer not null default 0 check (min_weight >= 0),
      max_weight integer null check (max_weight is null or max_weight >= min_weight),
      active boolean not null default true,
      sort_order integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );`);
  }

  override down(): void {
    this.addSql('drop table if exists delivery_types;');
  }
}
