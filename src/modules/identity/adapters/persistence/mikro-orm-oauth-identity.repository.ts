import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { OAuthIdentityRepository } from '../../application/ports/oauth-identity-repository.port.js';
import { OAuthIdentity } from '../../domain/oauth-identity.entity.js';

@Injectable()
export class MikroOrmOAuthIdentityRepository implements OAuthIdentityRepository {
  constructor(private readonly em: EntityManager) {}

  find(issuer: string, subject: string): Promise<OAuthIdentity | null> {
    return this.em.findOne(OAuthIdentity, { issuer, subject }, { populate: ['user'] });
  }

  async save(identity: OAuthIdentity): Promise<void> {
    await this.em.persist(identity).flush();
  }

  async providersOf(userId: number): Promise<string[]> {
    const rows = await this.em.find(OAuthIdentity, { user: userId }, { fields: ['provider'], orderBy: { id: 'asc' } });
    return [...new Set(rows.map((row) => row.provider))];
  }
}
