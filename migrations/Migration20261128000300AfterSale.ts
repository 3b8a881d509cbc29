import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 28. An order on account waits for dispatch from the moment it is placed (`awaiting_payment`), so the
 * dashboard's partial index over orders to dispatch takes that status in too (DISPATCH_STATUSES, order-process.ts).
 * Notes on transitions are internal unless staff tick "show to the customer": every note written so far (payment
 * references, staff's remarks) stays internal.
 */
export class Migration20261128000300AfterSale extends Migration {
  override up(): void {
    this.addSql('drop index if exists orders_to_dispatch_index;');
    this.addSql(`create index orders_to_dispatch_index on orders (created_at, id) where status in ('awaiting_payment', 'paid', 'processing');`);
    this.addSql('alter table order_history add column visible_to_customer boolean not null default false;');
  }

  override down(): void {
    this.addSql('alter table order_history drop column visible_to_customer;');
    this.addSql('drop index if exists orders_to_dispatch_index;');
    this.addSql(`create index orders_to_dispatch_index on orders (created_at, id) where status in ('paid', 'processing');`);
  }
}
