import { MikroORM } from '@mikro-orm/core';
import { loadEnvironment } from '../../src/config/environment.js';
import { createOrmOptions } from '../../src/platform/persistence/orm-options.js';
import { createTestDatabase, databaseKind, type TestDatabase } from '../support/test-database.js';

const BEFORE = 'Migration20261128000300AfterSale';
const STAFF_ROLES = 'Migration20261128000500StaffRoles';
const NULLS_CHECK = 'Migration20261128002400StaffRoleCheckNulls';

/**
 * Migration 20261128000500 (ADR 0044) on a shop that had users before staff roles existed: built up to the migration
 * before it with the migrations themselves, users written as the shop wrote them then (`role` alone), then the one
 * migration run. Every administrator must keep reaching everything and no customer may gain a staff role.
 */
describe(`the staff-role backfill migration (${databaseKind})`, () => {
  let database: TestDatabase;
  let orm: MikroORM;
  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => orm.em.getConnection().execute<T[]>(query, params);
  const applied = async () => (await orm.migrator.getExecuted()).map((migration) => migration.name);

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = loadEnvironment({ NODE_ENV: 'test', LOG_LEVEL: 'warn', ...database.env });
    // No entities: the test speaks SQL, as the migrations do, so no entity of today's schema is needed.
    const options = createOrmOptions(env, []);
    orm = await MikroORM.init({ ...options, migrations: { ...options.migrations, silent: true }, allowGlobalContext: true, discovery: { warnWhenNoEntities: false } });
    await orm.migrator.up({ to: BEFORE });
  }, 60_000);
  afterAll(async () => {
    await orm?.close();
    await database?.drop();
  });

  it('gives every existing administrator the admin role and leaves customers without one', async () => {
    expect((await applied()).at(-1)).toBe(BEFORE);
    expect(await sql("select count(*)::int as count from information_schema.columns where table_name = 'users' and column_name = 'staff_role'")).toEqual([{ count: 0 }]);
    const people = [
      ['first.admin@example.com', 'admin'], ['a.customer@example.com', 'customer'], ['second.admin@example.com', 'admin'],
      ['trade.buyer@example.com', 'customer'],
    ] as const;
    for (const [email, role] of people) {
      await sql('insert into users (email, first_name, last_name, role, password_hash) values (?, ?, ?, ?, ?)', [email, 'Pat', 'Before', role, 'x']);
    }

    const ran = await orm.migrator.up({ to: STAFF_ROLES });
    expect(ran.map((migration) => migration.name)).toEqual([STAFF_ROLES]);

    expect(await sql('select email, role, staff_role from users order by email')).toEqual([
      { email: 'a.customer@example.com', role: 'customer', staff_role: null },
      { email: 'first.admin@example.com', role: 'admin', staff_role: 'admin' },
      { email: 'second.admin@example.com', role: 'admin', staff_role: 'admin' },
      { email: 'trade.buyer@example.com', role: 'customer', staff_role: null },
    ]);
  });

  it('goes down again and up again, leaving the same roles', async () => {
    expect((await orm.migrator.down()).map((migration) => migration.name)).toEqual([STAFF_ROLES]);
    expect((await applied()).at(-1)).toBe(BEFORE);
    expect(await sql("select count(*)::int as count from information_schema.columns where table_name = 'users' and column_name = 'staff_role'")).toEqual([{ count: 0 }]);
    await orm.migrator.up({ to: STAFF_ROLES });
    expect(await sql('select staff_role, count(*)::int as count from users group by staff_role order by staff_role')).toEqual([
      { staff_role: 'admin', count: 2 },
      { staff_role: null, count: 2 },
    ]);
  });

  it('keeps the two columns from disagreeing once migrated, whatever writes them — a staff role missing too (20261128002400)', async () => {
    const insert = (email: string, role: string, staffRole: string | null) =>
      sql('insert into users (email, first_name, last_name, role, staff_role) values (?, ?, ?, ?, ?)', [email, 'Pat', 'After', role, staffRole]);
    // 20261128000500's check passed an administrator without a staff role (`null in (…)` is null, and a check passes
    // on null): a hand-written statement could leave one reaching nothing.
    await insert('hand.written@example.com', 'admin', null);

    await orm.migrator.up();
    // Every migration ran, this one among them (later migrations follow it: not the last one for long).
    expect(await orm.migrator.getPending()).toEqual([]);
    expect(await applied()).toContain(NULLS_CHECK);
    expect(await sql("select staff_role from users where email = 'hand.written@example.com'")).toEqual([{ staff_role: 'admin' }]);
    await expect(insert('no.role@example.com', 'admin', null)).rejects.toThrow(/users_staff_role_check/);
    await expect(insert('customer.with.role@example.com', 'customer', 'orders')).rejects.toThrow(/users_staff_role_check/);
    await expect(insert('unknown.role@example.com', 'admin', 'owner')).rejects.toThrow(/users_staff_role_check/);
    await expect(sql("update users set role = 'customer' where email = 'first.admin@example.com'")).rejects.toThrow(/users_staff_role_check/);
    await expect(sql("update users set staff_role = null where email = 'first.admin@example.com'")).rejects.toThrow(/users_staff_role_check/);
    await insert('orders.staff@example.com', 'admin', 'orders');
    await insert('new.customer@example.com', 'customer', null);
  });
});
