import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 30, the last two reads of the shop with history that grew with it (ADR 0066):
 * - A whole order number (`HS-1000123`) was found through the number's trigram index, whose bitmap intersects the
 *   `hs-` trigrams of every order: ~50 ms at 1M. An order number only ever holds `HS-` at its start, so "contains
 *   `HS-…`" is "starts with `HS-…`", which a b-tree in `text_pattern_ops` answers in one range read (the unique
 *   index on `number` cannot: LIKE uses a b-tree only in the C collation or with the pattern operators).
 * - "To dispatch" (orders waiting with something to post) looked up each waiting order's lines: ~9,000 probes at
 *   1M, 26–36 ms. An order has a `delivery` exactly when it has a physical line (checkout chooses one for those and
 *   only those; so does the synthetic generator), so the partial index now says `delivery is not null` too and the
 *   count reads its entries alone.
 */
export class Migration20261128002500OrderSearchAndDispatch extends Migration {
  override up(): void {
    this.addSql('create index orders_number_prefix_index on orders (number text_pattern_ops);');
    this.addSql('drop index if exists orders_to_dispatch_index;');
    this.addSql(`create index orders_to_dispatch_index on orders (created_at, id)
      where delivery is not null and status in ('awaiting_payment', 'paid', 'processing');`);
  }

  override down(): void {
    this.addSql('drop index if exists orders_to_dispatch_index;');
    this.addSql(`create index orders_to_dispatch_index on orders (created_at, id) where status in ('awaiting_payment', 'paid', 'processing');`);
    this.addSql('drop index if exists orders_number_prefix_index;');
  }
}
