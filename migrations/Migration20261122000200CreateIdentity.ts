import { Migration } from '@mikro-orm/migrations';

/** Users, session tokens, password-reset tokens, OAuth identities (identity module). */
export class Migration20261122000200CreateIdentity extends Migration {
  override up(): void {
    this.addSql(`
      create table users (
        id serial primary key,
        email varchar(254) not null,
        password_hash varchar(255) null,
        first_name varchar(100) not null,
        last_name varchar(100) not null,
        company_name varchar(200) null,
        job_title varchar(100) null,
        phone varchar(40) null,
        vat_number varchar(20) null,
        role varchar(20) not null default 'customer' check (role in ('customer', 'admin')),
        billing_address jsonb null,
        delivery_address jsonb null,
        marketing_consent boolean not null default false,
        marketing_consent_at timestamptz null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        last_login_at timestamptz null
      );`);
    // Case-insensitive uniqueness: the application also stores e-mails lower-cased.
    this.addSql('create unique index users_email_lower_unique on users (lower(email));');
    this.addSql(`
      create table sessions (
        id serial primary key,
        user_id integer not null references users (id) on delete cascade,
        token_hash char(64) not null,
        remember boolean not null,
        created_at timestamptz not null,
        last_used_at timestamptz not null,
        expires_at timestamptz not null,
        revoked_at timestamptz null,
        user_agent varchar(300) null,
        ip varchar(64) null,
        constraint sessions_token_hash_unique unique (token_hash)
      );`);
    this.addSql('create index sessions_user_id_index on sessions (user_id);');
    this.addSql(`
      create table password_reset_tokens (
        id serial primary key,
        user_id integer not null references users (id) on delete cascade,
        email varchar(254) not null,
        token_hash char(64) not null,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        used_at timestamptz null,
        constraint password_reset_tokens_token_hash_unique unique (token_hash)
      );`);
    this.addSql('create index password_reset_tokens_user_id_index on password_reset_tokens (user_id);');
    this.addSql(`
      create table oauth_identities (
        id serial primary key,
        user_id integer not null references users (id) on delete cascade,
        provider varchar(40) not null,
        issuer varchar(255) not null,
        subject varchar(255) not null,
        created_at timestamptz not null default now(),
        constraint oauth_identities_issuer_subject_unique unique (issuer, subject)
      );`);
    this.addSql('create index oauth_identities_user_id_index on oauth_identities (user_id);');
  }

  override down(): void {
    this.addSql('drop table if exists oauth_identities;');
    this.addSql('drop table if exists password_reset_tokens;');
    this.addSql('drop table if exists sessions;');
    this.addSql('drop table if exists users;');
  }
}
