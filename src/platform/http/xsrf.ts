import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { randomToken } from './random-tokens.js';

/**
 * The seed's XSRF pair (the defaults of the HTTP client its front end used): a readable cookie
 * `XSRF-TOKEN` and a header `X-XSRF-TOKEN` that the page's scripts copy it into. A cross-site page can
 * make the browser send the cookie but cannot read it, so it cannot send the matching header.
 */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

export function isStateChanging(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
}

/**
 * A signed-in browser's XSRF token is derived from its session token (issue 16): a one-way hash, so it gives the
 * session away to nobody, yet only a page that can read the cookie the server set for *this* session can send it.
 * Someone able to plant cookies (a subdomain, a plain-HTTP page) can set `XSRF-TOKEN` and the header to the same
 * value, which beats a plain double-submit, but cannot know the hash of the victim's HttpOnly session.
 */
export function xsrfTokenForSession(sessionToken: string): string {
  return createHash('sha256').update(`xsrf:${sessionToken}`).digest('base64url');
}

function setXsrfCookie(reply: FastifyReply, value: string, secure: boolean): void {
  void reply.setCookie(XSRF_COOKIE, value, {
    path: '/',
    sameSite: 'lax',
    secure,
    httpOnly: false, // the page's scripts must read it
  });
}

/** After a sign-in: the browser's XSRF cookie becomes the new session's. */
export function setSessionXsrfCookie(reply: FastifyReply, sessionToken: string, secure: boolean): void {
  setXsrfCookie(reply, xsrfTokenForSession(sessionToken), secure);
}

/**
 * onRequest hook: every visitor gets an XSRF cookie on their first response — a random one for a guest, the
 * session's own for a browser with a session cookie (which also rebinds a cookie issued before the sign-in).
 */
export function issueXsrfCookie(secure: boolean, sessionTokenOf: (request: FastifyRequest) => string | null) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const session = sessionTokenOf(request);
    const current = request.cookies[XSRF_COOKIE];
    if (session) {
      const bound = xsrfTokenForSession(session);
      if (current !== bound) setXsrfCookie(reply, bound, secure);
      return;
    }
    if (!current) setXsrfCookie(reply, randomToken(24), secure);
  };
}

function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  // Compare byte lengths (not string lengths): timingSafeEqual throws on buffers of different sizes.
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A guest's change (the basket): the header repeats the XSRF cookie (double submit). */
export function xsrfHeaderMatchesCookie(request: FastifyRequest): boolean {
  const cookie = request.cookies[XSRF_COOKIE];
  const header = request.headers[XSRF_HEADER];
  if (!cookie || typeof header !== 'string') return false;
  return sameText(header, cookie);
}

/** A signed-in browser's change: the header is its session's token, whatever cookie may have been planted. */
export function xsrfHeaderMatchesSession(request: FastifyRequest, sessionToken: string): boolean {
  const header = request.headers[XSRF_HEADER];
  return typeof header === 'string' && sameText(header, xsrfTokenForSession(sessionToken));
}
