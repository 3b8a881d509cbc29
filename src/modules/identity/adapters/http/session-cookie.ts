import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IssuedSession } from '../../application/session.service.js';

/** The browser's session: HttpOnly (scripts never see it), SameSite=Lax, Secure under HTTPS. */
export const SESSION_COOKIE = 'shop_session';

export function setSessionCookie(reply: FastifyReply, session: IssuedSession, secure: boolean): void {
  void reply.setCookie(SESSION_COOKIE, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    // Seed: "remember" keeps the cookie 365 days; otherwise it is a session cookie (no expiry).
    ...(session.remember ? { expires: session.expiresAt } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  void reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

/** The token a request carries: `Authorization: Bearer` (API clients) first, else the cookie. */
export function tokenOf(request: FastifyRequest): { token: string; via: 'bearer' | 'cookie' } | null {
  const header = request.headers.authorization;
  if (typeof header === 'string' && header.startsWith('Bearer ')) {
    const token = header.slice('Bearer '.length).trim();
    if (token) return { token, via: 'bearer' };
  }
  const cookie = request.cookies[SESSION_COOKIE];
  return cookie ? { token: cookie, via: 'cookie' } : null;
}
