/** The job queue's public face: modules, composition roots and the CLI import from here. */
export { QueueModule, queueEntities } from './queue.module.js';
export { JobQueue, type EnqueueOptions } from './job-queue.js';
export { JobHandlerRegistry, type JobHandler, type JobContext } from './job-handler-registry.js';
export { JobWorker } from './job-worker.js';
export { type JobPayload, type JobStatus } from './job.entity.js';
export { type QueueOptions } from './queue-options.js';
