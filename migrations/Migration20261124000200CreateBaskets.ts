import { Migration } from '@mikro-orm/migrations';

/**
 * Server-side baskets (product.md "Basket module"): a guest's is found by the SHA-256 of the token in its cookie
 * (the token itself is never stored), a customer's by user id. Items keep the price seen when last touched, so
 * the basket can say when the catalogue's price changed since. No foreign key to product options: the basket
 * holds ids of another module and reads options through the catalogue's index.
 */
export class Migration20261124000200CreateBaskets extends Migration {
  override up(): void {
    this.addSql(`create table baskets (
      id serial primary key,
      token_hash char(64) null unique,
      user_id integer null unique references users (id) on delete cascade,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check ((token_hash is null) <> (user_id is null))
    );`);
    this.addSql(`create table basket_items (
      id serial primary key,
      basket_id integer not null references baskets (id) on delete cascade,
      option_id integer not null,
      qty integer not null check (qty > 0),
      price_seen integer not null,
      added_at timestamptz not null default now(),
      unique (basket_id, option_id)
    );`);
    // Guest baskets left alone for longer than the cookie lives are swept by updated_at.
    this.addSql('create index baskets_guest_updated_index on baskets (updated_at) where user_id is null;');
  }

  override down(): void {
    this.addSql('drop table if exists basket_items;');
    this.addSql('drop table if exists baskets;');
  }
}
