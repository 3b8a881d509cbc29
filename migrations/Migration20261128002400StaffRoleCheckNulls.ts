import { Migration } from '@mikro-orm/migrations';

const STAFF_ROLES = "('admin', 'orders', 'catalogue', 'content')";

/**
 * Issue 30 (ADR 0063): migration 20261128000500's check let an administrator without a staff role through. For
 * `role = 'admin'` and `staff_role` null its first branch is null (`null in (…)`) and its second false, and a check
 * passes on null. The API never wrote such a row, a hand-written statement could: such an administrator is given
 * `admin`, as 20261128000500 gave every administrator, and the check now says `is not null`.
 */
export class Migration20261128002400StaffRoleCheckNulls extends Migration {
  override up(): void {
    this.addSql("update users set staff_role = 'admin' where role = 'admin' and staff_role is null;");
    this.addSql('alter table users drop constraint users_staff_role_check;');
    this.addSql(`
      alter table users add constraint users_staff_role_check check (
        (role = 'admin' and staff_role is not null and staff_role in ${STAFF_ROLES})
        or (role <> 'admin' and staff_role is null)
      );`);
  }

  override down(): void {
    this.addSql('alter table users drop constraint users_staff_role_check;');
    this.addSql(`
      alter table users add constraint users_staff_role_check check (
        (role = 'admin' and staff_role in ${STAFF_ROLES})
        or (role <> 'admin' and staff_role is null)
      );`);
  }
}
