import { EntityManager, TableNotFoundException } from '@mikro-orm/core';
import type { PostgreSqlConnection } from '@mikro-orm/postgresql';
import request from 'supertest';
import { StockService } from '../../src/modules/catalogue/index.js';
// The repository itself, for the one branch no request takes: a touch inside a caller's transaction.
import { MikroOrmSessionRepository } from '../../src/modules/identity/adapters/persistence/mikro-orm-session.repository.js';
import { PreparedStatement } from '../../src/platform/persistence/index.js';
import { createProduct } from '../support/catalogue-fixtures.js';
import { DEMO_CUSTOMER, signInByApi } from '../support/identity-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { databaseKind } from '../support/test-database.js';

/**
 * Named prepared statements (ADR 0074): the hot reads are planned once per connection on a PostgreSQL server, still
 * see a transaction's own writes, and survive a migration that changes a table under their plan. On PGlite they are
 * MikroORM's statements like any other (every signed-in PGlite test goes through them).
 */
const describeOnServer = databaseKind === 'postgres' ? describe : describe.skip;

describeOnServer('Prepared statements (postgres)', () => {
  let shop: TestApp;
  let em: EntityManager;
  const probe = new PreparedStatement<{ id: number; label: string; extra?: number | null }>('e2e_probe', 'select * from prepared_probe where id = ?');

  /** The statements prepared on every idle connection of the shop's pool (each connection has its own). */
  async function preparedNames(): Promise<string[]> {
    const pool = await (em.getConnection() as PostgreSqlConnection).getNativeClient();
    const clients = await Promise.all(Array.from({ length: pool.idleCount }, () => pool.connect()));
    try {
      const names = await Promise.all(clients.map(async (client) => (await client.query<{ name: string }>('select name from pg_prepared_statements')).rows.map((row) => row.name)));
      return [...new Set(names.flat())].sort();
    } finally {
      for (const client of clients) client.release();
    }
  }

  beforeAll(async () => {
    shop = await startTestApp();
    em = shop.app.get(EntityManager).fork();
    await shop.sql('create table prepared_probe (id integer primary key, label text not null)');
    await shop.sql(`insert into prepared_probe (id, label) values (1, 'one')`);
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('prepares the session and the customer order reads once per connection, by name', async () => {
    const { bearer } = await signInByApi(shop, DEMO_CUSTOMER);
    // An order that is nobody's: the customer's-order statement runs and finds nothing (404, as another's order).
    await request(shop.app.getHttpServer()).get('/api/orders/2147483000').set('Authorization', bearer).expect(404);
    await request(shop.app.getHttpServer()).get('/api/orders/2147483000').set('Authorization', bearer).expect(404);
    expect(await preparedNames()).toEqual(expect.arrayContaining(['customer_order_0', 'viewer_session_0']));
  });

  it('prepares the training records page and the options look-up (ADR 0079), and answers as before', async () => {
    const { bearer } = await signInByApi(shop, DEMO_CUSTOMER);
    const records = await request(shop.app.getHttpServer()).get('/api/account/training-records').set('Authorization', bearer).expect(200);
    expect(records.headers['x-total-count']).toBe(String(records.body.length));
    const product = await createProduct(shop.sql, { title: 'Prepared DVD', options: [{ name: 'DVD', price: 4500, qty: 3 }] });
    const optionId = product.optionIds[0]!;
    const described = await shop.app.get(StockService).describe([optionId, 2147483000]);
    expect([...described.keys()]).toEqual([optionId]);
    expect(described.get(optionId)).toMatchObject({ id: optionId, productId: product.id, productTitle: 'Prepared DVD', name: 'DVD', price: 4500, qty: 3 });
    expect(await preparedNames()).toEqual(expect.arrayContaining(['catalogue_describe_options_0', 'training_records_page_0']));
  });

  it('touches a session once a minute with its own statement, whose commit setting does not outlive it (ADR 0081)', async () => {
    const { bearer, user } = await signInByApi(shop, DEMO_CUSTOMER);
    const lastUsed = async () => Math.max(...(await shop.sql<{ last_used_at: string | Date }>(
      'select last_used_at from sessions where user_id = ?', [user.id])).map((row) => new Date(row.last_used_at).getTime()));
    await shop.sql("update sessions set last_used_at = now() - interval '2 minutes' where user_id = ?", [user.id]);
    const stale = await lastUsed();
    await request(shop.app.getHttpServer()).get('/api/user').set('Authorization', bearer).expect(200);
    expect(await lastUsed()).toBeGreaterThan(stale + 60_000);
    expect(await preparedNames()).toContain('session_touch_0');
    // \`synchronous_commit\` was off for the touch's own transaction only: every pooled connection is back to 'on', so
    // an order's or a payment's commit on the same connection still waits for the disk.
    const pool = await (em.getConnection() as PostgreSqlConnection).getNativeClient();
    const clients = await Promise.all(Array.from({ length: pool.idleCount }, () => pool.connect()));
    try {
      const settings = await Promise.all(clients.map(async (client) => (await client.query<{ synchronous_commit: string }>('show synchronous_commit')).rows[0]!.synchronous_commit));
      expect(settings.length).toBeGreaterThan(0);
      expect(new Set(settings)).toEqual(new Set(['on']));
    } finally {
      for (const client of clients) client.release();
    }
  });

  it('touches a session inside a caller\'s transaction as a plain update, so that transaction still commits durably', async () => {
    const { user } = await signInByApi(shop, DEMO_CUSTOMER);
    const [session] = await shop.sql<{ id: number }>('select id from sessions where user_id = ? order by id desc limit 1', [user.id]);
    const at = new Date('2030-01-02T03:04:05.000Z');
    const setting = await em.fork().transactional(async (tx) => {
      await new MikroOrmSessionRepository(tx).touch(session!.id, at);
      const [row] = await tx.getConnection().execute<Array<{ synchronous_commit: string }>>('show synchronous_commit', [], 'all', tx.getTransactionContext());
      return row!.synchronous_commit;
    });
    expect(setting).toBe('on');
    const [stored] = await shop.sql<{ last_used_at: string | Date }>('select last_used_at from sessions where id = ?', [session!.id]);
    expect(new Date(stored!.last_used_at).toISOString()).toBe(at.toISOString());
  });

  it('answers through MikroORM inside a transaction, so it sees the transaction\'s own rows', async () => {
    const seen = await em.transactional(async (tx) => {
      await tx.getConnection().execute(`insert into prepared_probe (id, label) values (2, 'two')`, [], 'run', tx.getTransactionContext());
      return probe.all(tx, [2]);
    });
    expect(seen).toEqual([{ id: 2, label: 'two' }]);
  });

  it('survives a table changed under its plan: the answer has the new column and the statement is prepared afresh', async () => {
    expect(await probe.all(em, [1])).toEqual([{ id: 1, label: 'one' }]);
    expect(await preparedNames()).toContain('e2e_probe_0');
    // As a rolling deploy's migration would: PostgreSQL now refuses the old plan ("cached plan must not change result type").
    await shop.sql('alter table prepared_probe add column extra integer');
    await shop.sql('update prepared_probe set extra = 7 where id = 1');
    // The pool hands out its most recently used connection, which need not hold the old plan: keep every other one
    // busy, so the statement runs on the connection that prepared it.
    const pool = await (em.getConnection() as PostgreSqlConnection).getNativeClient();
    const clients = await Promise.all(Array.from({ length: pool.idleCount }, () => pool.connect()));
    const holders = await Promise.all(clients.map(async (client) => (await client.query(`select 1 from pg_prepared_statements where name = 'e2e_probe_0'`)).rowCount === 1));
    expect(holders.filter(Boolean)).toHaveLength(1);
    clients.find((_, index) => holders[index])!.release();
    try {
      expect(await probe.all(em, [1])).toEqual([{ id: 1, label: 'one', extra: 7 }]);
    } finally {
      for (const [index, client] of clients.entries()) if (!holders[index]) client.release();
    }
    expect(await probe.all(em, [1])).toEqual([{ id: 1, label: 'one', extra: 7 }]);
    expect(await preparedNames()).toContain('e2e_probe_1');
  });

  it('fails as MikroORM fails: a driver error is its DriverException, which the 503 of an unreachable database reads', async () => {
    const missing = new PreparedStatement('e2e_missing_table', 'select * from no_such_table where id = ?');
    await expect(missing.all(em, [1])).rejects.toBeInstanceOf(TableNotFoundException);
  });

  it('refuses a second statement under a name in use (node-postgres would refuse it on the first connection that had both)', () => {
    expect(() => new PreparedStatement('e2e_probe', 'select 1')).toThrow('defined twice');
  });
});
