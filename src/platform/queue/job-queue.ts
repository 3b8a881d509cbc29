import { EntityManager } from '@mikro-orm/core';
import { Inject, Injectable } from '@nestjs/common';
import { assertJobType, JobHandlerRegistry } from './job-handler-registry.js';
import { Job, type JobPayload } from './job.entity.js';
import { QUEUE_OPTIONS, type QueueOptions } from './queue-options.js';

export interface EnqueueOptions {
  /** Not before this time (default: now). */
  runAt?: Date;
  /** Attempts before the job is given up as failed (default 5). */
  maxAttempts?: number;
}

/**
 * Puts work on the durable queue. The job is written through the CURRENT entity manager — the request's
 * (HTTP middleware, CLI wrapper, job) or, inside `em.transactional()`, the transaction's — so it is
 * committed together with the business change that caused it, or not at all.
 *
 * `enqueue` persists the job AND flushes the current unit of work (callers cannot forget to): outside a
 * transaction that one flush commits the caller's pending changes and the job atomically; inside
 * `em.transactional()` it only writes into the open transaction, and the commit (or rollback) decides.
 */
@Injectable()
export class JobQueue {
  constructor(
    private readonly em: EntityManager,
    private readonly registry: JobHandlerRegistry,
    @Inject(QUEUE_OPTIONS) private readonly options: QueueOptions,
  ) {}

  async enqueue(type: string, payload: JobPayload, options: EnqueueOptions = {}): Promise<void> {
    assertJobType(type);
    // A typo'd type would otherwise only show up as a failed job later, in another process.
    if (!this.registry.has(type)) throw new Error(`No handler is registered for job type "${type}".`);
    const maxAttempts = options.maxAttempts ?? this.options.defaultMaxAttempts;
    if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw new Error('maxAttempts must be a whole number of at least 1.');
    if (options.runAt && Number.isNaN(options.runAt.getTime())) throw new Error('runAt must be a valid date.');
    // Round-tripping through JSON drops undefined, rejects BigInt/cycles now rather than in the worker.
    const json = JSON.parse(JSON.stringify(payload)) as JobPayload;
    const job = new Job(type, json, { runAt: options.runAt, maxAttempts });
    await this.em.persist(job).flush();
  }
}
