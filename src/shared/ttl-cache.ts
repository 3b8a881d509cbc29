/** A byte bound for a TtlCache: its values' estimated size (e.g. `approximateSize`) may add up to `maxBytes`. */
export interface TtlCacheBytes<V> {
  maxBytes: number;
  sizeOf: (value: V) => number;
}

interface Entry<V> {
  value: Promise<V>;
  until: number;
  /** Counted once the value has arrived (0 until then). */
  bytes: number;
}

/**
 * A value computed at most once per `ttlMs` per key, shared by concurrent callers (the promise is cached, so a
 * burst of requests runs one query); a failed computation is forgotten at once so the next caller retries.
 * For read-mostly data where a few seconds of staleness is fine (category counts, brand lists, facet counts).
 * At most `maxEntries` keys are kept, and with `bytes` at most that many bytes of values; the oldest computed is
 * dropped first. Entries alone do not bound memory when values vary in size: 1,000 product lists of ~50 kB each
 * were ~50 MB of the capped heap once traffic spread over more lists than that (ADR 0067).
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private heldBytes = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 1_000,
    private readonly bytes: TtlCacheBytes<V> | null = null,
  ) {}

  get(key: K, compute: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.until > this.now()) return hit.value;
    const value = compute();
    if (hit) this.drop(key, hit); // re-inserted last: Map keeps insertion order, so the first key is the oldest
    const entry: Entry<V> = { value, until: this.now() + this.ttlMs, bytes: 0 };
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) this.dropOldest();
    value.then(
      (resolved) => {
        if (!this.bytes || this.entries.get(key) !== entry) return;
        entry.bytes = this.bytes.sizeOf(resolved);
        this.heldBytes += entry.bytes;
        while (this.heldBytes > this.bytes.maxBytes && this.entries.size > 0) this.dropOldest();
      },
      () => {
        if (this.entries.get(key) === entry) this.drop(key, entry);
      },
    );
    return value;
  }

  /** The estimated bytes of the values held (0 without a byte bound), for tests. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.heldBytes };
  }

  clear(): void {
    this.entries.clear();
    this.heldBytes = 0;
  }

  private dropOldest(): void {
    const [key, entry] = this.entries.entries().next().value as [K, Entry<V>];
    this.drop(key, entry);
  }

  private drop(key: K, entry: Entry<V>): void {
    this.entries.delete(key);
    this.heldBytes -= entry.bytes;
  }
}
