import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { PasswordResetRepository } from '../../application/ports/password-reset-repository.port.js';
import { PasswordResetToken } from '../../domain/password-reset-token.entity.js';

@Injectable()
export class MikroOrmPasswordResetRepository implements PasswordResetRepository {
  constructor(private readonly em: EntityManager) {}

  async save(token: PasswordResetToken): Promise<void> {
    await this.em.persist(token).flush();
  }

  async claim(tokenHash: string, email: string, now: Date): Promise<PasswordResetToken | null> {
    const claimed = await this.em.nativeUpdate(
      PasswordResetToken,
      { tokenHash, email, usedAt: null, expiresAt: { $gt: now } },
      { usedAt: now },
    );
    if (claimed !== 1) return null;
    return this.em.findOne(PasswordResetToken, { tokenHash }, { populate: ['user'], refresh: true });
  }

  async invalidateAllForUser(userId: number, now: Date): Promise<void> {
    await this.em.nativeUpdate(PasswordResetToken, { user: userId, usedAt: null }, { usedAt: now });
  }
}
