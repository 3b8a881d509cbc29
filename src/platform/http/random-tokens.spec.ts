import { randomToken } from './random-tokens.js';

describe('randomToken', () => {
  it('gives base64url tokens of the asked size', () => {
    const token = randomToken(24);
    expect(token).toMatch(/^[\w-]{32}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(24);
  });

  it('never repeats a token, across many pool refills', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 5000; i += 1) seen.add(randomToken(16)); // 80 kB: the 8 kB pool refills ten times
    expect(seen.size).toBe(5000);
  });

  it('refuses more bytes than the pool holds', () => {
    expect(() => randomToken(8193)).toThrow(RangeError);
  });
});
