import { Inject, Injectable, Logger } from '@nestjs/common';
import { Environment } from '../../../config/environment.js';
import { OutboundMail } from '../../../platform/mail/index.js';
import { Transactions } from '../../../platform/persistence/index.js';
import { NotFoundError } from '../../../shared/domain-error.js';
import { OAuthSignInError } from '../domain/identity-errors.js';
import { OAuthIdentity } from '../domain/oauth-identity.entity.js';
import { User } from '../domain/user.entity.js';
import { AuthService, type SignedIn } from './auth.service.js';
import { OAUTH_IDENTITY_REPOSITORY, type OAuthIdentityRepository } from './ports/oauth-identity-repository.port.js';
import { OIDC_CLIENT, type OAuthProviderConfig, type OidcClient, type OidcFlow } from './ports/oidc-client.port.js';
import { USER_REPOSITORY, type UserRepository } from './ports/user-repository.port.js';
import type { ClientInfo } from './session.service.js';

export interface OAuthProviderView {
  id: string;
  name: string;
}

@Injectable()
export class OAuthService {
  private readonly logger = new Logger(OAuthService.name);
  private readonly providersById: Map<string, OAuthProviderConfig>;

  constructor(
    env: Environment,
    @Inject(OIDC_CLIENT) private readonly oidc: OidcClient,
    @Inject(USER_REPOSITORY) private readonly users: UserRepository,
    @Inject(OAUTH_IDENTITY_REPOSITORY) private readonly identities: OAuthIdentityRepository,
    private readonly auth: AuthService,
    private readonly mail: OutboundMail,
    private readonly transactions: Transactions,
  ) {
    const redirectUri = (id: string) => `${env.publicUrl}/api/oauth/${id}/callback`;
    const configured: OAuthProviderConfig[] = [];
    if (env.OAUTH_GOOGLE_CLIENT_ID) {
      configured.push({ id: 'google', name: 'Google', issuer: 'https://accounts.google.com', clientId: env.OAUTH_GOOGLE_CLIENT_ID, clientSecret: env.OAUTH_GOOGLE_CLIENT_SECRET, redirectUri: redirectUri('google') });
    }
    if (env.OAUTH_OIDC_ISSUER && env.OAUTH_OIDC_CLIENT_ID) {
      configured.push({ id: 'oidc', name: env.OAUTH_OIDC_NAME, issuer: env.OAUTH_OIDC_ISSUER, clientId: env.OAUTH_OIDC_CLIENT_ID, clientSecret: env.OAUTH_OIDC_CLIENT_SECRET, redirectUri: redirectUri('oidc') });
    }
    this.providersById = new Map(configured.map((p) => [p.id, p]));
  }

  providers(): OAuthProviderView[] {
    return [...this.providersById.values()].map(({ id, name }) => ({ id, name }));
  }

  /** Seed: `POST /api/oauth/{provider}` → the URL to send the browser to. */
  start(providerId: string): Promise<{ url: string; flow: OidcFlow }> {
    return this.oidc.start(this.provider(providerId));
  }

  /**
   * Finishes the flow and signs the user in: a known provider account (issuer + subject) signs in its
   * user; otherwise an existing customer account is linked only by an e-mail the provider marks verified
   * (and its owner is told by e-mail); admin accounts are never linked; otherwise a new customer account
   * (with no password) is created.
   */
  async finish(providerId: string, callbackUrl: URL, flow: OidcFlow | null, client: ClientInfo): Promise<SignedIn> {
    const provider = this.provider(providerId);
    if (!flow || flow.provider !== provider.id) throw new OAuthSignInError('The sign-in session expired. Please try again.');
    let claims;
    try {
      claims = await this.oidc.finish(provider, callbackUrl, flow);
    } catch (error) {
      this.logger.warn(`OAuth sign-in with ${provider.id} failed: ${(error as Error).message}`);
      throw new OAuthSignInError(`Signing in with ${provider.name} did not work. Please try again.`);
    }

    const known = await this.identities.find(provider.issuer, claims.subject);
    if (known) return this.signIn(known.user, client);

    if (!claims.email || !claims.emailVerified) {
      throw new OAuthSignInError(`${provider.name} did not confirm your e-mail address, so we cannot sign you in with it.`);
    }
    const email = claims.email;
    return this.transactions.run(async () => {
      let user = await this.users.findByEmail(email);
      if (user?.role === 'admin') {
        // Staff accounts are never taken over by an e-mail claim from outside: they sign in with their password.
        throw new OAuthSignInError(`This account cannot sign in with ${provider.name}. Please sign in with your password.`);
      }
      if (user) {
        await this.mail.send({
          to: user.email,
          subject: `${provider.name} was linked to your account`,
          text:
            `Hello ${user.firstName},\n\nYou can now sign in to your account with ${provider.name}.\n\n` +
            'If this was not you, change your password and contact us straight away.\n',
        });
      } else {
        user = new User({ email, firstName: claims.givenName ?? 'Customer', lastName: claims.familyName ?? '' });
        await this.users.save(user);
      }
      await this.identities.save(new OAuthIdentity(user, provider.id, provider.issuer, claims.subject));
      return this.signIn(user, client);
    });
  }

  private async signIn(user: User, client: ClientInfo): Promise<SignedIn> {
    user.lastLoginAt = new Date();
    await this.users.save(user);
    return this.auth.signIn(user, false, client);
  }

  private provider(providerId: string): OAuthProviderConfig {
    const provider = this.providersById.get(providerId);
    if (!provider) throw new NotFoundError(`Sign-in provider "${providerId}"`);
    return provider;
  }
}
