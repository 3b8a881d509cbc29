import request, { type Response } from 'supertest';
import { CookieClient, GOOD_PASSWORD, setCookieNamed, uniqueEmail } from '../support/identity-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { databaseKind } from '../support/test-database.js';

/**
 * Issue 25, item 4 (ADR 0034): six wrong passwords from one client made the right one answer 429 from every other
 * client. Counters now go per (client, account), per client and per account, and a browser that signed in before
 * (its device cookie) is exempt from the account's ceiling.
 */
describe(`sign-in throttling (${databaseKind})`, () => {
  let shop: TestApp;
  const http = () => request(shop.app.getHttpServer());

  beforeAll(async () => {
    // 127.0.0.1 (supertest) is trusted as a proxy, so X-Forwarded-For makes each request its own client.
    shop = await startTestApp({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => shop.close());

  // This file spends far more addresses than identity-client's nextIp() cycles through; 10.x.y.z is its own.
  let addresses = 0;
  const freshIp = () => {
    addresses += 1;
    return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
  };

  const login = (ip: string, email: string, password: string) => http().post('/api/login').set('X-Forwarded-For', ip).send({ email, password });

  async function registered(): Promise<string> {
    const email = uniqueEmail('owner');
    const res = await new CookieClient(shop, freshIp()).post('/api/register', {
      first_name: 'Jo', last_name: 'Bloggs', email, password: GOOD_PASSWORD, password_confirmation: GOOD_PASSWORD,
    });
    expect(res.status).toBe(201);
    return email;
  }

  function expectTooMany(res: Response, maxSeconds: number): void {
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ status: 429, error: 'Too Many Requests', message: expect.stringMatching(/^Too many sign-in attempts/) });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
  }

  /** `count` wrong passwords for `email`, five from each fresh address (under the per-pair limit); all must be 422. */
  async function attackFromManyAddresses(email: string, count: number): Promise<void> {
    for (let done = 0; done < count; done += 5) {
      const ip = freshIp();
      const answers = await Promise.all(Array.from({ length: Math.min(5, count - done) }, (_, i) => login(ip, email, `guess ${done + i}`)));
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 422));
    }
  }

  it('never lets one client\'s failures lock the owner out elsewhere; that client itself gets 429 after 5 a minute', async () => {
    const email = await registered();
    const attacker = freshIp();
    for (let i = 0; i < 5; i++) expect((await login(attacker, email, `wrong ${i}`)).status).toBe(422);
    expectTooMany(await login(attacker, email, GOOD_PASSWORD), 60);
    expect((await login(freshIp(), email, GOOD_PASSWORD)).status).toBe(200);
    // The right password is refused from the attacker's client for the rest of the minute all the same.
    expectTooMany(await login(attacker, email, GOOD_PASSWORD), 60);
  });

  it('counts parallel guesses from one client before checking them: at most 5 reach a password check', async () => {
    const email = await registered();
    const ip = freshIp();
    const statuses = (await Promise.all(Array.from({ length: 20 }, (_, i) => login(ip, email, `parallel ${i}`)))).map((a) => a.status);
    expect(statuses.filter((s) => s === 422)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  it('limits one client guessing across many accounts to 30 failures in 15 minutes', async () => {
    const ip = freshIp();
    for (let batch = 0; batch < 6; batch++) {
      const answers = await Promise.all(Array.from({ length: 5 }, () => login(ip, uniqueEmail('stuffed'), 'password123')));
      expect(answers.map((a) => a.status)).toEqual([422, 422, 422, 422, 422]);
    }
    const blocked = await login(ip, 'customer@example.com', 'demo-customer-password');
    expectTooMany(blocked, 15 * 60);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(60);
    expect((await login(freshIp(), 'customer@example.com', 'demo-customer-password')).status).toBe(200);
  });

  it('gives a browser that signed in a long-lived HttpOnly device cookie, which signing out keeps', async () => {
    const email = await registered();
    const browser = new CookieClient(shop, freshIp());
    const res = await browser.post('/api/login', { email, password: GOOD_PASSWORD });
    expect(res.status).toBe(200);
    const cookie = setCookieNamed(res, 'shop_device')!;
    expect(cookie).toMatch(/^shop_device=d1\.\d+\.[\w-]{22}\.[\w-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=31536000/);
    expect((await browser.post('/api/logout')).status).toBe(204);
    expect(browser.cookie('shop_device')).toBeDefined();
  });

  it('rotating X-Forwarded-For cannot exceed the account\'s ceiling of 100 failures an hour; a new client is then held back, the owner\'s browser is not', async () => {
    const email = await registered();
    const owner = new CookieClient(shop, freshIp());
    expect((await owner.post('/api/login', { email, password: GOOD_PASSWORD })).status).toBe(200);
    const otherAccount = await registered();
    const someoneElse = new CookieClient(shop, freshIp());
    expect((await someoneElse.post('/api/login', { email: otherAccount, password: GOOD_PASSWORD })).status).toBe(200);

    await attackFromManyAddresses(email, 100);
    // A new spoofed address per attempt: none of them reaches a password check any more.
    const rotating = await Promise.all(Array.from({ length: 10 }, () => login(freshIp(), email, 'one more guess')));
    for (const res of rotating) expectTooMany(res, 60 * 60);
    expect(Number(rotating[0]!.headers['retry-after'])).toBeGreaterThan(15 * 60);
    // A client the shop has never seen is held back even with the right password: the trade-off OWASP accepts.
    expectTooMany(await login(freshIp(), email, GOOD_PASSWORD), 60 * 60);
    // A device cookie of another account buys nothing here.
    expectTooMany(await someoneElse.post('/api/login', { email, password: GOOD_PASSWORD }), 60 * 60);
    // The owner's browser signs in, from wherever it is now.
    const moved = new CookieClient(shop, freshIp(), new Map([['shop_device', owner.cookie('shop_device')!]]));
    expect((await moved.post('/api/login', { email, password: GOOD_PASSWORD })).status).toBe(200);
    expect((await owner.post('/api/login', { email, password: GOOD_PASSWORD })).status).toBe(200);
  });

  it('stops trusting a device cookie after 10 failures in 15 minutes', async () => {
    const email = await registered();
    const owner = new CookieClient(shop, freshIp());
    expect((await owner.post('/api/login', { email, password: GOOD_PASSWORD })).status).toBe(200);
    await attackFromManyAddresses(email, 100);
    // Ten wrong passwords from the trusted browser are answered as wrong (its own allowance), not 429...
    for (let i = 0; i < 10; i++) expect((await owner.post('/api/login', { email, password: `typo ${i}` })).status).toBe(422);
    // ...then it is one more unknown client, and the account's ceiling holds it back.
    expectTooMany(await owner.post('/api/login', { email, password: GOOD_PASSWORD }), 60 * 60);
  });

  it('refuses a forged device cookie like none at all', async () => {
    const email = await registered();
    const owner = new CookieClient(shop, freshIp());
    const res = await owner.post('/api/login', { email, password: GOOD_PASSWORD });
    const [version, userId, nonce] = owner.cookie('shop_device')!.split('.');
    expect(String(res.body.user.id)).toBe(userId);
    await attackFromManyAddresses(email, 100);
    const forged = new CookieClient(shop, freshIp(), new Map([['shop_device', `${version}.${userId}.${nonce}.${'A'.repeat(43)}`]]));
    expectTooMany(await forged.post('/api/login', { email, password: GOOD_PASSWORD }), 60 * 60);
  });

  it('ignores X-Forwarded-For when TRUST_PROXY is unset: rotating it does not make a new client', async () => {
    const email = await registered();
    const untrusting = await startTestApp({}, { database: shop.database });
    try {
      const direct = (password: string) => request(untrusting.app.getHttpServer()).post('/api/login').set('X-Forwarded-For', freshIp()).send({ email, password });
      for (let i = 0; i < 5; i++) expect((await direct(`spoofed ${i}`)).status).toBe(422);
      expectTooMany(await direct(GOOD_PASSWORD), 60);
    } finally {
      await untrusting.close();
    }
  });
});
