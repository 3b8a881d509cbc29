import pg from 'pg';
import request from 'supertest';
import { type Cluster, findNginx, startCluster } from '../../scripts/cluster/cluster.mjs';
import { CookieClient, nextIp } from '../support/identity-client.js';
import { DEMO_ADMIN, DEMO_CUSTOMER } from '../support/identity-browser.js';
import { DEMO_SHOP_TEMPLATE } from '../support/demo-shop-template.js';
import { createTestDatabase, databaseKind, type TestDatabase } from '../support/test-database.js';
import { waitUntil } from '../support/eventually.js';

/**
 * Issue 16, "many instances": two shop instances (no queue worker in them), one worker process and nginx on
 * loopback, all on one PostgreSQL database — scripts/cluster, as docs/operations.md deploys it. PostgreSQL only:
 * the embedded database serves one process by design. nginx comes from Debian; CI installs it.
 */
const nginx = findNginx();
if (databaseKind === 'postgres' && !nginx && process.env.CI) throw new Error('nginx is required for the cluster test in CI (apt-get install nginx)');
const describeCluster = databaseKind === 'postgres' && nginx ? describe : describe.skip;

const eventually = <T>(probe: () => Promise<T | undefined>, ms: number): Promise<T> => waitUntil(probe, { timeout: ms, interval: 25 });

describeCluster('two shop instances, a worker and nginx on one PostgreSQL database', () => {
  let database: TestDatabase;
  let cluster: Cluster;
  let sql: pg.Client;
  let a: string;
  let b: string;

  beforeAll(async () => {
    // Migrated and demo-seeded by the built CLI (`shop db:migrate`, `shop db:seed --demo`): a copy of the template.
    database = await createTestDatabase(DEMO_SHOP_TEMPLATE);
    cluster = await startCluster({ databaseUrl: database.env.DATABASE_URL!, dataDir: database.env.DATA_DIR, env: { QUEUE_POLL_MS: '100' } });
    [a, b] = cluster.instances.map((instance) => instance.url) as [string, string];
    sql = new pg.Client({ connectionString: database.env.DATABASE_URL });
    await sql.connect();
  }, 120_000);
  afterAll(async () => {
    await sql?.end();
    await cluster?.stop();
    await database?.drop();
  });

  it('serves through nginx from both instances', async () => {
    for (let i = 0; i < 4; i++) await request(cluster.url).get('/api/ready').expect(200);
    await request(cluster.url).get('/').expect(200).expect('content-type', /text\/html/);
    for (const instance of cluster.instances) await request(instance.url).get('/api/ready').expect(200);
  });

  it('shows an admin change made through instance A on instance B within a second, though B caches the page for 30 s', async () => {
    const { rows } = await sql.query<{ id: number; slug: string; title: string }>(`select id, slug, title from products where status = 'published' order by id limit 1`);
    const product = rows[0]!;
    const pageOnB = async () => (await request(b).get(`/products/${product.slug}`).expect(200)).text;
    expect(await pageOnB()).toContain(product.title);

    // B keeps serving its cached page when the database changes behind its back (no announcement)…
    const quietTitle = `${product.title} (edited in the database)`;
    await sql.query('update products set title = $1 where id = $2', [quietTitle, product.id]);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(await pageOnB()).not.toContain(quietTitle);

    // …but hears of a change made through A's admin API at once.
    const admin = await request(a).post('/api/login').set('X-Forwarded-For', nextIp()).send(DEMO_ADMIN).expect(200);
    const newTitle = `Cluster-edited ${Date.now()}`;
    await request(a).put(`/api/admin/products/${product.id}`).set('Authorization', `Bearer ${admin.body.token}`).send({ title: newTitle }).expect(200);
    const changedAt = Date.now();
    await eventually(async () => ((await pageOnB()).includes(newTitle) ? true : undefined), 1_000);
    expect(Date.now() - changedAt).toBeLessThan(1_000);
  });

  it('keeps a guest basket and a signed-in session whichever instance answers', async () => {
    const { rows } = await sql.query<{ id: number }>(`select o.id from product_options o join products p on p.id = o.product_id where p.status = 'published' and o.active order by o.id limit 1`);
    const visitor = new CookieClient(a, nextIp());
    expect((await visitor.post('/api/basket/items', { option_id: rows[0]!.id })).status).toBe(200);
    const onB = await visitor.on(b).get('/api/basket');
    expect(onB.status).toBe(200);
    expect(onB.body.items.map((item: { option_id: number }) => item.option_id)).toEqual([rows[0]!.id]);

    const customer = new CookieClient(b, nextIp());
    expect((await customer.post('/api/login', DEMO_CUSTOMER)).status).toBe(200);
    const me = await customer.on(a).get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(DEMO_CUSTOMER.email);
    // Signing out on A ends the session on B too.
    expect((await customer.on(a).post('/api/logout')).status).toBeLessThan(300);
    expect((await customer.on(b).get('/api/user')).status).toBe(401);
  });

  it('counts sign-in failures once across both instances (5 a minute, then 429 on either)', async () => {
    const ip = nextIp();
    const attempt = (url: string) => request(url).post('/api/login').set('X-Forwarded-For', ip).send({ email: 'nobody-cluster@example.com', password: 'wrong password' });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await attempt(i % 2 === 0 ? a : b)).status);
    expect(statuses).toEqual([422, 422, 422, 422, 422]);
    expect((await attempt(b)).status).toBe(429);
    expect((await attempt(a)).status).toBe(429);
  });

  it('leaves background jobs to the worker process: an e-mail queued through nginx is sent', async () => {
    await request(cluster.url).post('/api/password/email').set('X-Forwarded-For', nextIp()).send({ email: DEMO_CUSTOMER.email }).expect(200);
    const sent = await eventually(async () => {
      const { rows } = await sql.query<{ status: string }>(`select status from jobs where type = 'mail.send' order by id desc limit 1`);
      return rows[0]?.status === 'done' ? rows[0].status : undefined;
    }, 10_000);
    expect(sent).toBe('done');
  });
});
