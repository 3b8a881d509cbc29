import pg from 'pg';
import { StorefrontChanges } from '../../src/platform/cache/storefront-changes.js';
import { STOREFRONT_CHANGES_CHANNEL, StorefrontChangesRelay } from '../../src/platform/cache/storefront-changes.relay.js';
import { createTestDatabase, databaseKind, type TestDatabase } from '../support/test-database.js';
import { waitUntil } from '../support/eventually.js';

/** Polls `check` every 20 ms until it holds or `ms` pass. */
const eventually = async (check: () => boolean | Promise<boolean>, ms = 5_000): Promise<void> => {
  await waitUntil(check, { timeout: ms, interval: 20 });
};

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
    // Notifications arrive in commit order: once a marker sent after the announcement is heard, a second copy of the
    // announcement would have been heard before it.
    await peer.query('select pg_notify($1, $2)', [STOREFRONT_CHANGES_CHANNEL, 'marker']);
    await eventually(() => heardByPeer.includes('marker') && cleared === before.cleared + 2); // this process hears the marker too
    expect(heardByPeer.slice(before.heard)).toHaveLength(2);
    heardByPeer.splice(heardByPeer.indexOf('marker'), 1);
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
    // A third announcement from elsewhere is heard after the own one (commit order): once it has cleared, the own
    // notification has been seen and, rightly, ignored.
    await peer.query('select pg_notify($1, $2)', [STOREFRONT_CHANGES_CHANNEL, 'a-third-process']);
    await eventually(() => cleared >= before + 3);
    expect(cleared).toBe(before + 3);
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
