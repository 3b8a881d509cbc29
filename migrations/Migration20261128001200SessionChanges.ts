import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 27, changes (ADR 0050): when staff cancel or move a session, each place it holds is marked as waiting for the
 * buyer's choice — keep the new date (moved only), another date (transfer) or a refund (a credit note).
 *
 * - `change_kind`: 'cancelled' or 'moved', the latest change of the place's session the buyer has not answered yet.
 * - `change_from_label`: the date and place the buyer bought ("Tue 12 Jan 2027, 09:30–16:30, Leeds"), kept across a
 *   second move so the order page says what it was.
 * - `change_resolution` / `change_resolved_at`: the buyer's answer ('transferred' or 'refunded'), once; a later
 *   change of the (new) session asks again.
 */
export class Migration20261128001200SessionChanges extends Migration {
  override up(): void {
    this.addSql(`alter table training_session_places
      add column change_kind varchar(16) null check (change_kind in ('cancelled', 'moved')),
      add column change_from_label varchar(300) null,
      add column change_resolution varchar(16) null check (change_resolution in ('transferred', 'refunded')),
      add column change_resolved_at timestamptz null;`);
  }

  override down(): void {
    this.addSql(`alter table training_session_places
      drop column if exists change_resolved_at, drop column if exists change_resolution,
      drop column if exists change_from_label, drop column if exists change_kind;`);
  }
}
