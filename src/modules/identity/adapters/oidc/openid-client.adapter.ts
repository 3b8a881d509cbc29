import { Injectable } from '@nestjs/common';
import * as oidc from 'openid-client';
import type { OAuthProviderConfig, OidcClaims, OidcClient, OidcFlow } from '../../application/ports/oidc-client.port.js';

/** openid-client (panva), the certified OIDC relying party library, behind our port. */
@Injectable()
export class OpenIdClientAdapter implements OidcClient {
  private readonly configurations = new Map<string, Promise<oidc.Configuration>>();

  async start(provider: OAuthProviderConfig): Promise<{ url: string; flow: OidcFlow }> {
    const config = await this.configuration(provider);
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const flow: OidcFlow = { provider: provider.id, state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: provider.redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
    });
    return { url: url.href, flow };
  }

  async finish(provider: OAuthProviderConfig, callbackUrl: URL, flow: OidcFlow): Promise<OidcClaims> {
    const config = await this.configuration(provider);
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    if (!idToken) throw new Error('The provider returned no ID token.');
    // Providers that follow the spec strictly put scope claims (email, names) only in userinfo; ask
    // there when the ID token lacks them, bound to the same subject.
    const claims: Record<string, unknown> =
      typeof idToken.email === 'string' ? idToken : { ...(await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub)), ...idToken };
    const str = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
    return {
      subject: idToken.sub,
      email: str(claims.email),
      emailVerified: claims.email_verified === true,
      givenName: str(claims.given_name),
      familyName: str(claims.family_name),
    };
  }

  private configuration(provider: OAuthProviderConfig): Promise<oidc.Configuration> {
    let config = this.configurations.get(provider.id);
    if (!config) {
      const issuer = new URL(provider.issuer);
      // Plain http only for a provider on this machine (development and the test suite's local provider).
      const local = issuer.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
      config = oidc.discovery(issuer, provider.clientId, provider.clientSecret, undefined, local ? { execute: [oidc.allowInsecureRequests] } : undefined);
      // A failed discovery is not cached: the next sign-in tries again.
      config.catch(() => this.configurations.delete(provider.id));
      this.configurations.set(provider.id, config);
    }
    return config;
  }
}
