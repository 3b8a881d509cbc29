import { MikroORM, RequestContext } from '@mikro-orm/core';
import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  Optional,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { JobHandlerRegistry } from './job-handler-registry.js';
import type { JobPayload } from './job.entity.js';
import { QUEUE_OPTIONS, type QueueOptions, retryDelayMs } from './queue-options.js';

/** A job as the claim query hands it over. */
interface ClaimedJob {
  id: number;
  type: string;
  payload: JobPayload;
  attempts: number;
  maxAttempts: number;
}

interface ClaimedRow {
  id: string | number;
  type: string;
  payload: JobPayload | string;
  attempts: number;
  max_attempts: number;
}

const LAST_ERROR_MAX = 4000;
const MISSING_TABLE_GRACE_MS = 10_000;

// One statement, so it is atomic on both engines: pick the oldest due job (or one whose worker stopped
// renewing its lease), lock it without waiting for rows other workers hold, and mark it ours.
const CLAIM_SQL = `
  update jobs
     set status = 'running', locked_at = now(), locked_by = ?, attempts = attempts + 1, updated_at = now()
   where id in (
         select id from jobs
          where (status = 'pending' and run_at <= now())
             or (status = 'running' and locked_at < now() - ? * interval '1 millisecond')
          order by run_at, id
          limit 1
            for update skip locked)
  returning id, type, payload, attempts, max_attempts`;

// Every outcome is written only while the job is still ours: a worker that lost its lease (and so
// the job, to another worker) must not overwrite what the new owner records.
const MINE = `where id = ? and status = 'running' and locked_by = ?`;
const DONE_SQL = `update jobs set status = 'done', finished_at = now(), locked_at = null, locked_by = null, updated_at = now() ${MINE}`;
const RETRY_SQL = `update jobs set status = 'pending', run_at = now() + ? * interval '1 millisecond', last_error = ?, locked_at = null, locked_by = null, updated_at = now() ${MINE}`;
const FAIL_SQL = `update jobs set status = 'failed', finished_at = now(), last_error = ?, locked_at = null, locked_by = null, updated_at = now() ${MINE}`;
const RENEW_SQL = `update jobs set locked_at = now() ${MINE}`;
// The next run of a recurring job, unless one is pending already (one statement: no read-then-write window).
const NEXT_RECURRING_SQL = `
  insert into jobs (type, payload, status, attempts, max_attempts, run_at, created_at, updated_at)
  select ?, '{}'::jsonb, 'pending', 0, ?, now() + ? * interval '1 millisecond', now(), now()
   where not exists (select 1 from jobs where type = ? and status = 'pending')`;

/**
 * Runs due jobs, one at a time, each in its own entity manager (`RequestContext`), outside any
 * database transaction of the worker's (a handler that talks to an SMTP server holds no connection).
 *
 * It starts by itself only in the web application, and only with `RUN_QUEUE_WORKER=true`: the command
 * line boots the same core as an application context (no HTTP adapter) and never runs jobs. A dedicated
 * worker process calls `start()` explicitly. `stop()` (also on application shutdown) lets the job in
 * hand finish and record its outcome before it resolves.
 */
@Injectable()
export class JobWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  readonly id = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly logger = new Logger(JobWorker.name);
  private loop: Promise<void> | null = null;
  private stopping = false;
  private recurringScheduled = false;
  private sleeper: { timer: NodeJS.Timeout; wake: () => void } | null = null;
  /** Since when polls have found no jobs table (null: it exists, or not polled yet). */
  private tableMissingSince: number | null = null;
  private tableMissingReported = false;
  /** The last polling failure logged, so an outage is logged once rather than on every poll. */
  private pollFailure: string | null = null;

  constructor(
    private readonly orm: MikroORM,
    private readonly registry: JobHandlerRegistry,
    @Inject(QUEUE_OPTIONS) private readonly options: QueueOptions,
    @Optional() private readonly adapterHost?: HttpAdapterHost,
  ) {}

  get isRunning(): boolean {
    return this.loop !== null;
  }

  onApplicationBootstrap(): void {
    if (this.options.autoStart && this.adapterHost?.httpAdapter) this.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.stop();
  }

  /** Starts polling; does nothing if already started. */
  start(): void {
    if (this.loop) return;
    this.stopping = false;
    this.recurringScheduled = false; // a restarted worker checks its recurring jobs again
    this.logger.log(`Queue worker ${this.id} started (polling every ${this.options.pollMs} ms).`);
    this.loop = this.run().finally(() => {
      this.loop = null;
    });
  }

  /** Stops polling and resolves once the job in hand (if any) has finished and been recorded. */
  async stop(): Promise<void> {
    if (!this.loop) return;
    this.stopping = true;
    this.sleeper?.wake();
    await this.loop;
    this.logger.log(`Queue worker ${this.id} stopped.`);
  }

  /**
   * Claims and runs due jobs until none is left (or the worker is stopping); returns how many ran.
   * The polling loop calls it; tests and tools may too.
   */
  async drain(): Promise<number> {
    let ran = 0;
    while (!this.stopping) {
      const job = await this.claim();
      if (!job) break;
      await this.process(job);
      ran++;
    }
    return ran;
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      try {
        await this.scheduleRecurring();
        await this.drain();
        this.tableMissingSince = null;
        if (this.pollFailure) this.logger.log('The queue worker can poll for jobs again.');
        this.pollFailure = null;
      } catch (error) {
        this.reportPollFailure(error);
      }
      if (!this.stopping) await this.sleep(this.options.pollMs);
    }
  }

  private reportPollFailure(error: unknown): void {
    if (isMissingTable(error)) {
      // Migrations may still be running (a deploy step, the tests); a table still missing after a grace
      // period means the server was started without `shop db:migrate`: say so once, keep polling.
      this.tableMissingSince ??= Date.now();
      if (!this.tableMissingReported && Date.now() - this.tableMissingSince >= MISSING_TABLE_GRACE_MS) {
        this.tableMissingReported = true;
        this.logger.warn('The jobs table does not exist (run `shop db:migrate`); the queue worker keeps polling.');
      }
      return;
    }
    const failure = describe(error);
    if (failure !== this.pollFailure) this.logger.error(`The queue worker could not poll for jobs (it keeps trying): ${failure}`);
    this.pollFailure = failure;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.sleeper = null;
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.sleeper = { timer, wake };
    });
  }

  private async claim(): Promise<ClaimedJob | null> {
    const rows = await this.execute<ClaimedRow[]>(CLAIM_SQL, [this.id, this.options.leaseMs], 'all');
    const row = rows[0];
    if (!row) return null;
    return {
      id: Number(row.id),
      type: row.type,
      payload: typeof row.payload === 'string' ? (JSON.parse(row.payload) as JobPayload) : row.payload,
      attempts: Number(row.attempts),
      maxAttempts: Number(row.max_attempts),
    };
  }

  private async process(job: ClaimedJob): Promise<void> {
    const label = `job ${job.id} (${job.type}, attempt ${job.attempts}/${job.maxAttempts})`;
    if (job.attempts > job.maxAttempts) {
      // Only possible for a job reclaimed from a worker that died during its last attempt.
      await this.record('failed', job, FAIL_SQL, ['The worker running the last attempt stopped before finishing it.', job.id, this.id]);
      this.logger.error(`Gave up ${label}: its last attempt was interrupted.`);
      return;
    }
    const handler = this.registry.get(job.type);
    if (!handler) {
      await this.record('failed', job, FAIL_SQL, [`No handler is registered for job type "${job.type}".`, job.id, this.id]);
      this.logger.error(`Failed ${label}: no handler is registered for its type.`);
      return;
    }

    const renew = setInterval(() => {
      this.execute(RENEW_SQL, [job.id, this.id], 'run').catch((error: unknown) =>
        this.logger.warn(`Could not renew the lease of ${label}: ${describe(error)}`),
      );
    }, Math.max(10, Math.floor(this.options.leaseMs / 3)));
    renew.unref();

    let failure: unknown = null;
    try {
      const context = { id: job.id, type: job.type, attempt: job.attempts, maxAttempts: job.maxAttempts };
      await RequestContext.create(this.orm.em, () => handler(job.payload, context));
    } catch (error) {
      failure = error ?? new Error('The handler failed without an error.');
    } finally {
      clearInterval(renew);
    }

    if (failure === null) {
      await this.record('done', job, DONE_SQL, [job.id, this.id]);
      this.logger.log(`Finished ${label}.`);
      const every = this.recurringEvery(job.type);
      if (every !== null) await this.queueRecurring(job.type, every);
    } else if (job.attempts < job.maxAttempts) {
      const delay = retryDelayMs(job.attempts, this.options);
      await this.record('pending', job, RETRY_SQL, [delay, lastError(failure), job.id, this.id]);
      this.logger.warn(`Failed ${label}, retrying in ${delay} ms: ${describe(failure)}`);
    } else {
      await this.record('failed', job, FAIL_SQL, [lastError(failure), job.id, this.id]);
      this.logger.error(`Gave up ${label}: ${describe(failure)}`, failure instanceof Error ? failure.stack : undefined);
      const every = this.recurringEvery(job.type);
      if (every !== null) await this.queueRecurring(job.type, every); // one bad run does not end the schedule
    }
  }

  private recurringEvery(type: string): number | null {
    return this.registry.recurring().find((entry) => entry.type === type)?.everyMs ?? null;
  }

  /** Makes sure each recurring job type has its pending run (the first one due now). Once per worker start. */
  private async scheduleRecurring(): Promise<void> {
    if (this.recurringScheduled) return;
    for (const { type } of this.registry.recurring()) await this.queueRecurring(type, 0);
    this.recurringScheduled = true;
  }

  private async queueRecurring(type: string, delayMs: number): Promise<void> {
    await this.execute(NEXT_RECURRING_SQL, [type, this.options.defaultMaxAttempts, delayMs, type], 'run');
  }

  private async record(outcome: string, job: ClaimedJob, sql: string, params: unknown[]): Promise<void> {
    const result = await this.execute<{ affectedRows: number }>(sql, params, 'run');
    if (result.affectedRows === 0) {
      this.logger.warn(`Job ${job.id} was no longer held by this worker; its outcome (${outcome}) was not recorded.`);
    }
  }

  /** Plain SQL on the ORM's connection, autocommitted: never inside a handler's or a request's transaction. */
  private execute<T>(sql: string, params: unknown[], method: 'all' | 'run'): Promise<T> {
    return this.orm.em.getConnection().execute(sql, params, method) as Promise<T>;
  }
}

/** PostgreSQL's undefined_table, as the pg driver and PGlite both report it. */
function isMissingTable(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '42P01';
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

function lastError(error: unknown): string {
  const text = describe(error);
  return text.length > LAST_ERROR_MAX ? `${text.slice(0, LAST_ERROR_MAX - 1)}…` : text;
}
