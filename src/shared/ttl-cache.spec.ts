import { approximateSize } from './approximate-size.js';
import { TtlCache } from './ttl-cache.js';

describe('TtlCache', () => {
  it('computes once per key within the time to live, then again after it', async () => {
    let now = 1_000;
    const cache = new TtlCache<string, number>(100, { now: () => now });
    let calls = 0;
    const compute = () => Promise.resolve(++calls);
    expect(await Promise.all([cache.get('a', compute), cache.get('a', compute)])).toEqual([1, 1]);
    expect(await cache.get('b', compute)).toBe(2);
    now += 99;
    expect(await cache.get('a', compute)).toBe(1);
    now += 1;
    expect(await cache.get('a', compute)).toBe(3);
  });

  describe('with staleWhileRefreshMs', () => {
    /** A computation the test settles by hand, to see what callers get while it runs. */
    const pending = () => {
      let settle!: { resolve: (value: number) => void; reject: (error: Error) => void };
      const promise = new Promise<number>((resolve, reject) => (settle = { resolve, reject }));
      return { promise, ...settle };
    };
    /** A cache whose key 'a' holds 1 and has just expired, within its 100 ms of grace; `later` moves its clock on. */
    const expiredCache = async () => {
      let now = 1_000;
      const cache = new TtlCache<string, number>(100, { now: () => now, staleWhileRefreshMs: 100 });
      expect(await cache.get('a', () => Promise.resolve(1))).toBe(1);
      now += 150;
      return { cache, later: (ms: number) => (now += ms) };
    };

    it('answers an expired value at once while one newer value is computed, then the newer one', async () => {
      const { cache, later } = await expiredCache();
      const refresh = pending();
      let computations = 0;
      const compute = () => {
        computations += 1;
        return refresh.promise;
      };
      expect(await cache.get('a', compute)).toBe(1);
      expect(await cache.get('a', compute)).toBe(1); // the refresh is under way: not started twice
      expect(computations).toBe(1);
      refresh.resolve(2);
      await refresh.promise;
      expect(await cache.get('a', () => Promise.resolve(99))).toBe(2);
      later(99); // the refreshed value lives its own time from when it arrived
      expect(await cache.get('a', () => Promise.resolve(99))).toBe(2);
    });

    it('past the grace, callers wait for a fresh value as without it', async () => {
      const { cache, later } = await expiredCache();
      later(50);
      expect(await cache.get('a', () => Promise.resolve(2))).toBe(2);
    });

    it('keeps the old value through a failed refresh and tries again on the next call', async () => {
      const { cache } = await expiredCache();
      const failing = pending();
      expect(await cache.get('a', () => failing.promise)).toBe(1);
      failing.reject(new Error('database down'));
      await failing.promise.catch(() => undefined);
      expect(await cache.get('a', () => Promise.resolve(3))).toBe(1); // answered from the old value, a new refresh started
      await Promise.resolve();
      expect(await cache.get('a', () => Promise.resolve(99))).toBe(3);
    });

    it('does not keep a refresh that was under way when the cache was cleared (a change made meanwhile)', async () => {
      const { cache } = await expiredCache();
      const before = pending();
      expect(await cache.get('a', () => before.promise)).toBe(1);
      cache.clear();
      expect(await cache.get('a', () => Promise.resolve(5))).toBe(5); // after the change: no old value answered
      before.resolve(4); // read before the change: must not replace it
      await before.promise;
      expect(await cache.get('a', () => Promise.resolve(99))).toBe(5);
    });

    it('keeps a refreshing key through the eviction of the oldest: its refresh is not thrown away', async () => {
      let now = 1_000;
      const cache = new TtlCache<string, number>(100, { now: () => now, maxEntries: 2, staleWhileRefreshMs: 100 });
      await cache.get('hot', () => Promise.resolve(1));
      await cache.get('b', () => Promise.resolve(2));
      now += 150; // both expired; 'hot' is the oldest computed
      const refresh = pending();
      expect(await cache.get('hot', () => refresh.promise)).toBe(1);
      await cache.get('c', () => Promise.resolve(3)); // over maxEntries: the oldest goes, which is now 'b'
      refresh.resolve(4);
      await refresh.promise;
      await Promise.resolve();
      expect(await cache.get('hot', () => Promise.resolve(99))).toBe(4);
    });

    it('answers the old value when the refresh throws at once, and tries again on the next call', async () => {
      const { cache } = await expiredCache();
      expect(await cache.get('a', () => {
        throw new Error('not connected');
      })).toBe(1);
      await Promise.resolve();
      expect(await cache.get('a', () => Promise.resolve(2))).toBe(1);
      await Promise.resolve();
      expect(await cache.get('a', () => Promise.resolve(99))).toBe(2);
    });

    it('never answers a value that has not arrived: an expired computation still under way is waited for', async () => {
      let now = 1_000;
      const cache = new TtlCache<string, number>(100, { now: () => now, staleWhileRefreshMs: 100 });
      const slow = pending();
      const first = cache.get('a', () => slow.promise);
      now += 150;
      const second = cache.get('a', () => Promise.resolve(2));
      slow.resolve(1);
      expect(await first).toBe(1);
      expect(await second).toBe(2);
    });
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
    const cache = new TtlCache<string, number>(60_000, { maxEntries: 2 });
    let calls = 0;
    const compute = () => Promise.resolve(++calls);
    await cache.get('a', compute);
    await cache.get('b', compute);
    await cache.get('c', compute); // drops a
    expect(await cache.get('b', compute)).toBe(2);
    expect(await cache.get('a', compute)).toBe(4);
  });

  it('with a byte bound, keeps at most that many bytes of values, dropping the oldest computed', async () => {
    const cache = new TtlCache<string, string>(60_000, { bytes: { maxBytes: 100, sizeOf: (value) => value.length } });
    let calls = 0;
    const compute = (size: number) => () => Promise.resolve(`${++calls}`.padEnd(size, '.'));
    await cache.get('a', compute(40));
    await cache.get('b', compute(40));
    expect(cache.size).toEqual({ entries: 2, bytes: 80 });
    await cache.get('c', compute(40)); // 120 bytes: a goes
    expect(cache.size).toEqual({ entries: 2, bytes: 80 });
    expect(await cache.get('b', compute(40))).toMatch(/^2/);
    expect(await cache.get('a', compute(10))).toMatch(/^4/); // computed again; b, c and a fit in 100 bytes
    expect(cache.size).toEqual({ entries: 3, bytes: 90 });
    await cache.get('huge', compute(500)); // larger than the bound: answered, then not kept, and everything older went
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
    await cache.get('d', compute(30));
    cache.clear();
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
  });

  it('estimates a view of 24 cards at tens of kB, so 1,000 such lists exceed a 12 MB bound', () => {
    const card = (id: number) => ({ id, slug: `fire-safety-awareness-${id}`, title: `Fire Safety Awareness ${id}`, summary: 'A practical, concise course for everyone at work.'.repeat(4), price_from: '49.99', image: { url: `/media/${id}.webp`, width: 800, height: 600 }, kinds: ['online_access', 'physical'] });
    const list = { data: Array.from({ length: 24 }, (_, i) => card(i)), meta: { total: 10_000, page: 1 }, facets: { categories: Array.from({ length: 60 }, (_, id) => ({ id, name: `Category ${id}`, count: 100 })) } };
    const bytes = approximateSize(list);
    expect(bytes).toBeGreaterThan(Buffer.byteLength(JSON.stringify(list)) / 2);
    expect(bytes * 1_000).toBeGreaterThan(12 * 1024 * 1024);
  });
});
