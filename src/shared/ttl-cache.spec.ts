import { TtlCache } from './ttl-cache.js';

describe('TtlCache', () => {
  it('computes once per key within the time to live, then again after it', async () => {
    let now = 1_000;
    const cache = new TtlCache<string, number>(100, () => now);
    let calls = 0;
    const compute = () => Promise.resolve(++calls);
    expect(await Promise.all([cache.get('a', compute), cache.get('a', compute)])).toEqual([1, 1]);
    expect(await cache.get('b', compute)).toBe(2);
    now += 99;
    expect(await cache.get('a', compute)).toBe(1);
    now += 1;
    expect(await cache.get('a', compute)).toBe(3);
  });

  it('forgets a failure so the next call retries', async () => {
    const cache = new TtlCache<string, number>(60_000);
    await expect(cache.get('a', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await cache.get('a', () => Promise.resolve(7))).toBe(7);
  });

  it('starts over after clear()', async () => {
    const cache = new TtlCache<string, number>(60_000);
    await cache.get('a', () => Promise.resolve(1));
    cache.clear();
    expect(await cache.get('a', () => Promise.resolve(2))).toBe(2);
  });

  it('keeps at most maxEntries keys, dropping the oldest computed', async () => {
    const cache = new TtlCache<string, number>(60_000, Date.now, 2);
    let calls = 0;
    const compute = () => Promise.resolve(++calls);
    await cache.get('a', compute);
    await cache.get('b', compute);
    await cache.get('c', compute); // drops a
    expect(await cache.get('b', compute)).toBe(2);
    expect(await cache.get('a', compute)).toBe(4);
  });
});
