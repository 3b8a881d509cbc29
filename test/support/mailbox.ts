import request from 'supertest';
import type { MailboxEntry } from '../../src/platform/mail/mailbox-reader.js';
import { eventually } from './eventually.js';
import type { TestApp } from './test-app.js';

/** One message as `GET /api/dev/mailbox` lists it. */
export type MailboxMessage = MailboxEntry;

/** Waits (bounded, ~10 s) until the queue worker has delivered a message with this subject to this address. */
export async function waitForMail(shop: TestApp, address: string, subject: string): Promise<MailboxMessage> {
  const found = await eventually(async () => {
    const res = await request(shop.app.getHttpServer()).get('/api/dev/mailbox').query({ to: address }).expect(200);
    return (res.body as MailboxMessage[]).find((m) => m.subject === subject);
  }).toMatchObject({ subject });
  return found!;
}

/**
 * Waits until the queue has nothing to do now (no job running, none due): what a test needs before it asserts that
 * something was NOT sent — a wrongly queued mail is a job row from the moment its request answered, so once the
 * queue is idle it has either been delivered or was never queued. A state to wait for, not a guess at a time.
 */
export async function waitForQueueIdle(shop: TestApp): Promise<void> {
  await eventually(async () => {
    const [row] = await shop.sql<{ busy: number | string }>(`select count(*) as busy from jobs where status = 'running' or (status = 'pending' and run_at <= now())`);
    return Number(row!.busy);
  }).toBe(0);
}

/**
 * Waits until the queue worker has run the recurring job `type` once: the worker runs every recurring job as it starts
 * (job-worker.ts), then schedules its next run an interval later. A test that makes rows such a job acts on must not
 * race that first run: the refresher sweep once claimed one of a test's two due certificates halfway through its setup,
 * and the buyer got two e-mails instead of one.
 */
export async function waitForFirstRecurringRun(shop: TestApp, type: string): Promise<void> {
  await eventually(async () => {
    const [row] = await shop.sql<{ n: number | string }>(`select count(*) as n from jobs where type = ? and status = 'pending' and run_at > now() + interval '1 minute'`, [type]);
    return Number(row!.n);
  }).toBe(1);
}
