import type { StaffRole } from '../../../../shared/contracts/staff.js';
import type { Role } from '../../../../shared/viewer.js';
import type { Session } from '../../domain/session.entity.js';

export const SESSION_REPOSITORY = Symbol('SessionRepository');

/** What resolving a token needs of its session and user: read on every signed-in request, so plain values (ADR 0060). */
export interface SessionForViewer {
  id: number;
  createdAt: Date;
  lastUsedAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  user: { id: number; role: Role; staffRole: StaffRole | null; email: string; firstName: string; lastName: string };
}

export interface SessionRepository {
  save(session: Session): Promise<void>;
  /** The session with this token hash, its user loaded; null when there is none. */
  findByTokenHash(tokenHash: string): Promise<Session | null>;
  /** The session with this token hash and its user's viewer fields, in one statement; null when there is none. */
  findForViewer(tokenHash: string): Promise<SessionForViewer | null>;
  /** Records that the session was used at `at` (one statement, nothing else of the session is written). */
  touch(sessionId: number, at: Date): Promise<void>;
  listActiveForUser(userId: number, now: Date): Promise<Session[]>;
  findForUser(userId: number, sessionId: number): Promise<Session | null>;
  /** Revokes every active session of the user except `keepSessionId`; returns how many. */
  revokeAllForUser(userId: number, now: Date, keepSessionId?: number): Promise<number>;
}
