import { RateLimitedError } from '../../../shared/domain-error.js';
import type { RateLimiter } from '../../../platform/rate-limit/index.js';
import { SIGN_IN_LIMITS, SignInThrottle } from './sign-in-throttle.js';

/** The RateLimiter's contract in memory (one window that never ends): what the throttle does with the counts. */
class CountingLimiter {
  readonly hits = new Map<string, number>();
  async hit(key: string) {
    this.hits.set(key, (this.hits.get(key) ?? 0) + 1);
    return { hits: this.hits.get(key)!, retryAfterSeconds: 42 };
  }
  async release(key: string) {
    this.hits.set(key, Math.max((this.hits.get(key) ?? 0) - 1, 0));
  }
  async reset(key: string) {
    this.hits.delete(key);
  }
  count(prefix: string): number {
    return [...this.hits].filter(([key]) => key.startsWith(prefix)).reduce((sum, [, n]) => sum + n, 0);
  }
}

describe('SignInThrottle', () => {
  const setUp = () => {
    const limiter = new CountingLimiter();
    return { limiter, throttle: new SignInThrottle(limiter as unknown as RateLimiter) };
  };
  const attempt = (ip: string, device: { userId: number; nonce: string } | null = null) => ({ email: 'jo@example.com', ip, device });

  it('refuses the sixth failure from one client for one account, without counting it anywhere', async () => {
    const { limiter, throttle } = setUp();
    for (let i = 0; i < SIGN_IN_LIMITS.clientAndAccount.max; i++) await throttle.admit(attempt('203.0.113.1'));
    const refused = await throttle.admit(attempt('203.0.113.1')).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect((refused as RateLimitedError).retryAfterSeconds).toBe(42);
    expect(limiter.count('login:account:')).toBe(5);
    expect(limiter.count('login:client:')).toBe(5);
    await expect(throttle.admit(attempt('203.0.113.2'))).resolves.toBeDefined();
  });

  it('refused by the account\'s ceiling, an attempt leaves its client\'s counters as they were', async () => {
    const { limiter, throttle } = setUp();
    for (let i = 0; i < SIGN_IN_LIMITS.account.max; i++) await throttle.admit(attempt(`198.51.100.${Math.floor(i / 5)}`));
    await expect(throttle.admit(attempt('203.0.113.9'))).rejects.toBeInstanceOf(RateLimitedError);
    expect(limiter.count('login:client:203.0.113.9')).toBe(0);
    expect(limiter.count('login:pair:203.0.113.9:')).toBe(0);
    expect(limiter.count('login:account:')).toBe(SIGN_IN_LIMITS.account.max);
  });

  it('forgives a client its failures on this account when it signs in, and takes back its own count elsewhere', async () => {
    const { limiter, throttle } = setUp();
    for (let i = 0; i < 3; i++) await throttle.admit(attempt('203.0.113.1'));
    await throttle.succeeded(await throttle.admit(attempt('203.0.113.1')));
    expect(limiter.count('login:pair:')).toBe(0);
    expect(limiter.count('login:account:')).toBe(3);
    expect(limiter.count('login:client:')).toBe(3);
  });

  it('counts a trusted device only on its own counter, and past its allowance like any other client', async () => {
    const { limiter, throttle } = setUp();
    const device = { userId: 7, nonce: 'n'.repeat(22) };
    for (let i = 0; i < SIGN_IN_LIMITS.device.max; i++) await throttle.admit(attempt('203.0.113.1', device));
    expect(limiter.count('login:device:')).toBe(SIGN_IN_LIMITS.device.max);
    expect(limiter.count('login:account:')).toBe(0);
    await throttle.admit(attempt('203.0.113.1', device));
    expect(limiter.count('login:device:')).toBe(SIGN_IN_LIMITS.device.max);
    expect(limiter.count('login:account:')).toBe(1);
  });
});
