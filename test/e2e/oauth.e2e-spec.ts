import request from 'supertest';
import { nextIp, setCookieNamed, uniqueEmail } from '../support/identity-client.js';
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
  async function signInThroughProvider(options: { tamperState?: boolean; dropFlowCookie?: boolean } = {}) {
    const start = await http().post('/api/oauth/oidc').expect(200);
    const flowCookie = setCookieNamed(start, 'oauth_flow')!;
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
    if (!options.dropFlowCookie) req = req.set('Cookie', flowCookie.split(';')[0]!);
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
    expect(me.body).toMatchObject({ email, first_name: 'Sam', last_name: 'Safety', role: 'customer', has_password: false });
  });

  it('links an existing account only by an e-mail the provider marks verified', async () => {
    const email = uniqueEmail('existing');
    const registered = await http().post('/api/register').set('X-Forwarded-For', nextIp()).send({
      first_name: 'Pat', last_name: 'Jones', email, password: 'Manual-Handling-2026', password_confirmation: 'Manual-Handling-2026',
    }).expect(201);

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
    expect(me.body.id).toBe(registered.body.user.id);

    // The provider account stays linked by its subject, even if its e-mail changes later.
    peer.signInAs({ sub: `verified-${email}`, email: uniqueEmail('renamed'), email_verified: true });
    const again = await signInThroughProvider();
    const me2 = await http().get('/api/user').set('Cookie', setCookieNamed(again, 'shop_session')!.split(';')[0]!).expect(200);
    expect(me2.body.id).toBe(registered.body.user.id);
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

  it('answers 404 for a provider that is not configured', async () => {
    await http().post('/api/oauth/google').expect(404);
    await http().get('/api/oauth/google/callback?code=x&state=y').expect(404);
  });
});
