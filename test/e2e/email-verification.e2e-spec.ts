import request from 'supertest';
import { bearerFor, CookieClient, DEMO_ADMIN, DEMO_CUSTOMER, GOOD_PASSWORD, nextIp, signInByApi, uniqueEmail } from '../support/identity-client.js';
import { waitUntil } from '../support/eventually.js';
import { type MailboxMessage, waitForMail } from '../support/mailbox.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { databaseKind } from '../support/test-database.js';

const PUBLIC_URL = 'http://shop.test';
const CONFIRM_SUBJECT = 'Confirm your e-mail address';

/** Issue 25 items 2 and 8 (ADR 0033): proving an account's e-mail address, and no probing through e-mail changes. */
describe(`e-mail verification and e-mail changes (${databaseKind})`, () => {
  let shop: TestApp;
  const http = () => request(shop.app.getHttpServer());

  beforeAll(async () => {
    shop = await startTestApp({ PUBLIC_URL, TRUST_PROXY: '127.0.0.1', QUEUE_POLL_MS: '20' });
  });
  afterAll(() => shop.close());

  async function register(client: CookieClient) {
    const email = uniqueEmail('verify');
    const res = await client.post('/api/register', {
      first_name: 'Jo', last_name: 'Bloggs', email, password: GOOD_PASSWORD, password_confirmation: GOOD_PASSWORD,
    });
    expect(res.status).toBe(201);
    return { email, user: res.body.user as { id: number; email_verified: boolean } };
  }

  /** Every confirmation mail to the address (newest first), once `count` have arrived. */
  async function confirmationMails(address: string, count: number): Promise<MailboxMessage[]> {
    const mails = async () => ((await http().get('/api/dev/mailbox').query({ to: address }).expect(200)).body as MailboxMessage[]).filter((m) => m.subject === CONFIRM_SUBJECT);
    return waitUntil(async () => {
      const found = await mails();
      return found.length >= count && found;
    }, { what: `${count} confirmation e-mails to ${address}` });
  }

  function tokenOf(mail: MailboxMessage): string {
    const match = new RegExp(`${PUBLIC_URL.replace(/\./g, '\\.')}/verify-email\\?token=([\\w-]+)`).exec(mail.text);
    if (!match) throw new Error(`No verification link in: ${mail.text}`);
    return match[1]!;
  }

  const verifiedIn = async (client: CookieClient) => (await client.get('/api/user')).body.email_verified as boolean;

  it('mails a link at registration; opening it changes nothing, its button verifies the address once, and it says so after', async () => {
    const client = new CookieClient(shop, nextIp());
    const { email, user } = await register(client);
    expect(user.email_verified).toBe(false);
    const mail = (await confirmationMails(email, 1))[0]!;
    expect(mail.text).toContain('it works once, for 48 hours');
    const token = tokenOf(mail);

    // The account page says what is missing and offers the link again.
    const account = await client.get('/account');
    expect(account.text).toContain('Not verified yet.');
    expect(account.text).toContain('Resend the link');

    // Opening the link changes nothing: mail scanners open every link before the person does, and one that
    // verified would verify an account an attacker registered with the victim's address.
    const page = await http().get(`/verify-email?token=${token}`).expect(200);
    expect(page.text).toContain('data-verification="pending"');
    expect(page.text).toContain(`Confirm that ${email} is your e-mail address.`);
    expect(page.text).toContain('Confirm my e-mail address');
    expect(await verifiedIn(client)).toBe(false);

    // The page's button: signed in or not, on any device.
    const confirmed = await http().post('/api/email/verify').send({ token }).expect(200);
    expect(confirmed.body).toEqual({ message: `Thank you: ${email} is verified.`, email });
    expect(await verifiedIn(client)).toBe(true);
    expect((await client.get('/account')).text).not.toContain('Not verified yet.');

    // Opened or pressed again, the link says so rather than failing.
    const again = await http().get(`/verify-email?token=${token}`).expect(200);
    expect(again.text).toContain('data-verification="already_verified"');
    expect(again.text).toContain(`${email} is already verified.`);
    expect((await http().post('/api/email/verify').send({ token }).expect(200)).body.email).toBe(email);
  });

  it('refuses an unknown or expired link on the page and in the API', async () => {
    const client = new CookieClient(shop, nextIp());
    const { email } = await register(client);
    const token = tokenOf((await confirmationMails(email, 1))[0]!);
    await shop.sql("update email_verification_tokens set expires_at = now() - interval '1 minute' where email = ?", [email]);

    const page = await http().get(`/verify-email?token=${token}`).expect(200);
    expect(page.text).toContain('data-verification="invalid"');
    expect(page.text).toContain('This verification link is invalid or has expired.');
    const api = await http().post('/api/email/verify').send({ token }).expect(422);
    expect(api.body.errors).toEqual({ token: ['This verification link is invalid or has expired.'] });
    await http().post('/api/email/verify').send({ token: 'x'.repeat(43) }).expect(422);
    expect((await http().get('/verify-email').expect(200)).text).toContain('data-verification="invalid"');
    expect(await verifiedIn(client)).toBe(false);
  });

  it('resends a link on request (the older one ends), at most 3 in 15 minutes', async () => {
    const client = new CookieClient(shop, nextIp());
    const { email } = await register(client);
    const first = tokenOf((await confirmationMails(email, 1))[0]!);

    const resent = await client.post('/api/user/email-verification');
    expect(resent.status).toBe(200);
    expect(resent.body.message).toBe(`We have e-mailed a new verification link to ${email}.`);
    await confirmationMails(email, 2);
    await http().post('/api/email/verify').send({ token: first }).expect(422);

    expect((await client.post('/api/user/email-verification')).status).toBe(200);
    expect((await client.post('/api/user/email-verification')).status).toBe(200);
    const limited = await client.post('/api/user/email-verification');
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^We have sent several links already\. Please try again in \d+ seconds\.$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    await http().post('/api/user/email-verification').expect(401);

    // Each new link ends the ones before it: one works, whichever mail it came in.
    const tokens = (await confirmationMails(email, 4)).map(tokenOf);
    const live = await shop.sql('select count(*)::int as n from email_verification_tokens where email = ? and used_at is null', [email]);
    expect(live[0]!.n).toBe(1);
    const answers = [];
    for (const token of tokens) answers.push((await http().post('/api/email/verify').send({ token })).status);
    expect(answers).toContain(200);
    expect(await verifiedIn(client)).toBe(true);
    expect((await client.post('/api/user/email-verification')).body.message).toBe(`Your e-mail address ${email} is already verified.`);
  });

  it('a changed e-mail address is unverified until the link sent to it is followed; links to the old address end', async () => {
    const client = new CookieClient(shop, nextIp());
    const { email } = await register(client);
    const oldToken = tokenOf((await confirmationMails(email, 1))[0]!);
    await http().post('/api/email/verify').send({ token: oldToken }).expect(200);

    const moved = uniqueEmail('moved');
    const changed = await client.put('/api/user/profile', { first_name: 'Jo', last_name: 'Bloggs', email: moved, current_password: GOOD_PASSWORD });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ email: moved, email_verified: false });
    const newToken = tokenOf((await confirmationMails(moved, 1))[0]!);
    expect((await http().get(`/verify-email?token=${oldToken}`).expect(200)).text).toContain('data-verification="invalid"');
    await http().post('/api/email/verify').send({ token: newToken }).expect(200);
    expect(await verifiedIn(client)).toBe(true);
  });

  it('a completed password reset verifies the address; demo accounts are verified, users made or re-addressed by staff are not', async () => {
    const client = new CookieClient(shop, nextIp());
    const { email } = await register(client);
    await http().post('/api/password/email').set('X-Forwarded-For', nextIp()).send({ email }).expect(200);
    const reset = /\/password\/reset\/([\w-]+)\?/.exec((await waitForMail(shop, email, 'Reset your password')).text)!;
    await http().post('/api/password/reset').send({ token: reset[1], email, password: 'Brand-New-Password-7', password_confirmation: 'Brand-New-Password-7' }).expect(200);
    const { user } = await signInByApi(shop, { email, password: 'Brand-New-Password-7' });
    expect(user).toMatchObject({ email_verified: true });

    expect((await signInByApi(shop, DEMO_CUSTOMER)).user).toMatchObject({ email_verified: true });
    const admin = await bearerFor(shop, DEMO_ADMIN);
    const made = await http().post('/api/admin/users').set('Authorization', admin).send({ email: uniqueEmail('staff-made'), first_name: 'Sam', last_name: 'Staff' }).expect(201);
    expect(made.body.email_verified).toBe(false);
    // An address typed by staff proves nothing either.
    const retyped = await http().patch(`/api/admin/users/${user.id}`).set('Authorization', admin).send({ email: uniqueEmail('retyped') }).expect(200);
    expect(retyped.body.email_verified).toBe(false);
  });

  it('the 6th attempt to change the e-mail address within an hour is 429, even for an address that exists', async () => {
    const client = new CookieClient(shop, nextIp());
    await register(client);
    const taken = (await register(new CookieClient(shop, nextIp()))).email;
    const change = (email: string) => client.put('/api/user/profile', { first_name: 'Jo', last_name: 'Bloggs', email, current_password: GOOD_PASSWORD });

    // Successes and "already exists" answers count alike: both tell the asker something about an address.
    const answers = [];
    for (const email of [taken, 'customer@example.com', uniqueEmail('fine'), taken, DEMO_ADMIN.email]) answers.push((await change(email)).status);
    expect(answers).toEqual([422, 422, 200, 422, 422]);
    const limited = await change(taken);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Too many attempts to change your e-mail address\. Please try again in \d+ minutes\.$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3000);
    // A free address is refused the same way: the limit is on attempts, not on answers.
    expect((await change(uniqueEmail('free'))).status).toBe(429);
    // The rest of the profile can still be changed.
    expect((await client.put('/api/user/profile', { first_name: 'Joanna', last_name: 'Bloggs' })).status).toBe(200);
  });
});
