import { Logger } from '@nestjs/common';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { MAILBOX_ID_PATTERN, MailboxMailer, newMailboxId } from './mailbox.mailer.js';
import { MailboxReader } from './mailbox-reader.js';

describe('the mailbox (embedded mail adapter)', () => {
  let directory: string;

  beforeAll(() => Logger.overrideLogger(false));

  beforeEach(async () => {
    directory = path.join(await mkdtemp(path.join(os.tmpdir(), 'mailbox-')), 'mailbox');
  });
  afterEach(() => rm(path.dirname(directory), { recursive: true, force: true }));

  it('names files so that they sort by time and never collide', () => {
    const ids = [newMailboxId(new Date('2026-11-22T10:15:30.123Z')), newMailboxId(new Date('2026-11-22T10:15:30.123Z')), newMailboxId(new Date('2026-11-22T10:15:31Z'))];
    expect(ids[0]).toMatch(/^20261122T101530123Z-\d{6}-[0-9a-f]{8}$/);
    expect(new Set(ids).size).toBe(3);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids) expect(id).toMatch(MAILBOX_ID_PATTERN);
  });

  it('writes each message as a parseable RFC 822 .eml file, and reads them back newest first', async () => {
    const mailer = new MailboxMailer(directory, 'HS Training Direct <no-reply@example.co.uk>');
    await mailer.send({ to: 'ann@example.co.uk', subject: 'First £ message', text: 'Hello Ann,\nline two.', replyTo: 'help@example.co.uk' });
    await mailer.send({ to: 'bob@example.co.uk', subject: 'Second', text: 'Hi Bob', html: '<p>Hi <b>Bob</b></p>' });

    const files = (await readdir(directory)).sort();
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
    const first = await PostalMime.parse(await readFile(path.join(directory, files[0]!)));
    expect(first.from).toMatchObject({ address: 'no-reply@example.co.uk', name: 'HS Training Direct' });
    expect(first.to).toEqual([expect.objectContaining({ address: 'ann@example.co.uk' })]);
    expect(first.replyTo).toEqual([expect.objectContaining({ address: 'help@example.co.uk' })]);
    expect(first.subject).toBe('First £ message');
    expect(first.text?.trim()).toBe('Hello Ann,\nline two.');
    expect(first.messageId).toMatch(/^<.+@.+>$/);

    const entries = await new MailboxReader(directory).list();
    expect(entries.map((e) => e.subject)).toEqual(['Second', 'First £ message']);
    expect(entries[0]).toMatchObject({ to: 'bob@example.co.uk', text: expect.stringContaining('Hi Bob'), html: expect.stringContaining('<p>Hi <b>Bob</b></p>') });
    expect(entries[0]!.id).toMatch(MAILBOX_ID_PATTERN);
    expect(new Date(entries[0]!.date).getTime()).not.toBeNaN();
    expect(await new MailboxReader(directory).list({ to: 'ANN@example.co.uk' })).toHaveLength(1);
  });

  it('opens only files named like its own, so no path can escape the folder', async () => {
    const reader = new MailboxReader(directory);
    for (const id of ['../../etc/passwd', '..', '20261122T101530123Z-000001-deadbeef/../x', '']) {
      expect(await reader.read(id)).toBeNull();
    }
    expect(await reader.read('20261122T101530123Z-000001-deadbeef')).toBeNull(); // well formed, absent
    expect(await reader.list()).toEqual([]); // no folder yet
  });
});
