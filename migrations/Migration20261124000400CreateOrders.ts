import { Migration } from '@mikro-orm/migrations';

const STATUSES = `('pending_payment', 'paid', 'processing', 'dispatched', 'completed', 'cancelled', 'refunded')`;

/**
 * Orders (issue 12): the order with its snapshotted addresses, delivery and totals (integer pence); its lines;
 * its status history; and the payment events already applied (the webhook's idempotency: a unique row per
 * provider event, inserted with `on conflict do nothing`). Order numbers come from a sequence: unique and
 * increasing, with gaps when a checkout rolls back (invoice numbers, which must be gap-free, come in part 2).
 * Users are held by id without a foreign key, like every id that crosses a module (identity owns users).
 */
export class Migration20261124000400CreateOrders extends Migration {
  override up(): void {
    this.addSql('create sequence order_number_seq start with 100001;');
    this.addSql(`create table orders (
      id serial primary key,
      number varchar(20) not null unique,
      customer_id integer not null,
      status varchar(20) not null check (status in ${STATUSES}),
      billing_address jsonb not null,
      delivery_address jsonb null,
      delivery jsonb null,
      subtotal integer not null,
      delivery_total integer not null,
      vat integer not null,
      grand_total integer not null,
      po_number varchar(60) null,
      notes text null,
      payment_method varchar(20) not null,
      payment_provider varchar(20) null,
      payment_reference varchar(200) null,
      paid_at timestamptz null,
      tracking_number varchar(60) null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );`);
    this.addSql('create index orders_customer_index on orders (customer_id, created_at desc, id desc);');
    this.addSql('create index orders_created_index on orders (created_at desc, id desc);');
    this.addSql('create unique index orders_payment_reference_unique on orders (payment_provider, payment_reference);');
    this.addSql('create index orders_po_number_index on orders (lower(po_number));');
    this.addSql(`create table order_lines (
      id serial primary key,
      order_id integer not null references orders (id) on delete cascade,
      position integer not null,
      product_id integer not null,
      option_id integer not null,
      title varchar(200) not null,
      option_name varchar(120) not null,
      code varchar(64) not null,
      kind varchar(16) not null,
      unit_price integer not null check (unit_price >= 0),
      qty integer not null check (qty > 0),
      line_total integer not null
    );`);
    this.addSql('create index order_lines_order_index on order_lines (order_id, position);');
    this.addSql(`create table order_history (
      id serial primary key,
      order_id integer not null references orders (id) on delete cascade,
      from_status varchar(20) null check (from_status in ${STATUSES}),
      to_status varchar(20) not null check (to_status in ${STATUSES}),
      at timestamptz not null default now(),
      note text null,
      actor_id integer null
    );`);
    this.addSql('create index order_history_order_index on order_history (order_id, at, id);');
    this.addSql(`create table payment_events (
      provider varchar(20) not null,
      event_id varchar(200) not null,
      type varchar(100) not null,
      order_id integer null references orders (id) on delete set null,
      outcome varchar(40) not null,
      received_at timestamptz not null default now(),
      primary key (provider, event_id)
    );`);
  }

  override down(): void {
    this.addSql('drop table if exists payment_events;');
    this.addSql('drop table if exists order_history;');
    this.addSql('drop table if exists order_lines;');
    this.addSql('drop table if exists orders;');
    this.addSql('drop sequence if exists order_number_seq;');
  }
}
