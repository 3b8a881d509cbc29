/**
 * A value computed at most once per `ttlMs` per key, shared by concurrent callers (the promise is cached, so a
 * burst of requests runs one query); a failed computation is forgotten at once so the next caller retries.
 * For read-mostly data where a few seconds of staleness is fine (category counts, brand lists).
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: Promise<V>; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: K, compute: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.until > this.now()) return hit.value;
    const value = compute();
    this.entries.set(key, { value, until: this.now() + this.ttlMs });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
