import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 27, the waiting list and partial refunds of course places (ADR 0051):
 *
 * - `training_waiting_list`: a customer waiting for a full session, once per customer and session; `notified_at` is
 *   claimed by a guarded update (`... where notified_at is null returning`) when places free up, so each waiting
 *   customer is e-mailed once however often the freeing is reported. The address is kept as it was when they joined
 *   (the e-mail goes to who asked, even if the account's address changes later — the link still needs a sign-in).
 * - `training_place_refunds`: one row per refund of part of a course line (`refunded_in_part`), keyed by the place
 *   and the change's time, so a repeated delivery of the same change gives the places back only once.
 */
export class Migration20261128001300CourseWaitingList extends Migration {
  override up(): void {
    this.addSql(`
      create table training_waiting_list (
        id serial primary key,
        session_id integer not null references training_sessions (id) on delete cascade,
        user_id integer not null,
        email varchar(320) not null,
        created_at timestamptz not null default now(),
        notified_at timestamptz null,
        constraint training_waiting_list_session_user_unique unique (session_id, user_id)
      );`);
    // The freeing of places looks for a session's customers not yet told.
    this.addSql('create index training_waiting_list_waiting_index on training_waiting_list (session_id) where notified_at is null;');
    this.addSql(`
      create table training_place_refunds (
        place_id integer not null references training_session_places (id),
        refunded_at timestamptz not null,
        qty integer not null check (qty > 0),
        created_at timestamptz not null default now(),
        primary key (place_id, refunded_at)
      );`);
  }

  override down(): void {
    this.addSql('drop table if exists training_place_refunds;');
    this.addSql('drop table if exists training_waiting_list;');
  }
}
