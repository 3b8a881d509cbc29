import { Inject, Injectable } from '@nestjs/common';
import { NotFoundError } from '../../../shared/domain-error.js';
import type { Viewer } from '../../../shared/viewer.js';
import { Session, SESSION_MS } from '../domain/session.entity.js';
import type { User } from '../domain/user.entity.js';
import { SESSION_REPOSITORY, type SessionRepository } from './ports/session-repository.port.js';
import { hashSecretToken, newSecretToken } from './secret-tokens.js';

/** Where a request comes from; recorded on the session so the customer can recognise their devices. */
export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

export interface IssuedSession {
  token: string;
  sessionId: number;
  remember: boolean;
  expiresAt: Date;
}

export interface SessionView {
  id: number;
  created_at: string;
  last_used_at: string;
  expires_at: string;
  user_agent: string | null;
  ip: string | null;
  current: boolean;
}

// Writing last_used_at on every request would turn every read into a write; once a minute is enough.
const TOUCH_EVERY_MS = 60_000;

/** Opaque bearer tokens, stored hashed: issue, resolve, list, revoke. */
@Injectable()
export class SessionService {
  constructor(@Inject(SESSION_REPOSITORY) private readonly sessions: SessionRepository) {}

  async issue(user: User, remember: boolean, client: ClientInfo): Promise<IssuedSession> {
    const { token, hash } = newSecretToken();
    const session = new Session({ user, tokenHash: hash, remember, now: new Date(), userAgent: client.userAgent, ip: client.ip });
    await this.sessions.save(session);
    return { token, sessionId: session.id, remember: session.remember, expiresAt: session.expiresAt };
  }

  /** The viewer a token stands for, or null when it is unknown, expired or revoked. */
  async resolve(token: string, via: Viewer['via']): Promise<Viewer | null> {
    const session = await this.sessions.findForViewer(hashSecretToken(token));
    const now = new Date();
    if (!session || session.revokedAt !== null || session.expiresAt <= now) return null;
    // Admin sessions end 12 hours after sign-in whatever their expiry says (e.g. a customer promoted later).
    if (session.user.role === 'admin' && now.getTime() - session.createdAt.getTime() > SESSION_MS) return null;
    if (now.getTime() - session.lastUsedAt.getTime() > TOUCH_EVERY_MS) await this.sessions.touch(session.id, now);
    const { user } = session;
    return { userId: user.id, sessionId: session.id, role: user.role, staffRole: user.staffRole, email: user.email, firstName: user.firstName, lastName: user.lastName, via };
  }

  async revokeToken(token: string): Promise<void> {
    const session = await this.sessions.findByTokenHash(hashSecretToken(token));
    if (session && session.revokedAt === null) {
      session.revokedAt = new Date();
      await this.sessions.save(session);
    }
  }

  async list(userId: number, currentSessionId: number | null): Promise<SessionView[]> {
    const sessions = await this.sessions.listActiveForUser(userId, new Date());
    return sessions.map((s) => ({
      id: s.id,
      created_at: s.createdAt.toISOString(),
      last_used_at: s.lastUsedAt.toISOString(),
      expires_at: s.expiresAt.toISOString(),
      user_agent: s.userAgent,
      ip: s.ip,
      current: s.id === currentSessionId,
    }));
  }

  /** A customer revokes one of their own sessions; someone else's is "not found", never "forbidden". */
  async revoke(userId: number, sessionId: number): Promise<void> {
    const session = await this.sessions.findForUser(userId, sessionId);
    if (!session || session.revokedAt !== null) throw new NotFoundError('Session');
    session.revokedAt = new Date();
    await this.sessions.save(session);
  }

  revokeAllForUser(userId: number, keepSessionId?: number): Promise<number> {
    return this.sessions.revokeAllForUser(userId, new Date(), keepSessionId);
  }
}
