import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 27, first slice (ADR 0046): dated sessions of `course` options and the places orders take from them.
 *
 * - `training_sessions`: capacity and `places_taken` on the row, so checkout takes a place with one guarded update
 *   (`places_taken + qty <= capacity`), as stock does. Listed by option and date, and by date for the portal.
 * - `training_session_places`: which order line holds how many places of which session, keyed by the order line
 *   (one row per line), so a cancelled or refunded order gives its places back once (`released_at`).
 * - `basket_items.booking_ref` and `order_lines.booking_ref` / `booking_label`: an opaque reference (the session's
 *   id, for a course line) and the words that describe it ("Tue 12 Jan 2027, 09:30–16:30, Leeds"). The basket and
 *   orders carry and show them without knowing what a session is. One option may now sit on two basket lines (two
 *   dates), so the basket's unique key includes the reference.
 */
export class Migration20261128000700CourseSessions extends Migration {
  override up(): void {
    this.addSql(`
      create table training_sessions (
        id serial primary key,
        product_id integer not null,
        option_id integer not null,
        starts_at timestamptz not null,
        ends_at timestamptz not null,
        venue varchar(300) null,
        online boolean not null default false,
        joining_url varchar(2000) null,
        capacity integer not null check (capacity > 0),
        places_taken integer not null default 0 check (places_taken >= 0 and places_taken <= capacity),
        notes text null,
        status varchar(16) not null default 'scheduled' check (status in ('scheduled', 'cancelled')),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        check (ends_at > starts_at)
      );`);
    this.addSql('create index training_sessions_option_id_starts_at_index on training_sessions (option_id, starts_at);');
    this.addSql('create index training_sessions_starts_at_index on training_sessions (starts_at);');
    this.addSql(`
      create table training_session_places (
        id serial primary key,
        session_id integer not null references training_sessions (id),
        order_id integer not null,
        order_line_id integer not null,
        customer_id integer not null,
        qty integer not null check (qty > 0),
        released_at timestamptz null,
        created_at timestamptz not null default now(),
        constraint training_session_places_order_line_id_unique unique (order_line_id)
      );`);
    this.addSql('create index training_session_places_order_id_index on training_session_places (order_id);');
    this.addSql('create index training_session_places_session_id_index on training_session_places (session_id);');

    this.addSql('alter table basket_items add column booking_ref varchar(64) null;');
    this.addSql('alter table basket_items drop constraint basket_items_basket_id_option_id_key;');
    this.addSql(`create unique index basket_items_line_unique on basket_items (basket_id, option_id, (coalesce(booking_ref, '')));`);
    this.addSql('alter table order_lines add column booking_ref varchar(64) null;');
    this.addSql('alter table order_lines add column booking_label varchar(300) null;');
  }

  override down(): void {
    this.addSql('alter table order_lines drop column if exists booking_label;');
    this.addSql('alter table order_lines drop column if exists booking_ref;');
    this.addSql('drop index if exists basket_items_line_unique;');
    this.addSql('alter table basket_items drop column if exists booking_ref;');
    this.addSql('alter table basket_items add constraint basket_items_basket_id_option_id_key unique (basket_id, option_id);');
    this.addSql('drop table if exists training_session_places;');
    this.addSql('drop table if exists training_sessions;');
  }
}
