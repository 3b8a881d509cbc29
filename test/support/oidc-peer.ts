import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface OidcAccountClaims {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

/**
 * A real OpenID Connect provider (panva's oidc-provider) on 127.0.0.1 for the tests. Its login and
 * consent interaction signs in whichever account the test set with `signInAs`, so a test drives the
 * whole authorization-code flow (PKCE, state, nonce, ID token) without a login form.
 */
export class OidcPeer {
  readonly clientId = 'hs-training-shop';
  readonly clientSecret = 'a-test-client-secret-of-decent-length';
  private account: OidcAccountClaims | null = null;

  private constructor(
    private readonly server: Server,
    readonly issuer: string,
  ) {}

  static async start(redirectUri: string): Promise<OidcPeer> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    let peer: OidcPeer | null = null;
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: 'hs-training-shop',
          client_secret: 'a-test-client-secret-of-decent-length',
          redirect_uris: [redirectUri],
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
      scopes: ['openid', 'email', 'profile'],
      cookies: { keys: ['oidc-peer-cookie-key'] },
      features: { devInteractions: { enabled: false } },
      pkce: { required: () => true },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      findAccount: async (_ctx, sub) => {
        const claims = peer?.account;
        if (!claims || claims.sub !== sub) return undefined;
        return { accountId: sub, claims: async () => ({ ...claims }) };
      },
    });
    provider.on('server_error', (_ctx, error) => console.error('oidc-peer:', error));
    const handle = provider.callback();
    server.on('request', (req, res) => {
      if (!req.url?.startsWith('/interaction/')) {
        handle(req, res);
        return;
      }
      void (async () => {
        const account = peer?.account;
        if (!account) throw new Error('OidcPeer: no account to sign in as');
        const details = await provider.interactionDetails(req, res);
        const grant = new provider.Grant({ accountId: account.sub, clientId: String(details.params.client_id) });
        grant.addOIDCScope('openid email profile');
        const grantId = await grant.save();
        await provider.interactionFinished(req, res, { login: { accountId: account.sub }, consent: { grantId } }, { mergeWithLastSubmission: false });
      })().catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
    });
    peer = new OidcPeer(server, issuer);
    return peer;
  }

  signInAs(account: OidcAccountClaims): void {
    this.account = account;
  }

  /**
   * Plays the browser at the provider: follows redirects from the authorization URL, keeping the
   * provider's cookies, until it is sent back to the shop; returns that URL (the shop's callback).
   */
  async authorize(authorizationUrl: string): Promise<URL> {
    const cookies = new Map<string, string>();
    let url = new URL(authorizationUrl);
    for (let hop = 0; hop < 10; hop++) {
      if (!url.href.startsWith(this.issuer)) return url;
      const res = await fetch(url, {
        redirect: 'manual',
        headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      for (const header of res.headers.getSetCookie()) {
        const [pair] = header.split(';');
        const [name, ...value] = pair!.split('=');
        cookies.set(name!.trim(), value.join('='));
      }
      const location = res.headers.get('location');
      if (!location) throw new Error(`The provider answered ${res.status} without a redirect: ${await res.text()}`);
      url = new URL(location, url);
    }
    throw new Error('Too many redirects at the provider');
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
