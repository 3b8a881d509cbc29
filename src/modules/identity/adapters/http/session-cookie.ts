import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieName, setSessionXsrfCookie } from '../../../../platform/http/index.js';
import type { IssuedSession } from '../../application/session.service.js';

/** The browser's session: HttpOnly (scripts never see it), SameSite=Lax, Secure and `__Host-` under HTTPS. */
export const SESSION_COOKIE = 'shop_session';

/** Sets the session cookie, and the XSRF cookie of that session (platform/http/xsrf.ts). */
export function setSessionCookie(reply: FastifyReply, session: IssuedSession, secure: boolean): void {
  setSessionXsrfCookie(reply, session.token, secure);
  void reply.setCookie(cookieName(SESSION_COOKIE), session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    // Seed: "remember" keeps the cookie 365 days; otherwise it is a session cookie (no expiry).
    ...(session.remember ? { expires: session.expiresAt } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  void reply.clearCookie(cookieName(SESSION_COOKIE), { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

/** The token a request carries: `Authorization: Bearer` (API clients) first, else the cookie. */
export function tokenOf(request: FastifyRequest): { token: string; via: 'bearer' | 'cookie' } | null {
  const header = request.headers.authorization;
  if (typeof header === 'string' && header.startsWith('Bearer ')) {
    const token = header.slice('Bearer '.length).trim();
    if (token) return { token, via: 'bearer' };
  }
  const cookie = sessionCookieOf(request);
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

/** The session cookie's value (never the bearer token): what the browser's XSRF token is bound to. */
export function sessionCookieOf(request: FastifyRequest): string | null {
  return request.cookies[cookieName(SESSION_COOKIE)] || null;
}
