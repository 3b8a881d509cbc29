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

/**
 * A guest's XSRF token once they have a basket (issue 25): derived from the HttpOnly basket cookie the same way,
 * with its own label so a session's token and a basket's never coincide. A token planted by a sibling subdomain,
 * or taken from another basket, does not match the hash of this browser's basket cookie, which nobody else knows.
 */
export function xsrfTokenForBasket(basketToken: string): string {
  return createHash('sha256').update(`xsrf-basket:${basketToken}`).digest('base64url');
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

/** When a guest's basket (and its cookie) is created: the browser's XSRF cookie becomes the basket's. */
export function setBasketXsrfCookie(reply: FastifyReply, basketToken: string, secure: boolean): void {
  setXsrfCookie(reply, xsrfTokenForBasket(basketToken), secure);
}

/** What a request carries that its XSRF token can be bound to (cookie values the platform reads, never looks up). */
export interface XsrfBindings {
  sessionTokenOf(request: FastifyRequest): string | null;
  basketTokenOf(request: FastifyRequest): string | null;
}

/**
 * onRequest hook: every visitor gets an XSRF cookie on their first response — the session's own for a browser
 * with a session cookie, the basket's own for a guest with a basket cookie (both rebind a cookie issued earlier),
 * and a random one for a guest with neither.
 */
export function issueXsrfCookie(secure: boolean, bindings: XsrfBindings) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const current = request.cookies[XSRF_COOKIE];
    const session = bindings.sessionTokenOf(request);
    const basket = session ? null : bindings.basketTokenOf(request);
    const bound = session ? xsrfTokenForSession(session) : basket ? xsrfTokenForBasket(basket) : null;
    if (bound) {
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

/**
 * A guest's change to the basket. With a basket cookie, the header must be that basket's token, whatever cookie
 * may have been planted. Without one there is nothing to bind to yet: the header repeats the XSRF cookie (double
 * submit), and the change can only start a new basket (which then binds the token).
 */
export function xsrfHeaderMatchesGuest(request: FastifyRequest, basketToken: string | null): boolean {
  if (!basketToken) return xsrfHeaderMatchesCookie(request);
  const header = request.headers[XSRF_HEADER];
  return typeof header === 'string' && sameText(header, xsrfTokenForBasket(basketToken));
}

/** The plain double submit: the header repeats the XSRF cookie. */
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
