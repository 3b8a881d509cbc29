import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { Environment } from '../../config/environment.js';
import { JobHandlerRegistry } from './job-handler-registry.js';
import { JobHousekeeping } from './job-housekeeping.js';
import { JobQueue } from './job-queue.js';
import { JobWorker } from './job-worker.js';
import { JobSchema } from './job.entity.js';
import { DEFAULT_QUEUE_OPTIONS, QUEUE_OPTIONS, type QueueOptions } from './queue-options.js';

/**
 * The durable job queue, in the `jobs` table of the shop's own database (PostgreSQL or PGlite) and on
 * the ORM's own connection. Global: any module injects `JobQueue` to enqueue and `JobHandlerRegistry`
 * to register its handlers (in `onModuleInit`).
 */
@Global()
@Module({})
export class QueueModule {
  static forRoot(env: Environment, overrides: Partial<QueueOptions> = {}): DynamicModule {
    const options: QueueOptions = {
      ...DEFAULT_QUEUE_OPTIONS,
      autoStart: env.RUN_QUEUE_WORKER,
      pollMs: env.QUEUE_POLL_MS,
      backoffBaseMs: env.QUEUE_RETRY_BASE_MS,
      ...overrides,
    };
    return {
      module: QueueModule,
      providers: [{ provide: QUEUE_OPTIONS, useValue: options }, JobHandlerRegistry, JobQueue, JobWorker, JobHousekeeping],
      exports: [JobHandlerRegistry, JobQueue, JobWorker, JobHousekeeping],
    };
  }
}

/** Entities the queue stores; registered with the ORM by the core module. */
export const queueEntities = [JobSchema];
