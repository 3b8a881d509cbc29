import { fnv1a } from './fnv1a.js';

describe('fnv1a', () => {
  it('gives 32-bit FNV-1a (its published test vectors)', () => {
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
    expect(fnv1a('foobar')).toBe(0xbf9cf968);
  });
});
