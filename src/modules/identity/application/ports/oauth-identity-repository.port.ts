import type { OAuthIdentity } from '../../domain/oauth-identity.entity.js';

export const OAUTH_IDENTITY_REPOSITORY = Symbol('OAuthIdentityRepository');

export interface OAuthIdentityRepository {
  find(issuer: string, subject: string): Promise<OAuthIdentity | null>;
  save(identity: OAuthIdentity): Promise<void>;
  /** The provider ids (`oidc`, `google`) the user has connected, each once. */
  providersOf(userId: number): Promise<string[]>;
}
