/**
 * A value computed at most once per `ttlMs` per key, shared by concurrent callers (the promise is cached, so a
 * burst of requests runs one query); a failed computation is forgotten at once so the next caller retries.
 * For read-mostly data where a few seconds of staleness is fine (category counts, brand lists, facet counts).
 * At most `maxEntries` keys are kept; the oldest computed is dropped first.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: Promise<V>; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 1_000,
  ) {}

  get(key: K, compute: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.until > this.now()) return hit.value;
    const value = compute();
    this.entries.delete(key); // re-inserted last: Map keeps insertion order, so the first key is the oldest
    this.entries.set(key, { value, until: this.now() + this.ttlMs });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
