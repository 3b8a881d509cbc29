import { Migration } from '@mikro-orm/migrations';

/**
 * A shop with history, its admin reads at 1M orders (issue 30, ADR 0054). The admin's order search also matches
 * the customers whose e-mail contains the term; identity found them with its user list's search (e-mail, names
 * and company, ILIKE '%…%'), a scan of every user: 90–160 ms at 50k customers on every search. Orders now ask
 * identity for the ids of users whose e-mail contains the term, which this trigram index answers (pg_trgm is
 * installed in PostgreSQL and PGlite alike). `lower(email)`, as the unique index: addresses are compared
 * case-insensitively everywhere.
 */
export class Migration20261128001900OrderTotalsAndUserSearch extends Migration {
  override up(): void {
    this.addSql('create extension if not exists pg_trgm;');
    this.addSql('create index users_email_trgm_index on users using gin (lower(email) gin_trgm_ops);');
  }

  override down(): void {
    this.addSql('drop index if exists users_email_trgm_index;');
  }
}
