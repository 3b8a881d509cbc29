import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider (panva's oidc-provider, the certified one) on 127.0.0.1 for the browser
 * journeys, with its development login and consent pages: any login name and any password sign in, and the
 * account's e-mail is `<login>@oidc.example.co.uk`, marked verified. Nothing of the protocol is stubbed.
 */
export interface OidcPeer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export const OIDC_GIVEN_NAME = 'Olivia';
export const OIDC_FAMILY_NAME = 'Dell';

export function oidcEmailFor(login: string): string {
  return `${login}@oidc.example.co.uk`;
}

export { freePort } from './server-process.js';

export async function startOidcPeer(redirectUri: string): Promise<OidcPeer> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'shop-browser-journeys';
  const clientSecret = 'browser-journeys-client-secret-0123456789abcdef';

  const configuration: ConstructorParameters<typeof Provider>[1] = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ sub, email: oidcEmailFor(sub), email_verified: true, given_name: OIDC_GIVEN_NAME, family_name: OIDC_FAMILY_NAME }),
    }),
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['browser-journeys-cookie-key-0123456789'] },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
  };

  // Development pages, in-memory storage and generated keys are the point here: keep the provider's warnings
  // about them out of the test output.
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith('oidc-provider WARNING')) return;
    warn(...args);
  };
  let provider: Provider;
  try {
    provider = new Provider(issuer, configuration);
  } finally {
    console.warn = warn;
  }
  server.on('request', provider.callback());

  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
