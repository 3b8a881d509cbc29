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
import { OIDC_CLIENT, type OAuthProviderConfig, type OidcClaims, type OidcClient, type OidcFlow } from './ports/oidc-client.port.js';
import { USER_REPOSITORY, type UserRepository } from './ports/user-repository.port.js';
import type { ClientInfo } from './session.service.js';

/** ADR 0033: shown on the sign-in page when a provider's e-mail matches an account whose address is unproven. */
export const UNVERIFIED_ACCOUNT_EXISTS = (providerName: string) =>
  `An account with this e-mail address already exists. Sign in with your password, then connect ${providerName} from your account page.`;
/**
 * The same for an account made by staff or `users:import`, which has no password yet: choosing one through the
 * e-mailed reset link proves the address, after which the provider links by itself.
 */
export const UNVERIFIED_ACCOUNT_WITHOUT_PASSWORD = (providerName: string) =>
  `An account with this e-mail address already exists. Choose its password with "Forgotten your password?", then sign in with ${providerName} again.`;
const STAFF_PASSWORD_ONLY = (providerName: string) => `This account cannot sign in with ${providerName}. Please sign in with your password.`;

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

  /** "Connect {Provider}" on the account page: the same flow, bound to the session that asked (ADR 0033). */
  async startLink(providerId: string, viewer: { userId: number; sessionId: number }): Promise<{ url: string; flow: OidcFlow }> {
    const user = await this.users.findById(viewer.userId);
    if (user?.role === 'admin') throw new OAuthSignInError(STAFF_PASSWORD_ONLY(this.provider(providerId).name));
    const { url, flow } = await this.oidc.start(this.provider(providerId));
    return { url, flow: { ...flow, linkSessionId: viewer.sessionId } };
  }

  /** The provider ids the user has connected (the account page's "Connected" marks). */
  connectedProviders(userId: number): Promise<string[]> {
    return this.identities.providersOf(userId);
  }

  /**
   * Finishes the flow and signs the user in: a known provider account (issuer + subject) signs in its
   * user; otherwise an existing customer account is linked by an e-mail the provider marks verified only when
   * the shop has verified that address too (ADR 0033: else whoever registered the address first, without
   * proving it, would keep a password into the account), and its owner is told by e-mail; an unverified one is
   * refused, with the way to connect the provider after signing in with the password; admin accounts are never
   * linked; otherwise a new customer account (with no password, its address verified by the provider) is created.
   */
  async finish(providerId: string, callbackUrl: URL, flow: OidcFlow | null, client: ClientInfo): Promise<SignedIn> {
    const provider = this.provider(providerId);
    const claims = await this.claimsOf(provider, callbackUrl, flow);

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
        throw new OAuthSignInError(STAFF_PASSWORD_ONLY(provider.name));
      }
      if (user && !user.emailVerified) {
        throw new OAuthSignInError((user.passwordHash === null ? UNVERIFIED_ACCOUNT_WITHOUT_PASSWORD : UNVERIFIED_ACCOUNT_EXISTS)(provider.name));
      }
      if (user) {
        await this.tellLinked(user, provider.name);
      } else {
        user = new User({ email, firstName: claims.givenName ?? 'Customer', lastName: claims.familyName ?? '' });
        user.markEmailVerified(new Date());
        await this.users.save(user);
      }
      await this.identities.save(new OAuthIdentity(user, provider.id, provider.issuer, claims.subject));
      return this.signIn(user, client);
    });
  }

  /**
   * Finishes a flow started by `startLink`: links the provider account to whoever is signed in by the session
   * that started it (whatever the e-mail addresses: both sides proved themselves). A provider account already
   * linked to someone else is refused; one already linked to this user changes nothing.
   */
  async finishLink(providerId: string, callbackUrl: URL, flow: OidcFlow | null, viewer: { userId: number; sessionId: number } | null): Promise<string> {
    const provider = this.provider(providerId);
    if (!viewer || flow?.linkSessionId !== viewer.sessionId) {
      throw new OAuthSignInError(`Your session changed while connecting ${provider.name}. Please sign in and try again.`);
    }
    const claims = await this.claimsOf(provider, callbackUrl, flow);
    return this.transactions.run(async () => {
      const user = await this.users.findById(viewer.userId);
      if (!user) throw new NotFoundError('User');
      if (user.role === 'admin') throw new OAuthSignInError(STAFF_PASSWORD_ONLY(provider.name));
      const known = await this.identities.find(provider.issuer, claims.subject);
      if (known && known.user.id !== user.id) {
        throw new OAuthSignInError(`That ${provider.name} account is already connected to another account.`);
      }
      if (!known) {
        await this.identities.save(new OAuthIdentity(user, provider.id, provider.issuer, claims.subject));
        await this.tellLinked(user, provider.name);
      }
      return `${provider.name} is now connected: you can sign in with it.`;
    });
  }

  private async claimsOf(provider: OAuthProviderConfig, callbackUrl: URL, flow: OidcFlow | null): Promise<OidcClaims> {
    if (!flow || flow.provider !== provider.id) throw new OAuthSignInError('The sign-in session expired. Please try again.');
    try {
      return await this.oidc.finish(provider, callbackUrl, flow);
    } catch (error) {
      this.logger.warn(`OAuth sign-in with ${provider.id} failed: ${(error as Error).message}`);
      throw new OAuthSignInError(`Signing in with ${provider.name} did not work. Please try again.`);
    }
  }

  private async tellLinked(user: User, providerName: string): Promise<void> {
    await this.mail.send({
      to: user.email,
      subject: `${providerName} was linked to your account`,
      text:
        `Hello ${user.firstName},\n\nYou can now sign in to your account with ${providerName}.\n\n` +
        'If this was not you, change your password and contact us straight away.\n',
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
