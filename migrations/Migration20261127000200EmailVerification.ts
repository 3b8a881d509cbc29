import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 25 item 2 (ADR 0033): the shop records when it saw proof that an account's holder controls its e-mail
 * address, and keeps the single-use links it mails for that proof (hashed, like password-reset links). Existing
 * accounts start unverified — nothing proved their address — except those created by an OpenID Connect sign-in
 * (no password, a linked identity): the provider vouched for the address when the account was made.
 */
export class Migration20261127000200EmailVerification extends Migration {
  override up(): void {
    this.addSql('alter table users add column email_verified_at timestamptz null;');
    this.addSql(`
      update users set email_verified_at = created_at
       where password_hash is null and exists (select 1 from oauth_identities where oauth_identities.user_id = users.id);`);
    this.addSql(`
      create table email_verification_tokens (
        id serial primary key,
        user_id integer not null references users (id) on delete cascade,
        email varchar(254) not null,
        token_hash char(64) not null,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        used_at timestamptz null,
        constraint email_verification_tokens_token_hash_unique unique (token_hash)
      );`);
    this.addSql('create index email_verification_tokens_user_id_index on email_verification_tokens (user_id);');
  }

  override down(): void {
    this.addSql('drop table if exists email_verification_tokens;');
    this.addSql('alter table users drop column if exists email_verified_at;');
  }
}
