import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { EmailVerificationRepository } from '../../application/ports/email-verification-repository.port.js';
import { EmailVerificationToken } from '../../domain/email-verification-token.entity.js';

@Injectable()
export class MikroOrmEmailVerificationRepository implements EmailVerificationRepository {
  constructor(private readonly em: EntityManager) {}

  async save(token: EmailVerificationToken): Promise<void> {
    await this.em.persist(token).flush();
  }

  async claim(tokenHash: string, now: Date): Promise<EmailVerificationToken | null> {
    const claimed = await this.em.nativeUpdate(EmailVerificationToken, { tokenHash, usedAt: null, expiresAt: { $gt: now } }, { usedAt: now });
    if (claimed !== 1) return null;
    return this.findByHash(tokenHash);
  }

  findByHash(tokenHash: string): Promise<EmailVerificationToken | null> {
    return this.em.findOne(EmailVerificationToken, { tokenHash }, { populate: ['user'], refresh: true });
  }

  async invalidateAllForUser(userId: number, now: Date): Promise<void> {
    await this.em.nativeUpdate(EmailVerificationToken, { user: userId, usedAt: null }, { usedAt: now });
  }
}
