import { Injectable } from '@nestjs/common';
import type { JobPayload } from './job.entity.js';

/** What a handler learns about the job besides its payload. */
export interface JobContext {
  id: number;
  type: string;
  /** This attempt's number, from 1. */
  attempt: number;
  maxAttempts: number;
}

/**
 * Does the work of one job. Throwing schedules a retry (or fails the job after its last attempt).
 * Jobs run at least once: a worker that dies after the work but before recording it runs it again,
 * so handlers should be idempotent where repeating would hurt.
 */
export type JobHandler<P extends JobPayload = JobPayload> = (payload: P, job: JobContext) => Promise<void>;

/** Job types are dotted names such as `mail.send`. */
export const JOB_TYPE_PATTERN = /^[a-z][a-z0-9_-]*(\.[a-z0-9_-]+)*$/;

/** Which code runs which job type. Modules register theirs in `onModuleInit`. */
@Injectable()
export class JobHandlerRegistry {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly intervals = new Map<string, number>();

  register<P extends JobPayload>(type: string, handler: JobHandler<P>): void {
    assertJobType(type);
    if (this.handlers.has(type)) throw new Error(`A handler for job type "${type}" is registered already.`);
    this.handlers.set(type, handler as JobHandler);
  }

  /**
   * A job that runs every `everyMs` for as long as the shop runs (housekeeping such as sweeping abandoned guest
   * baskets). The worker keeps exactly one pending job of the type: it queues one when it starts if none is
   * pending, and the next one each time a run finishes — so the schedule lives in the durable queue, survives
   * restarts, and several processes never multiply it.
   */
  registerRecurring(type: string, everyMs: number, handler: JobHandler): void {
    if (!Number.isInteger(everyMs) || everyMs < 1000) throw new Error('A recurring job runs at most once a second.');
    this.register(type, handler);
    this.intervals.set(type, everyMs);
  }

  /** The recurring job types and their intervals (ms). */
  recurring(): Array<{ type: string; everyMs: number }> {
    return [...this.intervals].map(([type, everyMs]) => ({ type, everyMs }));
  }

  get(type: string): JobHandler | undefined {
    return this.handlers.get(type);
  }

  has(type: string): boolean {
    return this.handlers.has(type);
  }

  types(): string[] {
    return [...this.handlers.keys()].sort();
  }
}

export function assertJobType(type: string): void {
  if (type.length > 100 || !JOB_TYPE_PATTERN.test(type)) {
    throw new Error(`"${type}" is not a valid job type (lower-case dotted name, at most 100 characters).`);
  }
}
