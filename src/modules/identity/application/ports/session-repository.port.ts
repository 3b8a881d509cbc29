import type { Session } from '../../domain/session.entity.js';

export const SESSION_REPOSITORY = Symbol('SessionRepository');

export interface SessionRepository {
  save(session: Session): Promise<void>;
  /** The session with this token hash, its user loaded; null when there is none. */
  findByTokenHash(tokenHash: string): Promise<Session | null>;
  listActiveForUser(userId: number, now: Date): Promise<Session[]>;
  findForUser(userId: number, sessionId: number): Promise<Session | null>;
  /** Revokes every active session of the user except `keepSessionId`; returns how many. */
  revokeAllForUser(userId: number, now: Date, keepSessionId?: number): Promise<number>;
}
