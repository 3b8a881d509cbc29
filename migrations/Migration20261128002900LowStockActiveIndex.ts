import { Migration } from '@mikro-orm/migrations';

/**
 * The dashboard's low-stock count (issue 30 item 1, ADR 0072): the options it counts are the active ones, and the
 * index held every option with a limited stock, so the count fetched each low option's row to read `active` — 285
 * heap pages for 912 options at the bench's 10k products, ~0.8 ms of a dashboard's PostgreSQL time. With `active` in
 * the index's predicate the count reads the index alone; the list of the lowest five walks it in (qty, id) order as
 * before. Nothing else uses this index.
 */
export class Migration20261128002900LowStockActiveIndex extends Migration {
  override up(): void {
    this.addSql('drop index if exists product_options_low_stock_index;');
    this.addSql('create index product_options_low_stock_index on product_options (qty, id) where qty is not null and active;');
  }

  override down(): void {
    this.addSql('drop index if exists product_options_low_stock_index;');
    this.addSql('create index product_options_low_stock_index on product_options (qty, id) where qty is not null;');
  }
}
