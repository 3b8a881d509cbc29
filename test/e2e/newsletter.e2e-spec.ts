import request from 'supertest';
import { nextIp, uniqueEmail } from '../support/identity-client.js';
import { eventually } from '../support/eventually.js';
import { type MailboxMessage, waitForMail, waitForQueueIdle } from '../support/mailbox.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { databaseKind } from '../support/test-database.js';

const SUBSCRIBED = { message: 'Thank you, you have been subscribed' };
const SUBJECT = 'You are subscribed to the HS Training Direct newsletter';

describe(`newsletter API (${databaseKind})`, () => {
  let shop: TestApp;
  const http = () => request(shop.app.getHttpServer());
  const subscribe = (body: object, ip = nextIp()) => http().post('/api/newsletter').set('X-Forwarded-For', ip).send(body);
  const unsubscribe = (token: string) => http().post('/api/newsletter/unsubscribe').set('X-Forwarded-For', nextIp()).send({ token });
  const subscriber = async (email: string) =>
    (await shop.sql<{ email: string; consented_at: Date | string; unsubscribed_at: Date | string | null; unsubscribe_token_hash: string }>(
      'select email, consented_at, unsubscribed_at, unsubscribe_token_hash from newsletter_subscribers where lower(email) = lower(?)',
      [email],
    ))[0];
  const mailsTo = async (email: string) =>
    ((await http().get('/api/dev/mailbox').query({ to: email }).expect(200)).body as MailboxMessage[]).filter((m) => m.subject === SUBJECT);

  function unsubscribeToken(mail: MailboxMessage): string {
    const match = /http:\/\/[^\s]+\/newsletter\/unsubscribe\/([\w-]{43})/.exec(mail.text);
    if (!match) throw new Error(`No unsubscribe link in: ${mail.text}`);
    return match[1]!;
  }

  beforeAll(async () => {
    shop = await startTestApp({ TRUST_PROXY: '127.0.0.1', QUEUE_POLL_MS: '20', PUBLIC_URL: 'http://shop.test' });
  });
  afterAll(() => shop.close());

  it.each([
    ['an empty body', {}],
    ['an empty address', { email: '' }],
    ['a malformed address', { email: 'not-an-email' }],
    ['a non-string', { email: 42 }],
    ['an overlong address', { email: `${'a'.repeat(250)}@example.com` }],
  ])('refuses %s (422 errors.email)', async (_case, body) => {
    const res = await subscribe(body).expect(422);
    expect(Object.keys(res.body.errors)).toEqual(['email']);
  });

  it('refuses unknown fields', async () => {
    const res = await subscribe({ email: uniqueEmail('news'), consent: true }).expect(422);
    expect(res.body.errors).toEqual({ consent: ['consent is not an accepted field.'] });
  });

  it('subscribes, records consent, and e-mails a confirmation with a working unsubscribe link', async () => {
    const email = uniqueEmail('news');
    const before = Date.now();
    expect((await subscribe({ email: ` ${email.toUpperCase()} ` }).expect(200)).body).toEqual(SUBSCRIBED);

    const row = await subscriber(email);
    expect(row!.email).toBe(email);
    expect(row!.unsubscribed_at).toBeNull();
    expect(new Date(row!.consented_at).getTime()).toBeGreaterThanOrEqual(before - 1000);

    const mail = await waitForMail(shop, email, SUBJECT);
    expect(mail.text).toContain('http://shop.test/newsletter/unsubscribe/');
    const token = unsubscribeToken(mail);
    expect(row!.unsubscribe_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.unsubscribe_token_hash).not.toContain(token); // only its hash is stored

    expect((await unsubscribe(token).expect(200)).body).toEqual({ message: 'You have been unsubscribed' });
    expect((await subscriber(email))!.unsubscribed_at).not.toBeNull();
    // Decision: a repeated click is harmless and answers the same 200.
    expect((await unsubscribe(token).expect(200)).body).toEqual({ message: 'You have been unsubscribed' });
  });

  it('carries one-click unsubscribe headers (RFC 8058), whose POST unsubscribes with a form and no cookies', async () => {
    const email = uniqueEmail('news');
    await subscribe({ email }).expect(200);
    const mail = await waitForMail(shop, email, SUBJECT);
    // Headers unfolded (a long header continues on lines that start with a space).
    const raw = (await http().get(`/dev/mailbox/${mail.id}/raw`).expect(200)).text.replace(/\r?\n[ \t]+/g, ' ');
    const token = unsubscribeToken(mail);
    expect(raw).toContain(`List-Unsubscribe: <http://shop.test/api/newsletter/unsubscribe/${token}>`);
    expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    // What Gmail's button sends: a urlencoded form to that address, no cookies, no XSRF header.
    const oneClick = await http().post(`/api/newsletter/unsubscribe/${token}`).type('form').send('List-Unsubscribe=One-Click').expect(200);
    expect(oneClick.body).toEqual({ message: 'You have been unsubscribed' });
    expect((await subscriber(email))!.unsubscribed_at).not.toBeNull();
    await http().post(`/api/newsletter/unsubscribe/${'x'.repeat(43)}`).type('form').send('List-Unsubscribe=One-Click').expect(404);
    // Forms are still refused everywhere else.
    await http().post('/api/newsletter').type('form').send(`email=${encodeURIComponent(uniqueEmail('news'))}`).expect(415);
  });

  it('answers a known address exactly like a new one, and sends no second e-mail (no enumeration)', async () => {
    const email = uniqueEmail('news');
    const first = await subscribe({ email }).expect(200);
    await waitForMail(shop, email, SUBJECT);
    const consent = (await subscriber(email))!.consented_at;
    const again = await subscribe({ email: email.toUpperCase() }).expect(200);
    expect(again.body).toEqual(first.body);
    expect(again.body).toEqual(SUBSCRIBED);
    expect((await shop.sql('select id from newsletter_subscribers where lower(email) = ?', [email])).length).toBe(1);
    expect(new Date((await subscriber(email))!.consented_at).getTime()).toBe(new Date(consent).getTime());
    await waitForQueueIdle(shop);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('subscribes again after an unsubscribe, with a new consent time and a new link (the old one ends)', async () => {
    const email = uniqueEmail('news');
    await subscribe({ email }).expect(200);
    const oldToken = unsubscribeToken(await waitForMail(shop, email, SUBJECT));
    const firstConsent = new Date((await subscriber(email))!.consented_at).getTime();
    await unsubscribe(oldToken).expect(200);

    await new Promise((resolve) => setTimeout(resolve, 10));
    expect((await subscribe({ email }).expect(200)).body).toEqual(SUBSCRIBED);
    const row = await subscriber(email);
    expect(row!.unsubscribed_at).toBeNull();
    expect(new Date(row!.consented_at).getTime()).toBeGreaterThan(firstConsent);

    const mails = await eventually(() => mailsTo(email)).toHaveLength(2);
    const newToken = unsubscribeToken(mails[0]!); // newest first
    expect(newToken).not.toBe(oldToken);
    await unsubscribe(oldToken).expect(404);
    await unsubscribe(newToken).expect(200);
  });

  it.each([
    ['an unknown token', 'x'.repeat(43)],
    ['a malformed token', 'not-a-token'],
    ['an empty token', ''],
  ])('answers 404 "This link is invalid or has expired" for %s', async (_case, token) => {
    const res = await unsubscribe(token).expect(404);
    expect(res.body.message).toBe('This link is invalid or has expired');
  });

  it('the unsubscribe page asks first (GET changes nothing), masks the address, and is not indexed', async () => {
    const email = uniqueEmail('page');
    await subscribe({ email }).expect(200);
    const token = unsubscribeToken(await waitForMail(shop, email, SUBJECT));
    const page = await http().get(`/newsletter/unsubscribe/${token}`).expect(200);
    expect(page.text).toContain(`Unsubscribe ${email[0]}***@acme-training.co.uk?`);
    expect(page.text).not.toContain(email);
    expect(page.text).toContain('<meta name="robots" content="noindex"');
    expect((await subscriber(email))!.unsubscribed_at).toBeNull();

    await unsubscribe(token).expect(200);
    expect((await http().get(`/newsletter/unsubscribe/${token}`).expect(200)).text).toContain('You have been unsubscribed');
  });

  it('the unsubscribe page shows a friendly message for an unknown link', async () => {
    const page = await http().get(`/newsletter/unsubscribe/${'y'.repeat(43)}`).expect(200);
    expect(page.text).toContain('This link is invalid or has expired');
  });

  it('refuses a missing token (422)', async () => {
    await http().post('/api/newsletter/unsubscribe').send({}).expect(422);
  });

  it('limits sign-ups to 10 a minute per client (429 with Retry-After), other clients unaffected', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) await subscribe({ email: uniqueEmail('burst') }, ip).expect(200);
    const limited = await subscribe({ email: uniqueEmail('burst') }, ip).expect(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    await subscribe({ email: uniqueEmail('burst') }).expect(200);
  });

  it('counts only well-formed sign-ups against the limit (a 422 costs nothing)', async () => {
    const ip = nextIp();
    for (let i = 0; i < 12; i++) await subscribe({ email: 'bad' }, ip).expect(422);
    await subscribe({ email: uniqueEmail('news') }, ip).expect(200);
  });
});
