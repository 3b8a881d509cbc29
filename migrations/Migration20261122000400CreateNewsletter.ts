import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000400CreateNewsletter extends Migration {
  override up(): void {
    // Addresses are stored lower-cased by the application; the index on lower(email) makes the
    // uniqueness case-insensitive even for rows written some other way.
    this.addSql(`
      create table newsletter_subscribers (
        id serial primary key,
        email varchar(254) not null,
        consented_at timestamptz not null,
        unsubscribe_token_hash char(64) not null,
        unsubscribed_at timestamptz null,
        created_at timestamptz not null default now(),
        constraint newsletter_subscribers_unsubscribe_token_hash_unique unique (unsubscribe_token_hash)
      );`);
    this.addSql('create unique index newsletter_subscribers_email_unique on newsletter_subscribers (lower(email));');
  }

  override down(): void {
    this.addSql('drop table if exists newsletter_subscribers;');
  }
}
