import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieName } from '../../../../platform/http/index.js';
import { DEVICE_COOKIE_DAYS } from '../../application/device-cookies.js';

/** OWASP's device cookie (application/device-cookies.ts): set at each password sign-in, kept across sign-outs. */
export const DEVICE_COOKIE = 'shop_device';

export function deviceCookieOf(request: FastifyRequest): string | null {
  return request.cookies[cookieName(DEVICE_COOKIE)] || null;
}

export function setDeviceCookie(reply: FastifyReply, value: string, secure: boolean): void {
  void reply.setCookie(cookieName(DEVICE_COOKIE), value, {
    // HttpOnly: page scripts never need it, so an injected script cannot carry it to another browser.
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60,
  });
}
