import { DEFAULT_QUEUE_OPTIONS, retryDelayMs } from './queue-options.js';

describe('retryDelayMs', () => {
  const options = { backoffBaseMs: 5_000, backoffMaxMs: 3_600_000 };

  it('doubles from the base after each failed attempt', () => {
    expect([1, 2, 3, 4, 5].map((attempts) => retryDelayMs(attempts, options))).toEqual([5_000, 10_000, 20_000, 40_000, 80_000]);
  });

  it('is capped, also for absurd attempt counts', () => {
    expect(retryDelayMs(11, options)).toBe(3_600_000);
    expect(retryDelayMs(10_000, options)).toBe(3_600_000);
  });

  it('treats a zeroth attempt like the first', () => {
    expect(retryDelayMs(0, options)).toBe(5_000);
  });

  it('defaults to 5 s, capped at an hour, with 5 attempts and a 5 minute lease', () => {
    expect(DEFAULT_QUEUE_OPTIONS).toMatchObject({ backoffBaseMs: 5_000, backoffMaxMs: 3_600_000, defaultMaxAttempts: 5, leaseMs: 300_000 });
  });
});
