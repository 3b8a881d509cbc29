import { MikroORM, RequestContext } from '@mikro-orm/core';
import type { INestApplication } from '@nestjs/common';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import PostalMime from 'postal-mime';
import request from 'supertest';
import { loadEnvironment } from '../../src/config/environment.js';
import { CoreModule } from '../../src/core.module.js';
import { MAILER, MailModule, type Mailer, OutboundMail } from '../../src/platform/mail/index.js';
import { MailboxMailer } from '../../src/platform/mail/mailbox.mailer.js';
import { SmtpMailer } from '../../src/platform/mail/smtp.mailer.js';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import type { MailboxMessage } from '../support/mailbox.js';
import { createTestDatabase, databaseKind, type TestDatabase } from '../support/test-database.js';
import { waitUntil } from '../support/eventually.js';

const FROM = 'HS Training Direct <orders@hs-training.example.co.uk>';

const until = <T>(check: () => Promise<T | undefined | null | false>, what: string, timeoutMs = 15_000): Promise<T> =>
  waitUntil(check, { timeout: timeoutMs, interval: 20, what });

/** Sends the way a module does: inside a request context (HTTP middleware, CLI wrapper, job). */
const sendFrom = (app: INestApplication, message: Parameters<OutboundMail['send']>[0]) =>
  RequestContext.create(app.get(MikroORM).em, () => app.get(OutboundMail).send(message));

const jobs = (app: INestApplication) =>
  app.get(MikroORM).em.getConnection().execute(`select type, status, attempts, payload from jobs where type like 'mail.%' order by id`) as Promise<
    Array<{ type: string; status: string; attempts: number; payload: Record<string, unknown> }>
  >;

describe(`outgoing mail (${databaseKind})`, () => {
  describe('SmtpMailer, against a real SMTP server', () => {
    let peer: SmtpPeer;
    let mailer: SmtpMailer;

    beforeAll(async () => {
      peer = await startSmtpPeer({ auth: { user: 'shop', pass: 's3cret:/@' } });
      mailer = new SmtpMailer(peer.url, FROM);
    });
    afterAll(async () => {
      mailer.onApplicationShutdown();
      await peer.close();
    });

    it('delivers from MAIL_FROM to the recipient, logging in with the credentials of SMTP_URL', async () => {
      await mailer.send({
        to: 'ann@example.co.uk',
        subject: 'Your order HS-1001 — £24.00',
        text: 'Thank you for your order.\nWe dispatch it today.',
        html: '<p>Thank you for your order.</p>',
        replyTo: 'help@hs-training.example.co.uk',
      });
      const [mail] = await peer.waitFor(1);
      expect(mail!.user).toBe('shop');
      expect(mail!.envelope).toEqual({ from: 'orders@hs-training.example.co.uk', to: ['ann@example.co.uk'] });
      expect(mail!.parsed.from).toMatchObject({ name: 'HS Training Direct', address: 'orders@hs-training.example.co.uk' });
      expect(mail!.parsed.to).toEqual([expect.objectContaining({ address: 'ann@example.co.uk' })]);
      expect(mail!.parsed.replyTo).toEqual([expect.objectContaining({ address: 'help@hs-training.example.co.uk' })]);
      expect(mail!.parsed.subject).toBe('Your order HS-1001 — £24.00');
      expect(mail!.parsed.text?.trim()).toBe('Thank you for your order.\nWe dispatch it today.');
      expect(mail!.parsed.html).toContain('<p>Thank you for your order.</p>');
    });

    it('throws when the server refuses the message, so the job is retried', async () => {
      peer.rejectNext(1);
      await expect(mailer.send({ to: 'bob@example.co.uk', subject: 'Refused', text: 'x' })).rejects.toThrow(/451|Try again later/);
    });

    it('throws when the credentials are wrong', async () => {
      const wrong = new SmtpMailer(peer.url.replace('s3cret', 'wrong'), FROM);
      try {
        await expect(wrong.send({ to: 'bob@example.co.uk', subject: 'No', text: 'x' })).rejects.toThrow(/Invalid username or password|auth/i);
      } finally {
        wrong.onApplicationShutdown();
      }
    });
  });

  describe('in the web application, without SMTP_URL: queue → worker → mailbox', () => {
    let shop: TestApp;
    let http: ReturnType<typeof request>;
    const mailboxJson = async (query = '') => (await http.get(`/api/dev/mailbox${query}`).expect(200)).body as MailboxMessage[];

    beforeAll(async () => {
      shop = await startTestApp({ QUEUE_POLL_MS: '20' });
      http = request(shop.app.getHttpServer());
    });
    afterAll(() => shop.close());

    it('uses the mailbox adapter', () => {
      expect(shop.app.get<Mailer>(MAILER)).toBeInstanceOf(MailboxMailer);
    });

    it('queues a mail.send job (nothing is sent inline), which the worker delivers to the mailbox', async () => {
      await sendFrom(shop.app, {
        to: 'carol@example.co.uk',
        subject: 'Reset your password',
        text: 'Choose a new password here:\nhttp://localhost/password/reset/abc123?email=carol%40example.co.uk\n',
      });
      const [message] = await until(async () => {
        const list = await mailboxJson('?to=carol@example.co.uk');
        return list.length > 0 ? list : null;
      }, 'the e-mail in the mailbox');
      expect(message).toMatchObject({ to: 'carol@example.co.uk', subject: 'Reset your password', html: null });
      expect(message!.text).toContain('http://localhost/password/reset/abc123?email=carol%40example.co.uk');
      expect(new Date(message!.date).getTime()).not.toBeNaN();
      // The worker writes the mailbox file before it marks the job done: wait for that state, not for time.
      const finished = await until(async () => {
        const all = await jobs(shop.app);
        return all.every((job) => job.status === 'done' || job.status === 'failed') ? all : null;
      }, 'the mail.send job to finish');
      expect(finished).toEqual([
        expect.objectContaining({ type: 'mail.send', status: 'done', attempts: 1, payload: expect.objectContaining({ to: 'carol@example.co.uk' }) }),
      ]);
      // A parseable RFC 822 file on disk, from MAIL_FROM's default.
      const folder = path.join(shop.database.env.DATA_DIR, 'mailbox');
      const files = await readdir(folder);
      expect(files).toEqual([`${message!.id}.eml`]);
      const raw = (await http.get(`/dev/mailbox/${message!.id}/raw`).expect(200)).text;
      const parsed = await PostalMime.parse(raw);
      expect(parsed.from).toMatchObject({ address: 'no-reply@localhost' });
      expect(parsed.subject).toBe('Reset your password');
    });

    it('lists newest first and filters by recipient', async () => {
      await sendFrom(shop.app, { to: 'dan@example.co.uk', subject: 'Second', text: 'two' });
      await until(async () => (await mailboxJson()).length === 2, 'two e-mails');
      const list = await mailboxJson();
      expect(list.map((m) => m.subject)).toEqual(['Second', 'Reset your password']);
      expect(await mailboxJson('?to=DAN@example.co.uk')).toHaveLength(1);
      expect(await mailboxJson('?to=nobody@example.co.uk')).toEqual([]);
      await http.get('/api/dev/mailbox?admin=1').expect(422);
    });

    it('refuses a message with a header injection before anything is queued', async () => {
      const before = (await jobs(shop.app)).length;
      await expect(sendFrom(shop.app, { to: 'eve@example.co.uk', subject: 'Hi\r\nBcc: victim@example.com', text: 'x' })).rejects.toThrow(
        /subject must be one non-empty line/,
      );
      expect(await jobs(shop.app)).toHaveLength(before);
    });

    it('shows the mailbox as small server pages under the site CSP, escaping what the messages say', async () => {
      await sendFrom(shop.app, { to: 'fay@example.co.uk', subject: '<script>alert(1)</script> & "quotes"', text: 'Body <b>not bold</b>' });
      const [latest] = await until(async () => {
        const list = await mailboxJson('?to=fay@example.co.uk');
        return list.length > 0 ? list : null;
      }, 'the third e-mail');

      const index = await http.get('/dev/mailbox').expect(200);
      expect(index.headers['content-type']).toMatch(/^text\/html/);
      expect(index.headers['content-security-policy']).toContain("script-src 'self'");
      expect(index.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;');
      expect(index.text).not.toContain('<script>');
      expect(index.text).not.toMatch(/\sstyle=/);
      expect(index.text).toContain(`href="/dev/mailbox/${latest!.id}"`);
      // The one <style> element carries this response's nonce.
      const nonce = /style-src 'self' 'nonce-([^']+)'/.exec(index.headers['content-security-policy'] as string)?.[1];
      expect(nonce).toBeDefined();
      expect(index.text).toContain(`<style nonce="${nonce}">`);
      // Newest first on the page too.
      expect(index.text.indexOf('fay@example.co.uk')).toBeLessThan(index.text.indexOf('carol@example.co.uk'));

      const one = await http.get(`/dev/mailbox/${latest!.id}`).expect(200);
      expect(one.text).toContain('<dt>To</dt><dd>fay@example.co.uk</dd>');
      expect(one.text).toContain('<dt>From</dt><dd>no-reply@localhost</dd>');
      expect(one.text).toContain('Body &lt;b&gt;not bold&lt;/b&gt;');
      expect(one.text).toContain(`href="/dev/mailbox/${latest!.id}/raw"`);
      expect(one.text).not.toContain('<script>');

      const raw = await http.get(`/dev/mailbox/${latest!.id}/raw`).expect(200);
      expect(raw.headers['content-type']).toMatch(/^text\/plain/);
      expect(raw.text).toMatch(/^Subject: /m);
    });

    it.each([
      '/dev/mailbox/..%2f..%2fetc%2fpasswd',
      '/dev/mailbox/..%2f..%2fetc%2fpasswd/raw',
      '/dev/mailbox/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '/dev/mailbox/..%5c..%5cetc%5cpasswd',
      '/dev/mailbox/%2fetc%2fpasswd',
      '/dev/mailbox/20261122T101530123Z-000001-deadbeef',
      '/dev/mailbox/20261122T101530123Z-000001-deadbeef.eml',
    ])('answers 404 for %s', async (url) => {
      const res = await http.get(url).expect(404);
      expect(res.text).not.toContain('root:');
    });
  });

  describe('in the web application, with SMTP_URL: queue → worker → SMTP server', () => {
    let peer: SmtpPeer;
    let shop: TestApp;

    beforeAll(async () => {
      peer = await startSmtpPeer();
      shop = await startTestApp({ QUEUE_POLL_MS: '20', SMTP_URL: peer.url, MAIL_FROM: FROM });
    });
    afterAll(async () => {
      await shop?.close();
      await peer?.close();
    });

    it('delivers through the SMTP server and records the job done', async () => {
      expect(shop.app.get<Mailer>(MAILER)).toBeInstanceOf(SmtpMailer);
      await sendFrom(shop.app, { to: 'gil@example.co.uk', subject: 'Dispatched', text: 'Your parcel is on its way.' });
      const [mail] = await peer.waitFor(1);
      expect(mail!.envelope.to).toEqual(['gil@example.co.uk']);
      expect(mail!.parsed.subject).toBe('Dispatched');
      await until(async () => (await jobs(shop.app))[0]?.status === 'done', 'the job to be recorded done');
      // Nothing in the mailbox: the SMTP adapter replaced it.
      expect((await request(shop.app.getHttpServer()).get('/api/dev/mailbox').expect(200)).body).toEqual([]);
    });
  });

  describe('in production', () => {
    let database: TestDatabase;
    let app: NestFastifyApplication;

    beforeAll(async () => {
      database = await createTestDatabase();
      const env = loadEnvironment({ NODE_ENV: 'production', LOG_LEVEL: 'warn', RUN_QUEUE_WORKER: 'false', ...database.env });
      const moduleRef = await Test.createTestingModule({ imports: [CoreModule.forRoot(env)] })
        .setLogger({ log: () => undefined, warn: () => undefined, error: () => undefined })
        .compile();
      app = moduleRef.createNestApplication<NestFastifyApplication>(new FastifyAdapter());
      await app.init();
      await app.getHttpAdapter().getInstance().ready();
    });
    afterAll(async () => {
      await app?.close();
      await database?.drop();
    });

    it('does not register the development mailbox at all', async () => {
      const fastify = app.getHttpAdapter().getInstance();
      for (const url of ['/dev/mailbox', '/dev/mailbox/:id', '/dev/mailbox/:id/raw', '/api/dev/mailbox']) {
        expect(fastify.hasRoute({ method: 'GET', url })).toBe(false);
      }
      await request(app.getHttpServer()).get('/api/dev/mailbox').expect(404);
      await request(app.getHttpServer()).get('/dev/mailbox').expect(404);
    });

    it('registers it outside production (the same module, another environment)', () => {
      const dev = loadEnvironment({ NODE_ENV: 'development', ...database.env });
      const prod = loadEnvironment({ NODE_ENV: 'production', ...database.env });
      expect(MailModule.forRoot(dev).controllers).toHaveLength(1);
      expect(MailModule.forRoot(prod).controllers).toEqual([]);
    });
  });
});
