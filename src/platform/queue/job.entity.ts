import { defineEntity, p } from '@mikro-orm/core';

export const JOB_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** What a job carries: plain JSON, stored as jsonb. */
export type JobPayload = Record<string, unknown>;

/**
 * One unit of background work (send an e-mail, …). Written by `JobQueue.enqueue` through the ORM, in the
 * caller's unit of work; claimed, retried and finished by `JobWorker` with plain SQL.
 * Times that the worker compares (run_at, locked_at) come from the database clock, never this process's.
 */
export class Job {
  id!: number;
  type!: string;
  payload!: JobPayload;
  status: JobStatus = 'pending';
  /** Attempts started so far (a claim counts one). */
  attempts = 0;
  maxAttempts!: number;
  /** Not before this time; unset → the database's now() at insert. */
  runAt?: Date;
  lockedAt: Date | null = null;
  lockedBy: string | null = null;
  lastError: string | null = null;
  createdAt?: Date;
  updatedAt?: Date;
  finishedAt: Date | null = null;

  constructor(type: string, payload: JobPayload, options: { runAt?: Date; maxAttempts: number }) {
    this.type = type;
    this.payload = payload;
    this.maxAttempts = options.maxAttempts;
    if (options.runAt) this.runAt = options.runAt;
  }
}

export const JobSchema = defineEntity({
  class: Job,
  tableName: 'jobs',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    type: p.string().length(100),
    payload: p.json<JobPayload>(),
    status: p.enum(JOB_STATUSES),
    attempts: p.integer(),
    maxAttempts: p.integer(),
    runAt: p.datetime().defaultRaw('now()'),
    lockedAt: p.datetime().nullable(),
    lockedBy: p.string().length(200).nullable(),
    lastError: p.text().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
    updatedAt: p.datetime().defaultRaw('now()').onUpdate(() => new Date()),
    finishedAt: p.datetime().nullable(),
  },
});
