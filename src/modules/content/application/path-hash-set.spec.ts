import { PathHashSet } from './path-hash-set.js';

describe('PathHashSet (ADR 0092)', () => {
  const paths = ['/', '/category/posters', '/products/fire-safety-dvd', '/about', '/products/café-signs', '/blog/“quoted”'];
  const set = PathHashSet.of(paths);

  it('says "perhaps" for every path it holds, Latin-1 and beyond included', () => {
    for (const path of paths) expect([path, set.mayHave(path)]).toEqual([path, true]);
    expect(set.size).toBe(paths.length);
  });

  it('says "certainly not" for paths it does not hold, including near misses', () => {
    const others = ['/category/poster', '/category/posters/', '/Products/fire-safety-dvd', '/products/fire-safety-dvd-2', '', '/contact'];
    for (const path of others) expect([path, set.mayHave(path)]).toEqual([path, false]);
  });

  it('finds every one of many paths and rejects paths outside them (the binary search over the sorted hashes)', () => {
    const many = Array.from({ length: 5_000 }, (_, index) => `/products/product-${index}`);
    const large = PathHashSet.of(many);
    expect(many.every((path) => large.mayHave(path))).toBe(true);
    const outside = Array.from({ length: 5_000 }, (_, index) => `/products/other-${index}`);
    // A 32-bit hash may collide, which only costs a lookup; among 5,000 × 5,000 pairs a handful at most.
    expect(outside.filter((path) => large.mayHave(path)).length).toBeLessThan(5);
  });

  it('holds nothing when made of nothing', () => {
    expect(PathHashSet.of([]).mayHave('/')).toBe(false);
  });
});
