import { Migration } from '@mikro-orm/migrations';

const STATUSES = `('pending_payment', 'awaiting_payment', 'paid', 'processing', 'dispatched', 'completed', 'cancelled', 'refunded')`;

/**
 * Pay on account (issue 13): staff give a customer account terms; such a customer's "invoice" orders wait in
 * `awaiting_payment` (invoiced at once, due in 30 days) until staff record the BACS payments, which add up in
 * `order_payments` until they cover the order. The status checks learn the new status.
 */
export class Migration20261125000200PayOnAccount extends Migration {
  override up(): void {
    this.addSql('alter table users add column account_terms boolean not null default false;');
    this.addSql('alter table orders drop constraint if exists orders_status_check;');
    this.addSql(`alter table orders add constraint orders_status_check check (status in ${STATUSES});`);
    this.addSql('alter table order_history drop constraint if exists order_history_from_status_check;');
    this.addSql(`alter table order_history add constraint order_history_from_status_check check (from_status in ${STATUSES});`);
    this.addSql('alter table order_history drop constraint if exists order_history_to_status_check;');
    this.addSql(`alter table order_history add constraint order_history_to_status_check check (to_status in ${STATUSES});`);
    this.addSql(`create table order_payments (
      id serial primary key,
      order_id integer not null references orders (id) on delete cascade,
      amount integer not null check (amount > 0),
      reference varchar(100) not null,
      method varchar(20) not null,
      recorded_by integer null,
      received_at timestamptz not null default now()
    );`);
    this.addSql('create index order_payments_order_index on order_payments (order_id, id);');
    // The dashboard's overdue invoices: unpaid on-account orders by invoice date.
    this.addSql(`create index orders_unpaid_invoices_index on orders (invoice_date) where payment_method = 'invoice' and paid_at is null;`);
  }

  override down(): void {
    this.addSql('drop index if exists orders_unpaid_invoices_index;');
    this.addSql('drop table if exists order_payments;');
    this.addSql('alter table users drop column account_terms;');
  }
}
