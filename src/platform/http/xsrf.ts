import type { FastifyReply, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
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

/** onRequest hook: every visitor gets an XSRF cookie on their first response. */
export function issueXsrfCookie(secure: boolean) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (request.cookies[XSRF_COOKIE]) return;
    void reply.setCookie(XSRF_COOKIE, randomToken(24), {
      path: '/',
      sameSite: 'lax',
      secure,
      httpOnly: false, // the page's scripts must read it
    });
  };
}

export function xsrfHeaderMatchesCookie(request: FastifyRequest): boolean {
  const cookie = request.cookies[XSRF_COOKIE];
  const header = request.headers[XSRF_HEADER];
  if (!cookie || typeof header !== 'string') return false;
  const given = Buffer.from(header);
  const expected = Buffer.from(cookie);
  // Compare byte lengths (not string lengths): timingSafeEqual throws on buffers of different sizes.
  return given.length === expected.length && timingSafeEqual(given, expected);
}
