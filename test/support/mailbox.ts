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
