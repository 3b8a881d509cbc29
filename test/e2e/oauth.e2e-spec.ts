import request from 'supertest';
import { CookieClient, DEMO_ADMIN, DEMO_CUSTOMER, GOOD_PASSWORD, nextIp, setCookieNamed, signInByApi, uniqueEmail } from '../support/identity-client.js';
import { waitForMail } from '../support/mailbox.js';
import { OidcPeer } from '../support/oidc-peer.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { databaseKind } from '../support/test-database.js';

const PUBLIC_URL = 'http://shop.test';

describe(`OAuth sign-in against a real OpenID Connect provider (${databaseKind})`, () => {
  let peer: OidcPeer;
  let shop: TestApp;
  const http = () => request(shop.app.getHttpServer());

  beforeAll(async () => {
    peer = await OidcPeer.start(`${PUBLIC_URL}/api/oauth/oidc/callback`);
    shop = await startTestApp({
      PUBLIC_URL,
      TRUST_PROXY: '127.0.0.1',
      OAUTH_OIDC_ISSUER: peer.issuer,
      OAUTH_OIDC_CLIENT_ID: peer.clientId,
      OAUTH_OIDC_CLIENT_SECRET: peer.clientSecret,
      OAUTH_OIDC_NAME: 'Acme SSO',
      QUEUE_POLL_MS: '20',
    });
  });
  afterAll(async () => {
    await shop?.close();
    await peer?.close();
  });

  /** The browser's round trip: ask the shop for the URL, sign in at the provider, come back to the callback. */
  async function signInThroughProvider(options: { tamperState?: boolean; dropFlowCookie?: boolean; redirect?: string; returnCookie?: string } = {}) {
    const start = await http().post('/api/oauth/oidc').send(options.redirect ? { redirect: options.redirect } : {}).expect(200);
    const flowCookie = setCookieNamed(start, 'oauth_flow')!;
    const returnCookie = options.returnCookie ?? setCookieNamed(start, 'oauth_return')?.split(';')[0];
    expect(flowCookie).toMatch(/HttpOnly/i);
    expect(flowCookie).toMatch(/Path=\/api\/oauth/i);
    const authorizationUrl = new URL(start.body.url as string);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('state')).toBeTruthy();
    expect(authorizationUrl.searchParams.get('nonce')).toBeTruthy();
    expect(authorizationUrl.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/oauth/oidc/callback`);

    const callback = await peer.authorize(authorizationUrl.href);
    expect(callback.origin).toBe(PUBLIC_URL);
    if (options.tamperState) callback.searchParams.set('state', 'forged-state');
    let req = http().get(callback.pathname + callback.search).set('X-Forwarded-For', nextIp());
    const cookies = [options.dropFlowCookie ? null : flowCookie.split(';')[0]!, returnCookie ?? null].filter(Boolean);
    if (cookies.length > 0) req = req.set('Cookie', cookies.join('; '));
    return req;
  }

  it('lists the configured provider', async () => {
    expect((await http().get('/api/oauth/providers').expect(200)).body).toEqual([{ id: 'oidc', name: 'Acme SSO' }]);
  });

  it('creates a customer account for a new, verified e-mail and signs them in', async () => {
    const email = uniqueEmail('sso');
    peer.signInAs({ sub: `sub-${email}`, email, email_verified: true, given_name: 'Sam', family_name: 'Safety' });
    const back = await signInThroughProvider();
    expect(back.status).toBe(302);
    expect(back.headers.location).toBe('/account');
    const session = setCookieNamed(back, 'shop_session')!.split(';')[0]!;
    const me = await http().get('/api/user').set('Cookie', session).expect(200);
    // The provider vouched for the address of the account it made (ADR 0033).
    expect(me.body).toMatchObject({ email, first_name: 'Sam', last_name: 'Safety', role: 'customer', has_password: false, email_verified: true });
  });

  /** Registers from a browser-like client (signed in by cookie afterwards); the account's address is not verified yet. */
  async function registerWithPassword(email: string, password = GOOD_PASSWORD) {
    const client = new CookieClient(shop, nextIp());
    const res = await client.post('/api/register', { first_name: 'Pat', last_name: 'Jones', email, password, password_confirmation: password });
    expect(res.status).toBe(201);
    return { client, userId: res.body.user.id as number };
  }

  /** Follows the link of the verification e-mail (ADR 0033). */
  async function verifyAddress(email: string) {
    const mail = await waitForMail(shop, email, 'Confirm your e-mail address');
    const token = /\/verify-email\?token=([\w-]+)/.exec(mail.text)![1]!;
    await http().post('/api/email/verify').send({ token }).expect(200);
  }

  const identitiesOf = (userId: number) => shop.sql('select subject from oauth_identities where user_id = ?', [userId]);

  it('links an existing account only by an e-mail the provider marks verified and the shop has verified', async () => {
    const email = uniqueEmail('existing');
    const { userId } = await registerWithPassword(email);
    await verifyAddress(email);

    peer.signInAs({ sub: `unverified-${email}`, email, email_verified: false });
    const refused = await signInThroughProvider();
    expect(refused.status).toBe(302);
    expect(refused.headers.location).toMatch(/^\/login\?oauth_error=.*did%20not%20confirm%20your%20e-mail/);
    expect(setCookieNamed(refused, 'shop_session')).toBeUndefined();

    peer.signInAs({ sub: `verified-${email}`, email, email_verified: true });
    const linked = await signInThroughProvider();
    expect(linked.headers.location).toBe('/account');
    expect((await waitForMail(shop, email, 'Acme SSO was linked to your account')).text).toContain('sign in to your account with Acme SSO');
    const me = await http().get('/api/user').set('Cookie', setCookieNamed(linked, 'shop_session')!.split(';')[0]!).expect(200);
    expect(me.body.id).toBe(userId);

    // The provider account stays linked by its subject, even if its e-mail changes later.
    peer.signInAs({ sub: `verified-${email}`, email: uniqueEmail('renamed'), email_verified: true });
    const again = await signInThroughProvider();
    const me2 = await http().get('/api/user').set('Cookie', setCookieNamed(again, 'shop_session')!.split(';')[0]!).expect(200);
    expect(me2.body.id).toBe(userId);
  });

  it('pre-hijacking: an account registered with an unproven address is neither linked nor signed in by the real owner\'s provider', async () => {
    // The attacker registers the victim's address first, with a password of their own, and never verifies it.
    const victim = uniqueEmail('victim');
    const { userId: attackersAccount } = await registerWithPassword(victim, 'Attackers-Own-Password-1');

    peer.signInAs({ sub: `victim-${victim}`, email: victim, email_verified: true, given_name: 'Vic', family_name: 'Tim' });
    const refused = await signInThroughProvider();
    expect(refused.status).toBe(302);
    expect(decodeURIComponent(refused.headers.location as string)).toBe(
      '/login?oauth_error=An account with this e-mail address already exists. Sign in with your password, then connect Acme SSO from your account page.',
    );
    expect(setCookieNamed(refused, 'shop_session')).toBeUndefined();
    expect(await identitiesOf(attackersAccount)).toHaveLength(0);
    expect(await shop.sql('select id from oauth_identities where subject = ?', [`victim-${victim}`])).toHaveLength(0);

    // The sign-in page shows the message as it is (it is one of the shop's own).
    const page = await http().get(refused.headers.location as string).expect(200);
    expect(page.text).toContain('Sign in with your password, then connect Acme SSO from your account page.');
  });

  it('an account made by staff (no password, unverified) is told to choose a password first; after the reset the provider links', async () => {
    const email = uniqueEmail('staff-made');
    const admin = await signInByApi(shop, DEMO_ADMIN);
    const made = await http().post('/api/admin/users').set('Authorization', admin.bearer).send({ email, first_name: 'Sam', last_name: 'Staff' }).expect(201);

    peer.signInAs({ sub: `staff-made-${email}`, email, email_verified: true });
    const refused = await signInThroughProvider();
    expect(decodeURIComponent(refused.headers.location as string)).toBe(
      '/login?oauth_error=An account with this e-mail address already exists. Choose its password with "Forgotten your password?", then sign in with Acme SSO again.',
    );
    expect(setCookieNamed(refused, 'shop_session')).toBeUndefined();
    expect(await identitiesOf(made.body.id as number)).toHaveLength(0);

    // Choosing the password through the e-mailed link proves the address: the provider then links by itself.
    await http().post('/api/password/email').set('X-Forwarded-For', nextIp()).send({ email }).expect(200);
    const token = /\/password\/reset\/([\w-]+)\?/.exec((await waitForMail(shop, email, 'Reset your password')).text)![1]!;
    await http().post('/api/password/reset').send({ token, email, password: GOOD_PASSWORD, password_confirmation: GOOD_PASSWORD }).expect(200);
    const linked = await signInThroughProvider();
    expect(linked.headers.location).toBe('/account');
    expect(await identitiesOf(made.body.id as number)).toHaveLength(1);
  });

  it('connects a provider from the account page to the signed-in account, whatever its e-mail, and signs in with it afterwards', async () => {
    const email = uniqueEmail('connector');
    const { client, userId } = await registerWithPassword(email);
    const account = await client.get('/account');
    expect(account.text).toContain('Connect Acme SSO');

    // Anonymous callers cannot start a link.
    await http().post('/api/oauth/oidc/link').expect(401);

    const subject = `connect-${email}`;
    peer.signInAs({ sub: subject, email: uniqueEmail('work-address'), email_verified: false });
    const start = await client.post('/api/oauth/oidc/link');
    expect(start.status).toBe(200);
    const callback = await peer.authorize(start.body.url as string);
    const back = await client.get(callback.pathname + callback.search);
    expect(back.status).toBe(302);
    expect(back.headers.location).toBe('/account?connected=oidc');
    expect(await identitiesOf(userId)).toEqual([{ subject }]);
    expect((await waitForMail(shop, email, 'Acme SSO was linked to your account')).text).toContain('If this was not you');
    const after = await client.get('/account?connected=oidc');
    expect(after.text).toContain('Acme SSO is now connected: you can sign in with it.');
    expect(after.text).not.toContain('Connect Acme SSO');

    // Signing in with the provider now reaches this account.
    const signedIn = await signInThroughProvider();
    const me = await http().get('/api/user').set('Cookie', setCookieNamed(signedIn, 'shop_session')!.split(';')[0]!).expect(200);
    expect(me.body.id).toBe(userId);

    // Another account cannot take the same provider account over.
    const { client: other, userId: otherId } = await registerWithPassword(uniqueEmail('other'));
    const otherStart = await other.post('/api/oauth/oidc/link');
    const otherBack = await other.get(((u) => u.pathname + u.search)(await peer.authorize(otherStart.body.url as string)));
    expect(decodeURIComponent(otherBack.headers.location as string)).toBe('/account?oauth_error=That Acme SSO account is already connected to another account.');
    expect(await identitiesOf(otherId)).toHaveLength(0);
    expect(await identitiesOf(userId)).toEqual([{ subject }]);
  });

  it('a link flow finishes only in the session that started it', async () => {
    const { client, userId } = await registerWithPassword(uniqueEmail('session-bound'));
    peer.signInAs({ sub: `bound-${userId}`, email: uniqueEmail('bound'), email_verified: true });
    const start = await client.post('/api/oauth/oidc/link');
    const callback = await peer.authorize(start.body.url as string);
    // Signed out in between (or someone else signed in): the flow cookie alone links nothing.
    await client.post('/api/logout');
    const back = await client.get(callback.pathname + callback.search);
    expect(back.headers.location).toMatch(/^\/account\?oauth_error=.*session%20changed/);
    expect(await identitiesOf(userId)).toHaveLength(0);

    // Staff are not offered a link either.
    const staff = new CookieClient(shop, nextIp());
    expect((await staff.post('/api/login', { email: 'admin@example.com', password: 'demo-admin-password' })).status).toBe(200);
    expect((await staff.post('/api/oauth/oidc/link')).status).toBe(422);
  });

  it('links the demo customer (verified by the seeder) by its e-mail', async () => {
    peer.signInAs({ sub: 'demo-customer-sso', email: DEMO_CUSTOMER.email, email_verified: true });
    const linked = await signInThroughProvider();
    expect(linked.headers.location).toBe('/account');
  });

  it('never links an administrator account by an e-mail claim', async () => {
    peer.signInAs({ sub: 'takeover-attempt', email: 'admin@example.com', email_verified: true });
    const refused = await signInThroughProvider();
    expect(refused.headers.location).toMatch(/^\/login\?oauth_error=.*cannot%20sign%20in%20with%20Acme%20SSO/);
    expect(setCookieNamed(refused, 'shop_session')).toBeUndefined();
    expect(await shop.sql("select id from oauth_identities where subject = 'takeover-attempt'")).toHaveLength(0);
  });

  it('refuses a callback whose state was tampered with, or without the flow cookie', async () => {
    const email = uniqueEmail('tamper');
    peer.signInAs({ sub: `sub-${email}`, email, email_verified: true });
    const tampered = await signInThroughProvider({ tamperState: true });
    expect(tampered.status).toBe(302);
    expect(tampered.headers.location).toMatch(/^\/login\?oauth_error=/);
    expect(setCookieNamed(tampered, 'shop_session')).toBeUndefined();

    const noCookie = await signInThroughProvider({ dropFlowCookie: true });
    expect(noCookie.headers.location).toMatch(/^\/login\?oauth_error=.*session%20expired/);
  });

  it('comes back to the page the visitor was going to, a path on this site only (issue 28: "Sign in and checkout")', async () => {
    const email = uniqueEmail('checkout');
    peer.signInAs({ sub: `sub-${email}`, email, email_verified: true, given_name: 'Cat', family_name: 'Checkout' });
    const back = await signInThroughProvider({ redirect: '/checkout' });
    expect(back.status).toBe(302);
    expect(back.headers.location).toBe('/checkout');
    expect(setCookieNamed(back, 'shop_session')).toBeDefined();

    // Another site, or a path browsers read as another host: refused with the field's reason.
    for (const redirect of ['https://evil.example/checkout', '//evil.example', '/\\evil.example', 'checkout']) {
      const refused = await http().post('/api/oauth/oidc').send({ redirect }).expect(422);
      expect(refused.body.errors.redirect).toEqual(['redirect must be a path on this site, such as /checkout.']);
    }
    // A return cookie written by hand is checked again at the callback: the visitor lands on /account.
    peer.signInAs({ sub: `sub-${email}`, email, email_verified: true });
    const forged = await signInThroughProvider({ returnCookie: `oauth_return=${encodeURIComponent('https://evil.example/')}` });
    expect(forged.headers.location).toBe('/account');
  });

  it('answers 404 for a provider that is not configured', async () => {
    await http().post('/api/oauth/google').expect(404);
    await http().get('/api/oauth/google/callback?code=x&state=y').expect(404);
  });
});
