import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000100CreateWidgets extends Migration {
  override up(): void {
    // The catalogue's typo-tolerant search needs trigrams; both PostgreSQL and PGlite ship the extension.
    this.addSql('create extension if not exists pg_trgm;');
    this.addSql(`
      create table widgets (
        id serial primary key,
        name varchar(100) not null,
        html text not null,
        updated_by integer null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        constraint widgets_name_unique unique (name)
      );`);
  }

  override down(): void {
    this.addSql('drop table if exists widgets;');
  }
}
