import { MikroORM } from '@mikro-orm/core';
import { loadEnvironment } from '../../src/config/environment.js';
import { createOrmOptions } from '../../src/platform/persistence/orm-options.js';
import { runShop } from '../support/server-process.js';
import { createTestDatabase, databaseKind, type TestDatabase } from '../support/test-database.js';

type Sql = <T = Record<string, unknown>>(query: string, params?: unknown[]) => Promise<T[]>;

/**
 * `shop catalogue:recluster` (ADR 0063), run as operators run it, on a generated catalogue whose search table is then
 * put in product order — how a catalogue edited row by row drifts (ADR 0053) — and back.
 */
describe(`catalogue:recluster (${databaseKind})`, () => {
  let database: TestDatabase;
  const shopCli = (...args: string[]) => runShop(args, database.env);

  /** Raw SQL on the database between commands; closed again, as PGlite lets one process at a time open it. */
  async function withSql<T>(work: (sql: Sql) => Promise<T>): Promise<T> {
    const env = loadEnvironment({ NODE_ENV: 'test', LOG_LEVEL: 'warn', ...database.env });
    const orm = await MikroORM.init({ ...createOrmOptions(env, []), allowGlobalContext: true, discovery: { warnWhenNoEntities: false } });
    try {
      return await work((query, params = []) => orm.em.getConnection().execute(query, params));
    } finally {
      await orm.close();
    }
  }
  /** Rows out of category-set order in physical order, and the planner's correlation for the column. */
  const order = () => withSql(async (sql) => {
    const [counted] = await sql<{ rows: number; out_of_order: number }>(
      `select count(*)::int as rows, count(*) filter (where category_set_id < previous)::int as out_of_order
       from (select category_set_id, lag(category_set_id) over (order by ctid) as previous from product_search) as physical`,
    );
    const [stats] = await sql<{ correlation: number }>("select correlation from pg_stats where tablename = 'product_search' and attname = 'category_set_id'");
    return { ...counted!, correlation: Number(stats?.correlation) };
  });

  beforeAll(async () => {
    database = await createTestDatabase();
    expect(shopCli('db:migrate').status).toBe(0);
  }, 120_000);
  afterAll(() => database?.drop());

  it('refuses a threshold that is not a percentage, before touching the database', () => {
    for (const value of ['abc', '-1', '101']) {
      const run = shopCli('catalogue:recluster', '--if-drifted', value);
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('It must be a percentage from 0 to 100, e.g. 5 or 2.5%.');
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
  });

  it('reports an empty table as in order and leaves it alone under a threshold', () => {
    const run = shopCli('catalogue:recluster', '--if-drifted', '0');
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('product_search: 0 row(s), 0.0% out of category-set order.\nNot re-clustered: at or below the threshold of 0.0%.\n');
  });

  it('leaves a freshly generated catalogue alone, then re-clusters one that drifted and analyses it', async () => {
    expect(shopCli('catalogue:generate', '--products', '2000', '--seed', '3').status).toBe(0);
    const generated = await order();
    expect(generated.rows).toBeGreaterThan(1900); // published products only: drafts are not searched
    expect(generated.out_of_order).toBe(0);
    const rows = generated.rows.toLocaleString('en-GB');
    const fresh = shopCli('catalogue:recluster', '--if-drifted', '5');
    expect(fresh.stdout).toContain(`product_search: ${rows} row(s), 0.0% out of category-set order.\nNot re-clustered: at or below the threshold of 5.0%.`);

    // Product order, as rows rewritten one by one leave it; statistics that say so.
    await withSql((sql) => sql('cluster product_search using product_search_pkey').then(() => sql('analyze product_search')));
    const drifted = await order();
    expect(drifted.out_of_order / drifted.rows).toBeGreaterThan(0.2);
    expect(Math.abs(drifted.correlation)).toBeLessThan(0.5);

    const run = shopCli('catalogue:recluster', '--if-drifted', '5%');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const [, before] = new RegExp(`${rows} row\\(s\\), ([\\d.]+)% out of category-set order\\.`).exec(run.stdout) ?? [];
    expect(Number(before)).toBeCloseTo((drifted.out_of_order / drifted.rows) * 100, 0);
    expect(run.stdout).toMatch(/Re-clustered and analysed in [\d.]+ s: now 0\.0% out of order\.\n$/);
    const after = await order();
    expect(after).toMatchObject({ rows: generated.rows, out_of_order: 0 });
    expect(after.correlation).toBeGreaterThan(0.9); // analysed: the planner sees the order again

    // Without a threshold it always rewrites.
    expect(shopCli('catalogue:recluster').stdout).toContain('Re-clustered and analysed');
  });
});
