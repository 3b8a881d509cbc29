export const OIDC_CLIENT = Symbol('OidcClient');

export interface OAuthProviderConfig {
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  redirectUri: string;
}

/** What the browser must bring back to finish the flow (kept in a short-lived HttpOnly cookie). */
export interface OidcFlow {
  provider: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  /**
   * Set when a signed-in user started the flow to connect the provider to their account ("Connect … " on the
   * account page): the session that started it. The cookie is the browser's to edit, so this only names a
   * session; the callback links to whoever is signed in by that same session, never to an id read from here.
   */
  linkSessionId?: number;
}

export interface OidcClaims {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
}

/** OpenID Connect authorization-code flow with PKCE, state and nonce. */
export interface OidcClient {
  start(provider: OAuthProviderConfig): Promise<{ url: string; flow: OidcFlow }>;
  /** Exchanges the code from the callback URL; checks state, nonce and the ID token. */
  finish(provider: OAuthProviderConfig, callbackUrl: URL, flow: OidcFlow): Promise<OidcClaims>;
}
