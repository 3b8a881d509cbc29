import { defineEntity, p } from '@mikro-orm/core';
import { User } from './user.entity.js';

/**
 * A user's account at an OpenID Connect provider. Keyed by issuer and subject (the pair OIDC guarantees
 * stable and unique), so re-pointing a provider id at another issuer can never reuse old links.
 */
export class OAuthIdentity {
  id!: number;
  user: User;
  provider: string;
  issuer: string;
  subject: string;
  createdAt: Date = new Date();

  constructor(user: User, provider: string, issuer: string, subject: string) {
    this.user = user;
    this.provider = provider;
    this.issuer = issuer;
    this.subject = subject;
  }
}

export const OAuthIdentitySchema = defineEntity({
  class: OAuthIdentity,
  tableName: 'oauth_identities',
  properties: {
    id: p.integer().primary().autoincrement(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    provider: p.string().length(40),
    issuer: p.string().length(255),
    subject: p.string().length(255),
    createdAt: p.datetime(),
  },
});
