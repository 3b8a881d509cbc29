import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { RateLimitedError } from '../../../shared/domain-error.js';
import { clientKey, RateLimiter } from '../../../platform/rate-limit/index.js';
import type { DeviceCookie } from './device-cookies.js';

interface Limit {
  /** Failed attempts allowed in one window; the next attempt is answered 429. */
  max: number;
  windowMs: number;
}

/**
 * Failed sign-ins allowed before a 429 (ADR 0034). Only failures count: every attempt is counted up front (one atomic
 * upsert per counter, so parallel guesses cannot all slip under a limit) and a success, or a refusal, takes its count
 * back.
 */
export const SIGN_IN_LIMITS = {
  /** product.md: 5 failures a minute per e-mail and client. */
  clientAndAccount: { max: 5, windowMs: 60_000 },
  /** One client guessing across many accounts (credential stuffing from one address). */
  client: { max: 30, windowMs: 15 * 60_000 },
  /** Many clients guessing one account (rotating addresses); browsers with the account's device cookie are exempt. */
  account: { max: 100, windowMs: 60 * 60_000 },
  /** A browser with the account's device cookie; beyond this it is treated like any unknown client. */
  device: { max: 10, windowMs: 15 * 60_000 },
} satisfies Record<string, Limit>;

export interface SignInAttempt {
  email: string;
  ip: string;
  /** A valid device cookie for the account being signed in to (the caller checks whose it is), else null. */
  device: DeviceCookie | null;
}

/** The counters an admitted attempt was counted under, to take back if it succeeds. */
export interface SignInAdmission {
  readonly counted: Array<{ key: string; onSuccess: 'release' | 'reset' }>;
}

/**
 * OWASP's "Slow Down Online Guessing Attacks with Device Cookies", on the shared RateLimiter (PostgreSQL, so every
 * instance sees the same counts). An attacker's failures from one client never lock the owner out: they count
 * against that client and the (client, account) pair, and against the account's own ceiling, which a browser that
 * signed in to the account before (its device cookie) does not answer to. The trade-off OWASP accepts: while an
 * account is under attack from many addresses, a browser the shop has never seen can be held back by the ceiling.
 */
@Injectable()
export class SignInThrottle {
  constructor(private readonly rateLimiter: RateLimiter) {}

  /** Counts the attempt, or throws RateLimitedError (429 with Retry-After) without counting it. */
  async admit(attempt: SignInAttempt): Promise<SignInAdmission> {
    if (attempt.device) {
      const key = `login:device:${attempt.device.nonce}`;
      const state = await this.rateLimiter.hit(key, SIGN_IN_LIMITS.device.windowMs);
      if (state.hits <= SIGN_IN_LIMITS.device.max) return { counted: [{ key, onSuccess: 'reset' }] };
      // A device cookie that keeps failing may have been stolen: from here on it is trusted no more than no cookie.
      await this.rateLimiter.release(key);
    }
    const account = hashed(attempt.email);
    const client = clientKey(attempt.ip);
    const limits: Array<Limit & { key: string; onSuccess: 'release' | 'reset' }> = [
      // The right password from this client proves its failures were the owner's typing: they are forgiven.
      { ...SIGN_IN_LIMITS.clientAndAccount, key: `login:pair:${client}:${account}`, onSuccess: 'reset' },
      { ...SIGN_IN_LIMITS.client, key: `login:client:${client}`, onSuccess: 'release' },
      { ...SIGN_IN_LIMITS.account, key: `login:account:${account}`, onSuccess: 'release' },
    ];
    const counted: SignInAdmission['counted'] = [];
    for (const limit of limits) {
      const state = await this.rateLimiter.hit(limit.key, limit.windowMs);
      counted.push(limit);
      if (state.hits > limit.max) {
        // A refused attempt tested no password: it must not push the other counters (the account's ceiling above
        // all) closer to their limits.
        for (const { key } of counted) await this.rateLimiter.release(key);
        throw new RateLimitedError(`Too many sign-in attempts. Please try again in ${state.retryAfterSeconds} seconds.`, state.retryAfterSeconds);
      }
    }
    return { counted };
  }

  /** The password was right: the attempt was no failure. */
  async succeeded(admission: SignInAdmission): Promise<void> {
    for (const { key, onSuccess } of admission.counted) {
      await (onSuccess === 'reset' ? this.rateLimiter.reset(key) : this.rateLimiter.release(key));
    }
  }
}

/** Keys name the account by a hash: the limiter's table holds no addresses, and a 254-character one still fits its key. */
function hashed(email: string): string {
  return createHash('sha256').update(email).digest('base64url').slice(0, 32);
}
