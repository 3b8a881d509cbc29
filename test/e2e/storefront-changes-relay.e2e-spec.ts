import pg from 'pg';
import { StorefrontChanges } from '../../src/platform/cache/storefront-changes.js';
import { STOREFRONT_CHANGES_CHANNEL, StorefrontChangesRelay } from '../../src/platform/cache/storefront-changes.relay.js';
import { createTestDatabase, databaseKind, type TestDatabase } from '../support/test-database.js';

/** Polls `check` every 20 ms until it holds or `ms` pass. */
async function eventually(check: () => boolean | Promise<boolean>, ms = 5_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// The embedded database serves one process, so there is no other process to tell (CacheModule adds no relay).
const describeOnPostgres = databaseKind === 'postgres' ? describe : describe.skip;

describeOnPostgres('storefront changes between processes (PostgreSQL LISTEN/NOTIFY)', () => {
  let database: TestDatabase;
  let relay: StorefrontChangesRelay;
  let peer: pg.Client; // stands for another shop process
  const heardByPeer: string[] = [];
  let cleared = 0;
  const stopCounting = StorefrontChanges.subscribe(() => cleared++);

  beforeAll(async () => {
    database = await createTestDatabase();
    relay = new StorefrontChangesRelay(database.env.DATABASE_URL!);
    await relay.onApplicationBootstrap();
    peer = new pg.Client({ connectionString: database.env.DATABASE_URL });
    await peer.connect();
    peer.on('notification', (message) => heardByPeer.push(message.payload ?? ''));
    await peer.query(`listen ${STOREFRONT_CHANGES_CHANNEL}`);
  });
  afterAll(async () => {
    stopCounting();
    await relay?.onApplicationShutdown();
    await peer?.end();
    await database?.drop();
  });

  it('tells the other processes about a change announced here, once, and clears this process at once', async () => {
    const before = { cleared, heard: heardByPeer.length };
    StorefrontChanges.announce();
    expect(cleared).toBe(before.cleared + 1);
    await eventually(() => heardByPeer.length === before.heard + 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heardByPeer).toHaveLength(before.heard + 1);
  });

  it('clears this process when another announces, and ignores its own notifications', async () => {
    const before = cleared;
    await peer.query('select pg_notify($1, $2)', [STOREFRONT_CHANGES_CHANNEL, 'another-process']);
    await eventually(() => cleared === before + 1);
    // Its own notification (the payload it sent) does not clear twice.
    const [ownOrigin] = heardByPeer;
    await peer.query('select pg_notify($1, $2)', [STOREFRONT_CHANGES_CHANNEL, ownOrigin]);
    await peer.query('select pg_notify($1, $2)', [STOREFRONT_CHANGES_CHANNEL, 'another-process']);
    await eventually(() => cleared === before + 2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(cleared).toBe(before + 2);
  });

  it('reconnects by itself when its connection is cut, clears the caches it may have missed, and hears again', async () => {
    const killed = await peer.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'shop-storefront-changes' and datname = current_database()`);
    expect(killed.rowCount).toBe(1);
    const before = cleared;
    await eventually(() => !relay.listening, 2_000);
    await eventually(() => relay.listening && cleared >= before + 1);
    const afterReconnect = cleared;
    await peer.query('select pg_notify($1, $2)', [STOREFRONT_CHANGES_CHANNEL, 'another-process']);
    await eventually(() => cleared === afterReconnect + 1);
  });
});
