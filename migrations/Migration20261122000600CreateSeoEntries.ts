import { Migration } from '@mikro-orm/migrations';

/** SEO entries by path (content module). */
export class Migration20261122000600CreateSeoEntries extends Migration {
  override up(): void {
    this.addSql(`
      create table seo_entries (
        id serial primary key,
        path varchar(300) not null,
        title varchar(200) not null,
        description varchar(500) not null,
        canonical_url varchar(500) null,
        share_image varchar(500) null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        constraint seo_entries_path_unique unique (path)
      );`);
  }

  override down(): void {
    this.addSql('drop table if exists seo_entries;');
  }
}
