import { Migration } from '@mikro-orm/migrations';

/** Blog posts (issue 5). The public list reads published posts newest first: (status, published_at desc). */
export class Migration20261122000500CreateBlog extends Migration {
  override up(): void {
    this.addSql(`
      create table blog_posts (
        id serial primary key,
        slug varchar(120) not null,
        title varchar(200) not null,
        excerpt varchar(500) not null default '',
        body text not null,
        cover_image varchar(500) null,
        status varchar(16) not null default 'draft',
        published_at timestamptz null,
        author_id integer null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        constraint blog_posts_slug_unique unique (slug),
        constraint blog_posts_status_check check (status in ('draft', 'published'))
      );`);
    this.addSql('create index blog_posts_public_list_index on blog_posts (status, published_at desc);');
  }

  override down(): void {
    this.addSql('drop table if exists blog_posts;');
  }
}
