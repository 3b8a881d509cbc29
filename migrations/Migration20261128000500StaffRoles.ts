import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 28 item 11 (ADR 0044): staff roles. `role` stays the seed's (`admin` lets a user into the portal at all);
 * `staff_role` says which parts of it they reach. Every existing administrator keeps reaching everything
 * (`admin`); customers have none. The check keeps the two columns from disagreeing whatever writes them
 * (the API, `users:import`, a hand-written statement): staff always have a staff role, customers never.
 * No new index: nothing filters on `staff_role`; the orders role's user list filters on `role = 'customer'`, which
 * nearly every row matches, so an index there would not be used.
 */
export class Migration20261128000500StaffRoles extends Migration {
  override up(): void {
    this.addSql('alter table users add column staff_role varchar(20) null;');
    this.addSql("update users set staff_role = 'admin' where role = 'admin';");
    this.addSql(`
      alter table users add constraint users_staff_role_check check (
        (role = 'admin' and staff_role in ('admin', 'orders', 'catalogue', 'content'))
        or (role <> 'admin' and staff_role is null)
      );`);
  }

  override down(): void {
    this.addSql('alter table users drop constraint if exists users_staff_role_check;');
    this.addSql('alter table users drop column if exists staff_role;');
  }
}
