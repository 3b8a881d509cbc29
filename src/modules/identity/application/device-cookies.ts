import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { MAX_ID } from '../../../shared/contracts/ids.js';

/** What a device cookie says: this browser signed in to `userId` before; `nonce` names the browser's own counter. */
export interface DeviceCookie {
  userId: number;
  nonce: string;
}

/** Long-lived: the point is to recognise a browser that signed in weeks ago (browsers cap cookies at 400 days). */
export const DEVICE_COOKIE_DAYS = 365;

const VERSION = 'd1';
const NONCE = /^[A-Za-z0-9_-]{22}$/;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

/**
 * OWASP's device cookies ("Slow Down Online Guessing Attacks with Device Cookies"): `d1.<user id>.<nonce>.<HMAC-SHA256>`.
 * Only the shop can make one (the HMAC), so a valid cookie proves this browser signed in to that account before, and
 * sign-in throttling can tell the owner's browser from an attacker guessing from elsewhere (sign-in-throttle.ts).
 * The cookie carries no secret of the account: stolen, it only buys its own small allowance of guesses.
 */
export class DeviceCookies {
  constructor(private readonly secret: string) {}

  issue(userId: number): string {
    const payload = `${VERSION}.${userId}.${randomBytes(16).toString('base64url')}`;
    return `${payload}.${this.sign(payload)}`;
  }

  /** The cookie's claim when the shop signed it, else null (forged, edited, truncated or from another secret). */
  read(value: string | null | undefined): DeviceCookie | null {
    if (!value || value.length > 120) return null;
    const [version, id, nonce, signature, ...rest] = value.split('.');
    if (version !== VERSION || rest.length > 0 || !id || !/^[1-9]\d{0,9}$/.test(id) || !nonce || !NONCE.test(nonce) || !signature || !SIGNATURE.test(signature)) return null;
    const expected = Buffer.from(this.sign(`${version}.${id}.${nonce}`));
    if (!timingSafeEqual(expected, Buffer.from(signature))) return null;
    const userId = Number(id);
    return userId <= MAX_ID ? { userId, nonce } : null;
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.secret).update(`device-cookie:${payload}`).digest('base64url');
  }
}
