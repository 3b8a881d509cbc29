import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createTestDatabase, databaseKind, type TestDatabase } from '../support/test-database.js';
import { ROOT, runShop, startServerProcess, type ServerProcess } from '../support/server-process.js';
import { eventually } from '../support/eventually.js';

/** The built server as `make start` runs it: a separate process, production settings. */
describe(`the server process (${databaseKind})`, () => {
  let database: TestDatabase;
  let server: ServerProcess;

  beforeAll(async () => {
    database = await createTestDatabase();
    expect(runShop(['db:migrate'], database.env).status).toBe(0);
    server = await startServerProcess(database.env, { via: 'bin/shop serve' });
  });
  afterAll(async () => {
    await server?.stop();
    await database.drop();
  });

  it('serves pages and the API, and hides the OpenAPI document in production', async () => {
    await request(server.url).get('/api/ready').expect(200);
    await request(server.url).get('/').expect(200).expect('content-type', /text\/html/);
    await request(server.url).get('/api/openapi.json').expect(404);
  });

  it('runs with the start command\'s memory settings: capped heap, one malloc arena, no compile cache, no pretenuring, a V8 pool of cores - 1 (ADRs 0088, 0090, 0096)', () => {
    // Read from the running process itself (Linux's /proc), not from bin/shop's text.
    const pid = server.child.pid!;
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const environment = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
    expect(argv).toEqual(expect.arrayContaining(['--max-old-space-size=192', '--max-semi-space-size=8', '--no-allocation-site-pretenuring', path.join(ROOT, 'dist/src/main.js')]));
    // nproc and availableParallelism both count the CPUs this process may run on (sched_getaffinity).
    expect(argv).toContain(`--v8-pool-size=${Math.min(4, Math.max(1, availableParallelism() - 1))}`);
    expect(environment).toEqual(expect.arrayContaining(['NODE_DISABLE_COMPILE_CACHE=1', 'MALLOC_ARENA_MAX=1']));
    // The tests give every process they start a compile cache (COMPILE_CACHE); the server must not keep it.
    expect(environment.filter((entry) => entry.startsWith('NODE_COMPILE_CACHE='))).toEqual([]);
  });

  it('writes JSON log lines that carry the request id', async () => {
    await request(server.url).get('/api/widget?name=no-such-widget').set('X-Request-Id', 'log-trace-42').expect(404);
    const traced = () =>
      server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { req?: { id?: string }; level: number })
        .some((line) => line.req?.id === 'log-trace-42');
    await eventually(traced).toBe(true);
  });

  if (databaseKind === 'pglite') {
    it('refuses a second process on the same embedded database with a clear message', () => {
      const cli = runShop(['widgets:list'], database.env);
      expect(cli.status).toBe(1);
      expect(cli.stderr).toContain('is in use by another process (is the shop running?)');
      expect(cli.stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace
    });
  }

  it('stops cleanly on SIGTERM and lets the next process open the database', async () => {
    expect(await server.stop()).toBe(0);
    const cli = runShop(['widgets:list', '--json'], database.env);
    expect(cli.stderr).toBe('');
    expect(cli.status).toBe(0);
  });
});

if (databaseKind === 'postgres') {
  describe('a separate queue-worker process', () => {
    it('delivers the e-mails that a server without a worker queued, and stops on SIGTERM', async () => {
      const database = await createTestDatabase();
      const env = { ...database.env, RUN_QUEUE_WORKER: 'false' };
      expect(runShop(['db:migrate'], env).status).toBe(0);
      expect(runShop(['db:seed', '--demo'], env).status).toBe(0);
      const server = await startServerProcess(env);
      const worker = spawn(path.join(ROOT, 'bin/shop'), ['queue:work'], {
        cwd: ROOT, env: { ...process.env, ...database.env, NODE_ENV: 'production', QUEUE_POLL_MS: '50' }, stdio: ['ignore', 'pipe', 'pipe'],
      });
      let workerOutput = '';
      worker.stdout.on('data', (chunk: Buffer) => (workerOutput += chunk.toString()));
      worker.stderr.on('data', (chunk: Buffer) => (workerOutput += chunk.toString()));
      const workerExit = new Promise<number | null>((resolve) => worker.on('exit', resolve));
      try {
        await request(server.url).post('/api/password/email').send({ email: 'customer@example.com' }).expect(200);
        const mailbox = path.join(database.env.DATA_DIR, 'mailbox');
        // Messages only: the mailer writes each to a hidden `.partial` file first and renames it when complete.
        const files = await eventually(() => (existsSync(mailbox) ? readdirSync(mailbox).filter((name) => name.endsWith('.eml')) : [])).toHaveLength(1);
        expect(readFileSync(path.join(mailbox, files[0]!), 'utf8')).toContain('Subject: Reset your password');
      } finally {
        worker.kill('SIGTERM');
        expect(await workerExit).toBe(0);
        expect(workerOutput).toContain('The queue worker stopped.');
        await server.stop();
        await database.drop();
      }
    });
  });
}

describe('readiness without a database', () => {
  it('stays alive but answers not ready while PostgreSQL does not answer', async () => {
    const server = await startServerProcess({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere', DATA_DIR: '/tmp' });
    try {
      await request(server.url).get('/api/health').expect(200);
      const ready = await request(server.url).get('/api/ready').expect(503);
      expect(ready.body).toMatchObject({ status: 503, message: 'The database does not answer.' });
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});

describe('start-up configuration', () => {
  it('stops with one message that lists every bad value', async () => {
    const started = startServerProcess({ PORT: 'eighty', NODE_ENV: 'staging', DATABASE_URL: 'mysql://nope', DATA_DIR: '/tmp' });
    await expect(started).rejects.toThrow(/exited with 1/);
    const message = String(await started.catch((error: Error) => error.message));
    expect(message).toContain('Invalid configuration:');
    expect(message).toContain('PORT must be a whole number');
    expect(message).toContain('NODE_ENV must be one of');
    expect(message).toContain('DATABASE_URL must be a postgres:// or postgresql:// URL');
    expect(message).not.toMatch(/\n\s+at /);
  });

  it('refuses to run a production shop that charges nobody unless the test provider is chosen on purpose', async () => {
    // No reachable database is needed: the configuration is checked first, and the server starts without one.
    const settings = { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere', DATA_DIR: '/tmp' };
    const refused = startServerProcess({ ...settings, PAYMENT_PROVIDER: '' });
    const message = String(await refused.then(() => 'started', (error: Error) => error.message));
    expect(message).toMatch(/exited with 1/);
    expect(message).toContain('NODE_ENV=production needs a payment provider: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    expect(message).toContain('or PAYMENT_PROVIDER=test for a demo shop whose payments are simulated');
    expect(message).not.toMatch(/\n\s+at /);

    const demo = await startServerProcess({ ...settings, PAYMENT_PROVIDER: 'test' });
    try {
      await request(demo.url).get('/api/health').expect(200);
    } finally {
      expect(await demo.stop()).toBe(0);
    }
  });
});
