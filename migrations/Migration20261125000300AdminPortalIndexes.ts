import { Migration } from '@mikro-orm/migrations';

/**
 * The Administration Portal's reads (issue 14): the user page's "widgets" tab (a user's last edits, newest
 * first), the newsletter list (newest sign-up first), and the dashboard's orders waiting for dispatch (paid or
 * processing, oldest first) and low-stock options (limited stock, lowest first). The other
 * dashboard figures already have theirs: sales by `orders_created_index`, overdue invoices by
 * `orders_unpaid_invoices_index`.
 */
export class Migration20261125000300AdminPortalIndexes extends Migration {
  override up(): void {
    this.addSql('create index widgets_updated_by_index on widgets (updated_by, updated_at desc, id desc) where updated_by is not null;');
    this.addSql('create index newsletter_subscribers_created_index on newsletter_subscribers (created_at desc, id desc);');
    this.addSql(`create index orders_to_dispatch_index on orders (created_at, id) where status in ('paid', 'processing');`);
    this.addSql('create index product_options_low_stock_index on product_options (qty, id) where qty is not null;');
  }

  override down(): void {
    this.addSql('drop index if exists product_options_low_stock_index;');
    this.addSql('drop index if exists orders_to_dispatch_index;');
    this.addSql('drop index if exists newsletter_subscribers_created_index;');
    this.addSql('drop index if exists widgets_updated_by_index;');
  }
}
