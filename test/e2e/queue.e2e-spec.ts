import { EntityManager, MikroORM, RequestContext } from '@mikro-orm/core';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { Test, type TestingModule } from '@nestjs/testing';
import { ConfigModule } from '../../src/config/config.module.js';
import { loadEnvironment } from '../../src/config/environment.js';
import { CoreModule } from '../../src/core.module.js';
import { DatabaseMaintenance, PersistenceModule } from '../../src/platform/persistence/persistence.module.js';
import {
  type JobContext,
  JobHandlerRegistry,
  JobQueue,
  JobWorker,
  QueueModule,
  queueEntities,
  type QueueOptions,
} from '../../src/platform/queue/index.js';
import { JobHousekeeping, PURGE_DONE_JOBS_JOB } from '../../src/platform/queue/job-housekeeping.js';
import { QUEUE_OPTIONS } from '../../src/platform/queue/queue-options.js';
import { createTestDatabase, databaseKind, type TestDatabase } from '../support/test-database.js';
import { waitUntil } from '../support/eventually.js';
import { describeOnce, itOnce } from '../support/once-across-databases.js';

interface JobRow {
  id: string;
  type: string;
  payload: Record<string, unknown>;
  status: string;
  attempts: number;
  max_attempts: number;
  locked_by: string | null;
  locked_at: Date | null;
  last_error: string | null;
  finished_at: Date | null;
  run_at: Date;
}

/** One "process": config + persistence + queue on the test database, worker not auto-started. */
interface QueueNode {
  module: TestingModule;
  orm: MikroORM;
  queue: JobQueue;
  registry: JobHandlerRegistry;
  worker: JobWorker;
  options: QueueOptions;
}

async function startNode(database: TestDatabase, migrate: boolean): Promise<QueueNode> {
  const env = loadEnvironment({ NODE_ENV: 'test', LOG_LEVEL: 'warn', ...database.env, QUEUE_POLL_MS: '20' });
  const module = await Test.createTestingModule({
    imports: [
      ConfigModule.forRoot(env),
      PersistenceModule.forRoot(env, queueEntities),
      // Tiny back-off so retries happen within the test; the worker is started by the tests.
      QueueModule.forRoot(env, { autoStart: false, backoffBaseMs: 10, backoffMaxMs: 1000, leaseMs: 60_000 }),
    ],
  }).compile();
  module.useLogger(false); // the failures below are on purpose
  await module.init();
  if (migrate) await module.get(DatabaseMaintenance).migrate();
  return {
    module,
    orm: module.get(MikroORM),
    queue: module.get(JobQueue),
    registry: module.get(JobHandlerRegistry),
    worker: module.get(JobWorker),
    options: module.get(QUEUE_OPTIONS),
  };
}

/** Polls until `check` returns a truthy value (bounded). */
const until = <T>(check: () => Promise<T | undefined | null | false>, what: string, timeoutMs = 15_000): Promise<T> =>
  waitUntil(check, { timeout: timeoutMs, interval: 20, what });

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe(`durable job queue (${databaseKind})`, () => {
  let database: TestDatabase;
  let node: QueueNode;

  const sql = <T = JobRow[]>(query: string, params: unknown[] = []) =>
    node.orm.em.getConnection().execute(query, params) as Promise<T>;
  const jobsOfType = (type: string) => sql(`select * from jobs where type = ? order by id`, [type]);
  const jobOfType = async (type: string) => (await jobsOfType(type))[0];
  const enqueue = (type: string, payload: Record<string, unknown> = {}, options?: { maxAttempts?: number; runAt?: Date }) =>
    RequestContext.create(node.orm.em, () => node.queue.enqueue(type, payload, options));
  const settled = (type: string) =>
    until(async () => {
      const job = await jobOfType(type);
      return job && (job.status === 'done' || job.status === 'failed') ? job : null;
    }, `a finished ${type} job`);

  beforeAll(async () => {
    database = await createTestDatabase();
    node = await startNode(database, true);
  });
  afterAll(async () => {
    await node?.module.close();
    await database.drop();
  });

  describe('housekeeping', () => {
    it('purges done jobs finished over 7 days ago every 6 hours, and keeps newer, failed and pending ones', async () => {
      expect(node.registry.recurring()).toContainEqual({ type: PURGE_DONE_JOBS_JOB, everyMs: 6 * 60 * 60 * 1000 });
      const insert = (status: string, finishedDaysAgo: number | null) =>
        sql(
          `insert into jobs (type, payload, status, attempts, max_attempts, finished_at) values ('test.old', '{}'::jsonb, ?, 1, 5, ${
            finishedDaysAgo === null ? 'null' : `now() - interval '${finishedDaysAgo} days'`
          })`,
          [status],
        );
      await insert('done', 8);
      await insert('done', 30);
      await insert('done', 6);
      await insert('failed', 30);
      await insert('pending', null);
      expect(await node.module.get(JobHousekeeping).purgeDone()).toBe(2);
      const left = await sql<Array<{ status: string }>>(`select status from jobs where type = 'test.old' order by id`);
      expect(left.map((row) => row.status)).toEqual(['done', 'failed', 'pending']);
      expect(await node.module.get(JobHousekeeping).purgeDone()).toBe(0);
      await sql(`delete from jobs where type = 'test.old'`);
    });
  });

  describe('enqueueing', () => {
    itOnce('refuses a job type nobody handles, or a malformed one', async () => {
      await expect(enqueue('test.nobody-handles-this')).rejects.toThrow('No handler is registered for job type "test.nobody-handles-this"');
      await expect(enqueue('Not A Type')).rejects.toThrow(/not a valid job type/);
      expect(await jobsOfType('test.nobody-handles-this')).toEqual([]);
    });

    it('writes the job in the caller’s transaction: rolled back with it, committed with it', async () => {
      node.registry.register('test.tx', async () => undefined);
      await RequestContext.create(node.orm.em, async () => {
        const em = node.module.get(EntityManager);
        await expect(
          em.transactional(async () => {
            await node.queue.enqueue('test.tx', { outcome: 'rolled back' });
            throw new Error('the business change failed');
          }),
        ).rejects.toThrow('the business change failed');
        await em.transactional(() => node.queue.enqueue('test.tx', { outcome: 'committed' }));
      });
      const rows = await jobsOfType('test.tx');
      expect(rows.map((r) => r.payload)).toEqual([{ outcome: 'committed' }]);
      expect(rows[0]).toMatchObject({ status: 'pending', attempts: 0, max_attempts: 5 });
      await sql(`delete from jobs where type = 'test.tx'`);
    });
  });

  describe('driven step by step (drain)', () => {
    it('backs off exponentially between attempts, then finishes', async () => {
      const attempts: number[] = [];
      node.registry.register('test.flaky-slow', async (_payload, job: JobContext) => {
        attempts.push(job.attempt);
        if (job.attempt < 3) throw new Error(`attempt ${job.attempt} failed: 'quotes', back\\slash, what?`);
      });
      // Hour-scale back-off: "not due yet" is then unambiguous, with no clock in the assertions.
      const worker = new JobWorker(node.orm, node.registry, { ...node.options, backoffBaseMs: 3_600_000, backoffMaxMs: 36_000_000 });
      await enqueue('test.flaky-slow', { n: 1 });
      const hoursUntilDue = async () =>
        Number((await sql<Array<{ h: string }>>(`select extract(epoch from run_at - now()) / 3600 as h from jobs where type = 'test.flaky-slow'`))[0]!.h);

      expect(await worker.drain()).toBe(1);
      expect(await jobOfType('test.flaky-slow')).toMatchObject({
        status: 'pending',
        attempts: 1,
        last_error: "Error: attempt 1 failed: 'quotes', back\\slash, what?",
        locked_by: null,
      });
      expect(Math.round(await hoursUntilDue())).toBe(1); // base × 2^0
      expect(await worker.drain()).toBe(0); // not due

      await sql(`update jobs set run_at = now() where type = 'test.flaky-slow'`); // an hour passes
      expect(await worker.drain()).toBe(1);
      expect(await jobOfType('test.flaky-slow')).toMatchObject({ status: 'pending', attempts: 2 });
      expect(Math.round(await hoursUntilDue())).toBe(2); // base × 2^1

      await sql(`update jobs set run_at = now() where type = 'test.flaky-slow'`);
      expect(await worker.drain()).toBe(1);
      const done = await jobOfType('test.flaky-slow');
      expect(done).toMatchObject({ status: 'done', attempts: 3, locked_by: null, locked_at: null });
      expect(done!.finished_at).not.toBeNull();
      expect(attempts).toEqual([1, 2, 3]);
    });

    it('reclaims a job whose worker died (lease expired), but not one whose worker is alive', async () => {
      const ran: number[] = [];
      node.registry.register('test.orphan', async (_payload, job) => void ran.push(job.attempt));
      await sql(
        `insert into jobs (type, payload, status, attempts, max_attempts, run_at, locked_at, locked_by)
         values ('test.orphan', '{"which":"crashed"}', 'running', 1, 5, now() - interval '11 minutes', now() - interval '10 minutes', 'crashed-worker'),
                ('test.orphan', '{"which":"alive"}', 'running', 1, 5, now() - interval '11 minutes', now(), 'live-worker'),
                ('test.orphan', '{"which":"last-attempt"}', 'running', 3, 3, now() - interval '11 minutes', now() - interval '10 minutes', 'crashed-worker')`,
      );
      expect(await node.worker.drain()).toBe(2);
      const rows = await jobsOfType('test.orphan');
      const byWhich = Object.fromEntries(rows.map((r) => [String(r.payload.which), r]));
      expect(byWhich.crashed).toMatchObject({ status: 'done', attempts: 2, locked_by: null });
      expect(byWhich.alive).toMatchObject({ status: 'running', attempts: 1, locked_by: 'live-worker' });
      expect(byWhich['last-attempt']).toMatchObject({ status: 'failed', attempts: 4 });
      expect(byWhich['last-attempt']!.last_error).toMatch(/stopped before finishing/);
      expect(ran).toEqual([2]);
      await sql(`delete from jobs where type = 'test.orphan'`);
    });

    it('does not run a job before its run_at', async () => {
      node.registry.register('test.later', async () => undefined);
      await enqueue('test.later', {}, { runAt: new Date(Date.now() + 3_600_000) });
      expect(await node.worker.drain()).toBe(0);
      expect(await jobOfType('test.later')).toMatchObject({ status: 'pending', attempts: 0 });
      await sql(`delete from jobs where type = 'test.later'`);
    });
  });

  describe('the polling worker', () => {
    beforeAll(() => node.worker.start());
    afterAll(() => node.worker.stop());

    it('runs an enqueued job with its payload, in a request context of its own', async () => {
      const seen: Array<{ payload: unknown; job: JobContext; hasContext: boolean }> = [];
      node.registry.register('test.echo', async (payload, job) => {
        seen.push({ payload, job, hasContext: RequestContext.getEntityManager() !== undefined });
      });
      await enqueue('test.echo', { greeting: 'hello', n: 42, nested: { ok: true } });
      const job = await settled('test.echo');
      expect(job).toMatchObject({ status: 'done', attempts: 1, last_error: null, locked_by: null });
      expect(job.finished_at).not.toBeNull();
      expect(seen).toEqual([
        { payload: { greeting: 'hello', n: 42, nested: { ok: true } }, job: { id: Number(job.id), type: 'test.echo', attempt: 1, maxAttempts: 5 }, hasContext: true },
      ]);
    });

    it('retries a handler that fails twice, then records it done after 3 attempts', async () => {
      let calls = 0;
      node.registry.register('test.flaky', async () => {
        calls++;
        if (calls < 3) throw new Error(`failure ${calls}`);
      });
      await enqueue('test.flaky');
      const job = await settled('test.flaky');
      expect(job).toMatchObject({ status: 'done', attempts: 3, last_error: 'Error: failure 2' });
      expect(calls).toBe(3);
    });

    it('gives a job up as failed after its last attempt, with the error', async () => {
      let calls = 0;
      node.registry.register('test.doomed', async () => {
        calls++;
        throw new TypeError('the server said no');
      });
      await enqueue('test.doomed', {}, { maxAttempts: 2 });
      const job = await settled('test.doomed');
      expect(job).toMatchObject({ status: 'failed', attempts: 2, max_attempts: 2, last_error: 'TypeError: the server said no', locked_by: null });
      expect(job.finished_at).not.toBeNull();
      expect(calls).toBe(2);
    });

    it('fails a job whose type has no handler (e.g. written by another version) with a clear error', async () => {
      await sql(`insert into jobs (type, payload, max_attempts) values ('test.retired-type', '{}', 5)`);
      const job = await settled('test.retired-type');
      expect(job).toMatchObject({ status: 'failed', attempts: 1, last_error: 'No handler is registered for job type "test.retired-type".' });
    });

    it('never runs a job of a rolled-back transaction', async () => {
      const ran: string[] = [];
      node.registry.register('test.maybe', async (payload) => void ran.push(String(payload.name)));
      await RequestContext.create(node.orm.em, async () => {
        const em = node.module.get(EntityManager);
        await em
          .transactional(async () => {
            await node.queue.enqueue('test.maybe', { name: 'ghost' });
            throw new Error('rolled back');
          })
          .catch(() => undefined);
      });
      await enqueue('test.maybe', { name: 'real' });
      await settled('test.maybe');
      expect(ran).toEqual(['real']);
      expect((await jobsOfType('test.maybe')).map((j) => j.payload.name)).toEqual(['real']);
    });

    it('runs every job exactly once with several workers racing on the database', async () => {
      // PostgreSQL: two "processes" (own ORM and pool each) with two workers each. PGlite allows one
      // process, so there the single worker must still run each job once.
      const runs = new Map<number, number>();
      const handler = async (_payload: unknown, job: JobContext) => {
        runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 2));
      };
      node.registry.register('test.race', handler);
      const extraWorkers: JobWorker[] = [];
      let other: QueueNode | null = null;
      if (databaseKind === 'postgres') {
        other = await startNode(database, false);
        other.registry.register('test.race', handler);
        extraWorkers.push(
          other.worker,
          new JobWorker(other.orm, other.registry, other.options),
          new JobWorker(node.orm, node.registry, node.options),
        );
      }
      try {
        await node.worker.stop(); // all jobs are in place before anyone starts
        const total = 60;
        await RequestContext.create(node.orm.em, async () => {
          for (let i = 0; i < total; i++) await node.queue.enqueue('test.race', { i });
        });
        for (const worker of [node.worker, ...extraWorkers]) worker.start();
        await until(async () => (await jobsOfType('test.race')).every((j) => j.status === 'done'), 'every race job to finish', 30_000);
        const rows = await jobsOfType('test.race');
        expect(rows).toHaveLength(total);
        expect(rows.every((j) => j.attempts === 1)).toBe(true);
        expect(runs.size).toBe(total);
        expect([...runs.values()].every((n) => n === 1)).toBe(true);
      } finally {
        await Promise.all(extraWorkers.map((w) => w.stop()));
        await other?.module.close();
      }
    });

    it('stops only after the job in hand has finished and been recorded', async () => {
      const started = deferred();
      const release = deferred();
      node.registry.register('test.slow', async () => {
        started.resolve();
        await release.promise;
      });
      node.worker.start();
      await enqueue('test.slow');
      await started.promise;

      let stopped = false;
      const stopping = node.worker.stop().then(() => (stopped = true));
      for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(stopped).toBe(false);
      expect(await jobOfType('test.slow')).toMatchObject({ status: 'running' });

      release.resolve();
      await stopping;
      expect(node.worker.isRunning).toBe(false);
      expect(await jobOfType('test.slow')).toMatchObject({ status: 'done', attempts: 1 });
    });
  });

  describe('recurring jobs', () => {
    it('keeps exactly one pending run: the first due at start, the next one interval after each run, none doubled by a restart', async () => {
      let runs = 0;
      node.registry.registerRecurring('test.every-second', 1000, async () => {
        runs++;
      });
      const pending = () => sql<JobRow[]>(`select * from jobs where type = 'test.every-second' and status = 'pending'`);
      node.worker.start();
      try {
        const done = await until(async () => (await jobsOfType('test.every-second')).find((job) => job.status === 'done'), 'the first run');
        expect(done).toMatchObject({ attempts: 1 });
        const next = await until(async () => (await pending())[0], 'the next run');
        const inMs = new Date(next.run_at).getTime() - new Date(done.finished_at!).getTime();
        expect(inMs).toBeGreaterThan(500);
        expect(inMs).toBeLessThan(1500);
      } finally {
        await node.worker.stop();
      }
      node.worker.start(); // a restart (or a second process) finds the pending run and adds none
      try {
        await until(async () => runs >= 2, 'the second run', 5000);
        await until(async () => (await pending()).length === 1, 'the third run to be queued');
      } finally {
        await node.worker.stop();
      }
      const rows = await jobsOfType('test.every-second');
      expect(rows.filter((row) => row.status === 'pending')).toHaveLength(1);
      expect(rows.filter((row) => row.status === 'done').length).toBe(runs);
      expect(() => node.registry.registerRecurring('test.too-often', 10, async () => undefined)).toThrow(/at most once a second/);
    });
  });

  describeOnce('when the worker starts by itself', () => {
    // A database of its own: the embedded one allows a single process (here: a single ORM) per folder.
    let other: TestDatabase;
    beforeAll(async () => {
      other = await createTestDatabase();
    });
    afterAll(() => other.drop());

    const envWith = (extra: Record<string, string>) =>
      loadEnvironment({ NODE_ENV: 'test', LOG_LEVEL: 'warn', ...other.env, QUEUE_POLL_MS: '20', ...extra });

    it('never starts in the command line’s application context (no HTTP server)', async () => {
      const app = await NestFactory.createApplicationContext(CoreModule.forRoot(envWith({ RUN_QUEUE_WORKER: 'true' })), { logger: false });
      try {
        expect(app.get(JobWorker).isRunning).toBe(false);
      } finally {
        await app.close();
      }
    });

    it('starts with the web application when RUN_QUEUE_WORKER is true, and stops with it', async () => {
      for (const [setting, expected] of [['true', true], ['false', false]] as const) {
        const app = await NestFactory.create(CoreModule.forRoot(envWith({ RUN_QUEUE_WORKER: setting })), new FastifyAdapter(), { logger: false });
        await app.init();
        const worker = app.get(JobWorker);
        expect(worker.isRunning).toBe(expected);
        await app.close();
        expect(worker.isRunning).toBe(false);
      }
    });
  });
});
