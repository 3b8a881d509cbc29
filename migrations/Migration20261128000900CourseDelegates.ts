import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 27, the delegates' table, shared by the later slices (delegates, register, changes), written first so they
 * build on one shape:
 *
 * - one row per place bought (`seat_no` 1..qty of its `training_session_places` row), made when the customer names
 *   the person who attends (`PUT /api/orders/{id}/delegates`); the session is the place's (`training_session_places.
 *   session_id`), so a transfer to another date moves the place and its delegates with it.
 * - `joining_sent_at` / `reminder_sent_at`: the joining instructions and the reminder 2 days before, each sent once
 *   (a guarded update claims the send: `... where reminder_sent_at is null returning`), across instances.
 * - `attended_at` / `attendance_marked_by` / `certificate_code`: the register (staff mark attendance; an attended
 *   delegate gets one certificate from the training module's `CertificateService`).
 */
export class Migration20261128000900CourseDelegates extends Migration {
  override up(): void {
    this.addSql(`
      create table training_delegates (
        id serial primary key,
        place_id integer not null references training_session_places (id),
        seat_no integer not null check (seat_no > 0),
        name varchar(200) not null,
        email varchar(320) not null,
        joining_sent_at timestamptz null,
        reminder_sent_at timestamptz null,
        attended_at timestamptz null,
        attendance_marked_by integer null,
        certificate_code varchar(32) null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        constraint training_delegates_place_seat_unique unique (place_id, seat_no)
      );`);
    // The reminder sweep looks for delegates of sessions starting within two days whose reminder is not yet sent.
    this.addSql('create index training_delegates_reminder_pending_index on training_delegates (place_id) where reminder_sent_at is null;');
  }

  override down(): void {
    this.addSql('drop table if exists training_delegates;');
  }
}
