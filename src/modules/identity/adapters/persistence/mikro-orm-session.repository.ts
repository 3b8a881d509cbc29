import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { SessionForViewer, SessionRepository } from '../../application/ports/session-repository.port.js';
import { Session } from '../../domain/session.entity.js';
import { COMMIT_WITHOUT_FLUSH, PreparedStatement } from '../../../../platform/persistence/index.js';

/** Every signed-in request asks this: one plain statement, planned once per connection (ADRs 0060, 0074). */
const VIEWER_SESSION = new PreparedStatement<ViewerRow>('viewer_session', `
  select s.id, s.created_at, s.last_used_at, s.expires_at, s.revoked_at,
         u.id as user_id, u.role, u.staff_role, u.email, u.first_name, u.last_name
  from sessions s join users u on u.id = s.user_id where s.token_hash = ?`);

/**
 * The once-a-minute record of a session's use (ADR 0081). It commits without waiting for the WAL flush: at ~166 touches
 * a second (10,000 learners, one report every 30 s each), during a checkpoint, the learners' slowest reports were
 * waiting in `IO:WALSync` on this update. A crash may undo a touch made in its last fraction of a second: the session
 * then shows its previous touch as its last use until its next request. Only the sessions list reads it.
 */
const SESSION_TOUCH = new PreparedStatement<never>('session_touch', `
  update sessions set last_used_at = ? from ${COMMIT_WITHOUT_FLUSH} where id = ?`);

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

  async findForViewer(tokenHash: string): Promise<SessionForViewer | null> {
    // Every signed-in request asks this: one plain statement, no entities for the unit of work to track (ADR 0060).
    const [row] = await VIEWER_SESSION.all(this.em, [tokenHash]);
    if (!row) return null;
    return {
      id: Number(row.id), createdAt: new Date(row.created_at), lastUsedAt: new Date(row.last_used_at), expiresAt: new Date(row.expires_at),
      revokedAt: row.revoked_at === null ? null : new Date(row.revoked_at),
      user: { id: Number(row.user_id), role: row.role, staffRole: row.staff_role, email: row.email, firstName: row.first_name, lastName: row.last_name },
    };
  }

  async touch(sessionId: number, at: Date): Promise<void> {
    // In a caller's transaction the setting would cover that transaction's commit too: there it is a plain update.
    if (this.em.getTransactionContext()) await this.em.nativeUpdate(Session, { id: sessionId }, { lastUsedAt: at });
    else await SESSION_TOUCH.all(this.em, [at, sessionId]);
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

interface ViewerRow {
  id: number; created_at: string | Date; last_used_at: string | Date; expires_at: string | Date; revoked_at: string | Date | null;
  user_id: number; role: SessionForViewer['user']['role']; staff_role: SessionForViewer['user']['staffRole'];
  email: string; first_name: string; last_name: string;
}
