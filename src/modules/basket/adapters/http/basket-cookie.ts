import type { FastifyReply } from 'fastify';
import { cookieName, randomToken } from '../../../../platform/http/index.js';
import { BASKET_LIFETIME_MS } from '../../application/basket.service.js';

/** A guest's basket: HttpOnly (scripts never see it), SameSite=Lax, 3 days (seed), renewed on every use; `__Host-` under HTTPS. */
export const BASKET_COOKIE = 'shop_basket';

/** The guest basket token a request carries, or null (malformed values are ignored, never looked up). */
export function basketTokenOf(cookies: Record<string, string | undefined>): string | null {
  const value = cookies[cookieName(BASKET_COOKIE)];
  return value && /^[A-Za-z0-9_-]{20,64}$/.test(value) ? value : null;
}

export function newBasketToken(): string {
  return randomToken(24);
}

export function setBasketCookie(reply: FastifyReply, token: string, secure: boolean): void {
  void reply.setCookie(cookieName(BASKET_COOKIE), token, {
    path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: BASKET_LIFETIME_MS / 1000,
  });
}

export function clearBasketCookie(reply: FastifyReply, secure: boolean): void {
  void reply.clearCookie(cookieName(BASKET_COOKIE), { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

