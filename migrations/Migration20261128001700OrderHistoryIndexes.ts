import { Migration } from '@mikro-orm/migrations';

/**
 * A shop with history (issue 30, ADR 0054): at 1M orders the admin's order search (`number` or `po_number`
 * containing the term, ILIKE '%…%') read every order; trigram indexes answer it (pg_trgm is already there for the
 * catalogue's search, in PostgreSQL and PGlite), and with the e-mail's customers (`orders_customer_index`) the
 * planner ORs the three bitmaps. The status filter (newest first, often within dates) walks its own index rather
 * than every order of the period. `orders_po_number_index` (lower(po_number)) is left as it is.
 */
export class Migration20261128001700OrderHistoryIndexes extends Migration {
  override up(): void {
    this.addSql('create extension if not exists pg_trgm;');
    this.addSql('create index orders_number_trgm_index on orders using gin (number gin_trgm_ops);');
    this.addSql('create index orders_po_number_trgm_index on orders using gin (po_number gin_trgm_ops) where po_number is not null;');
    this.addSql('create index orders_status_created_index on orders (status, created_at desc, id desc);');
  }

  override down(): void {
    this.addSql('drop index if exists orders_status_created_index;');
    this.addSql('drop index if exists orders_po_number_trgm_index;');
    this.addSql('drop index if exists orders_number_trgm_index;');
  }
}
