import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { SessionRepository } from '../../application/ports/session-repository.port.js';
import { Session } from '../../domain/session.entity.js';

@Injectable()
export class MikroOrmSessionRepository implements SessionRepository {
  constructor(private readonly em: EntityManager) {}

  async save(session: Session): Promise<void> {
    await this.em.persist(session).flush();
  }

  findByTokenHash(tokenHash: string): Promise<Session | null> {
    // One query per authenticated request: the session and its user together.
    return this.em.findOne(Session, { tokenHash }, { populate: ['user'] });
  }

  listActiveForUser(userId: number, now: Date): Promise<Session[]> {
    return this.em.find(Session, { user: userId, revokedAt: null, expiresAt: { $gt: now } }, { orderBy: { lastUsedAt: 'desc' } });
  }

  findForUser(userId: number, sessionId: number): Promise<Session | null> {
    return this.em.findOne(Session, { id: sessionId, user: userId });
  }

  async revokeAllForUser(userId: number, now: Date, keepSessionId?: number): Promise<number> {
    const where = { user: userId, revokedAt: null, ...(keepSessionId ? { id: { $ne: keepSessionId } } : {}) };
    // A bulk update; loaded sessions are not written back over it (MikroORM flushes changed fields only).
    return this.em.nativeUpdate(Session, where, { revokedAt: now });
  }
}
