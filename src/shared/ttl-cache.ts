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
  /** Whether `value` has resolved: only then may it be answered past `until` while a newer one is computed. */
  arrived: boolean;
  /** The newer value being computed in the background, once this entry is past `until` (one per entry). */
  refreshing?: Promise<V>;
}

export interface TtlCacheOptions<V> {
  now?: () => number;
  /** How many keys may be held; the oldest computed is dropped first. 1,000 unless told. */
  maxEntries?: number;
  bytes?: TtlCacheBytes<V> | null;
  /**
   * For this long past its time to live, a value that has arrived is still answered at once while a newer one is
   * computed in the background (one computation per key), instead of making the first callers after expiry wait for
   * it. 0 (the default): an expired value is never answered.
   */
  staleWhileRefreshMs?: number;
}

/**
 * A value computed at most once per `ttlMs` per key, shared by concurrent callers (the promise is cached, so a
 * burst of requests runs one query); a failed computation is forgotten at once so the next caller retries.
 * For read-mostly data where a few seconds of staleness is fine (category counts, brand lists, facet counts).
 * At most `maxEntries` keys are kept, and with `bytes` at most that many bytes of values; the oldest computed is
 * dropped first. Entries alone do not bound memory when values vary in size: 1,000 product lists of ~50 kB each
 * were ~50 MB of the capped heap once traffic spread over more lists than that (ADR 0067).
 *
 * With `staleWhileRefreshMs`, nobody waits for an expired key's recomputation while the old value is at most that
 * much past its time (ADR 0080): a cached list of products expired every 30 s and the requests that came for it
 * meanwhile waited for its statements, which under load was the p99 of a cached read. `clear()` drops old values and
 * refreshes alike, and a refresh that was under way when it was called is not kept.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private heldBytes = 0;
  private readonly now: () => number;
  private readonly maxEntries: number;
  private readonly bytes: TtlCacheBytes<V> | null;
  private readonly staleWhileRefreshMs: number;

  constructor(
    private readonly ttlMs: number,
    options: TtlCacheOptions<V> = {},
  ) {
    this.now = options.now ?? Date.now;
    this.maxEntries = options.maxEntries ?? 1_000;
    this.bytes = options.bytes ?? null;
    this.staleWhileRefreshMs = options.staleWhileRefreshMs ?? 0;
  }

  get(key: K, compute: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    const now = this.now();
    if (hit && hit.until > now) return hit.value;
    if (hit?.arrived && hit.until + this.staleWhileRefreshMs > now) {
      if (!hit.refreshing) {
        // Moved to the newest end, as a recomputed key is: an expired key is among the oldest, and evicting it while
        // its refresh runs would throw the refresh away.
        this.entries.delete(key);
        this.entries.set(key, hit);
        hit.refreshing = this.refresh(key, hit, compute);
      }
      return hit.value;
    }
    if (hit) this.drop(key, hit); // re-inserted last: Map keeps insertion order, so the first key is the oldest
    return this.store(key, compute());
  }

  /** The estimated bytes of the values held (0 without a byte bound), for tests. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.heldBytes };
  }

  clear(): void {
    this.entries.clear();
    this.heldBytes = 0;
  }

  /** A newer value for an expired entry that is still answered meanwhile; it replaces the entry if that is still held. */
  private refresh(key: K, stale: Entry<V>, compute: () => Promise<V>): Promise<V> {
    let value: Promise<V>;
    try {
      value = compute();
    } catch (error) {
      value = Promise.reject(error); // the caller still gets the old value; this one is handled below
    }
    value.then(
      () => {
        if (this.entries.get(key) !== stale) return; // cleared, dropped or replaced meanwhile: this value is not kept
        this.drop(key, stale);
        this.store(key, value);
      },
      () => {
        // The old value stays until its grace ends; the next caller after this one tries again.
        if (stale.refreshing === value) stale.refreshing = undefined;
      },
    );
    return value;
  }

  private store(key: K, value: Promise<V>): Promise<V> {
    const entry: Entry<V> = { value, until: this.now() + this.ttlMs, bytes: 0, arrived: false };
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) this.dropOldest();
    value.then(
      (resolved) => {
        if (this.entries.get(key) !== entry) return;
        entry.arrived = true;
        if (!this.bytes) return;
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

  private dropOldest(): void {
    const [key, entry] = this.entries.entries().next().value as [K, Entry<V>];
    this.drop(key, entry);
  }

  private drop(key: K, entry: Entry<V>): void {
    this.entries.delete(key);
    this.heldBytes -= entry.bytes;
  }
}
