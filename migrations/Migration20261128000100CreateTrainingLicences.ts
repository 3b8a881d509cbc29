import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 26, first slice (ADR 0040): the licences a paid (or on-account) `online_access` order line gives, the seats
 * taken from them (`training_enrolments`: one row per invited learner, the API's "learner"), and the assessment
 * attempts of the learning slice that follows. Other modules' rows (orders, order lines, customers, products,
 * options, users) are held by id without foreign keys, as everywhere between modules.
 *
 * The enrolment already holds the columns the learning slice writes (position, watched seconds and ranges, last
 * progress), so that slice adds behaviour, not a migration of a table full of learners.
 */
export class Migration20261128000100CreateTrainingLicences extends Migration {
  override up(): void {
    this.addSql(`
      create table training_licences (
        id serial primary key,
        order_id integer not null,
        order_line_id integer not null,
        customer_id integer not null,
        product_id integer not null,
        option_id integer not null,
        seats integer not null check (seats > 0),
        revoked_at timestamptz null,
        created_at timestamptz not null default now(),
        constraint training_licences_order_line_id_unique unique (order_line_id)
      );`);
    this.addSql('create index training_licences_customer_id_index on training_licences (customer_id, id);');
    this.addSql('create index training_licences_order_id_index on training_licences (order_id);');
    this.addSql(`
      create table training_enrolments (
        id serial primary key,
        licence_id integer not null references training_licences (id) on delete cascade,
        email varchar(254) not null,
        name varchar(200) null,
        user_id integer null,
        status varchar(16) not null check (status in ('invited', 'enrolled', 'completed', 'withdrawn', 'revoked')),
        invitation_token_hash char(64) null,
        invitation_expires_at timestamptz null,
        invited_at timestamptz not null default now(),
        enrolled_at timestamptz null,
        completed_at timestamptz null,
        score integer null,
        certificate_code varchar(64) null,
        position_seconds integer not null default 0,
        watched_seconds integer not null default 0,
        watched_ranges jsonb not null default '[]',
        last_progress_at timestamptz null,
        constraint training_enrolments_invitation_token_hash_unique unique (invitation_token_hash)
      );`);
    // The seat count and the learners of a licence (live seats: invited, enrolled, completed).
    this.addSql('create index training_enrolments_licence_status_index on training_enrolments (licence_id, status);');
    this.addSql('create index training_enrolments_user_id_index on training_enrolments (user_id) where user_id is not null;');
    this.addSql('create index training_enrolments_email_index on training_enrolments (email);');
    // One live seat per address and licence, even if a future code path forgot the licence's row lock.
    this.addSql(`create unique index training_enrolments_live_email_unique on training_enrolments (licence_id, email)
                 where status in ('invited', 'enrolled', 'completed');`);
    this.addSql(`
      create table training_attempts (
        id serial primary key,
        enrolment_id integer not null references training_enrolments (id) on delete cascade,
        attempted_at timestamptz not null default now(),
        score integer not null,
        passed boolean not null
      );`);
    this.addSql('create index training_attempts_enrolment_index on training_attempts (enrolment_id, attempted_at);');
  }

  override down(): void {
    this.addSql('drop table if exists training_attempts;');
    this.addSql('drop table if exists training_enrolments;');
    this.addSql('drop table if exists training_licences;');
  }
}
