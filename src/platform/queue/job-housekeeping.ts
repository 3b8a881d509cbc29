import { MikroORM } from '@mikro-orm/core';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { JobHandlerRegistry } from './job-handler-registry.js';

export const PURGE_DONE_JOBS_JOB = 'queue.purge-done';
/** How long a finished job stays, for someone asking "did that e-mail go?" (issue 16). Failed jobs stay until handled. */
export const DONE_JOBS_KEPT_DAYS = 7;
const PURGE_EVERY_MS = 6 * 60 * 60 * 1000;
/** Rows deleted per statement, so a first purge of a large table never holds one long lock. */
const PURGE_BATCH = 5000;

/** Keeps the jobs table from growing for ever: done jobs older than a week are deleted every six hours. */
@Injectable()
export class JobHousekeeping implements OnModuleInit {
  private readonly logger = new Logger(JobHousekeeping.name);

  constructor(
    private readonly orm: MikroORM,
    private readonly registry: JobHandlerRegistry,
  ) {}

  onModuleInit(): void {
    this.registry.registerRecurring(PURGE_DONE_JOBS_JOB, PURGE_EVERY_MS, async () => {
      const purged = await this.purgeDone();
      if (purged > 0) this.logger.log(`Purged ${purged} done job(s) finished over ${DONE_JOBS_KEPT_DAYS} days ago.`);
    });
  }

  /** Deletes done jobs finished more than `DONE_JOBS_KEPT_DAYS` ago; answers how many. */
  async purgeDone(now: Date = new Date()): Promise<number> {
    const before = new Date(now.getTime() - DONE_JOBS_KEPT_DAYS * 86_400_000);
    const connection = this.orm.em.getConnection();
    let total = 0;
    for (;;) {
      const rows = await connection.execute<Array<{ id: string }>>(
        `delete from jobs where id in (select id from jobs where status = 'done' and finished_at < ? order by id limit ${PURGE_BATCH}) returning id`,
        [before],
      );
      total += rows.length;
      if (rows.length < PURGE_BATCH) return total;
    }
  }
}
