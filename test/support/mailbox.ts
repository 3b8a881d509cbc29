import request from 'supertest';
import type { MailboxEntry } from '../../src/platform/mail/mailbox-reader.js';
import type { TestApp } from './test-app.js';

/** One message as `GET /api/dev/mailbox` lists it. */
export type MailboxMessage = MailboxEntry;

/** Waits (bounded, ~10 s) until the queue worker has delivered a message with this subject to this address. */
export async function waitForMail(shop: TestApp, address: string, subject: string): Promise<MailboxMessage> {
  for (let i = 0; i < 200; i++) {
    const res = await request(shop.app.getHttpServer()).get('/api/dev/mailbox').query({ to: address }).expect(200);
    const found = (res.body as MailboxMessage[]).find((m) => m.subject === subject);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`No "${subject}" e-mail reached ${address}`);
}
