import { ownedBytes } from '../../shared/owned-bytes.js';
import { pagePath } from './page-path.js';

/** What a cached page replays on every hit besides its HTML (so a hit counts like a render). */
export interface PageEffects {
  /** The product this page showed: its view is recorded on every hit too (product views, ADR 0012). */
  viewedProductId: number | null;
}

export interface CachedRender {
  statusCode: number;
  headers: Array<[string, string]>;
  /** Text when just rendered; UTF-8 bytes from the cache (kept as bytes: half the memory of a two-byte string). */
  body: string | Buffer;
  effects: PageEffects;
}

interface Entry {
  until: number;
  /** The bytes of `parts`, counted against MAX_BYTES. */
  bytes: number;
  statusCode: number;
  headers: Array<[string, string]>;
  /** The body cut at each occurrence of the nonce it was rendered with; joined with the next request's nonce. */
  parts: Buffer[];
  effects: PageEffects;
}

/** The storefront pages worth caching: the catalogue's, which nearly every visit reads. */
const CACHEABLE = /^\/(?:category(?:\/[^/]+)?|products\/[^/]+)?$/;
const TTL_MS = 30_000;
const MAX_PAGES = 1_000;
/**
 * The pages are Buffers outside V8's heap, so the heap cap of `shop serve` does not bound them (ADR 0027): 1,000 pages
 * of 24-48 kB were ~40 MB of RSS once the bench's miss targets had crawled more URLs than that (ADR 0067). 16 MB holds
 * every category page (200 × 47 kB) or every product page the bench reads (500 × 24 kB) within one 30 s spell; a busier
 * catalogue keeps its most recently rendered pages and renders the rest.
 */
export const PAGE_CACHE_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Rendered catalogue pages (home, category and search lists, product pages) for anonymous visitors, for
 * 30 seconds: an anonymous visitor's page depends on its URL alone, and Vike's per-render bookkeeping costs
 * ~1.6 ms of CPU per page beyond React's own render (issue 6, ADR 0015), so a hit skips both. Each hit gets
 * its own CSP nonce; signed-in visitors are always rendered; any successful change through the admin API
 * clears every page (`clear`), so staff see their change at once. Only 200 answers are kept.
 */
export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private heldBytes = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxBytes = PAGE_CACHE_MAX_BYTES,
  ) {}

  /** Whether this URL may come from the cache for this visitor. */
  static isCacheable(url: string, anonymous: boolean): boolean {
    return anonymous && CACHEABLE.test(pagePath(url));
  }

  get(url: string, nonce: string | undefined): CachedRender | null {
    const entry = this.entries.get(url);
    if (!entry) return null;
    if (entry.until <= this.now()) {
      this.drop(url, entry);
      return null;
    }
    const body = entry.parts.length === 1 ? entry.parts[0]! : Buffer.concat(interleave(entry.parts, Buffer.from(nonce ?? '')));
    return { statusCode: entry.statusCode, headers: entry.headers, body, effects: entry.effects };
  }

  /**
   * The cached page for this URL, or `render()`'s, which is then kept. Only a fresh render is stored: storing a hit
   * again would cost three copies of the page per hit (its bytes read back as text, split, encoded anew) and push its
   * expiry on, so a busy page would never reach its 30 s.
   */
  async getOrRender(url: string, nonce: string | undefined, render: () => Promise<CachedRender>): Promise<CachedRender> {
    const cached = this.get(url, nonce);
    if (cached) return cached;
    const page = await render();
    this.set(url, nonce, page);
    return page;
  }

  set(url: string, nonce: string | undefined, page: CachedRender): void {
    if (page.statusCode !== 200) return;
    const parts = (nonce ? String(page.body).split(nonce) : [String(page.body)]).map(ownedBytes);
    const bytes = parts.reduce((sum, part) => sum + part.length, 0);
    const previous = this.entries.get(url);
    if (previous) this.drop(url, previous); // re-inserted last: the first key is the oldest
    if (bytes > this.maxBytes) return;
    this.entries.set(url, { until: this.now() + TTL_MS, bytes, statusCode: page.statusCode, headers: page.headers, parts, effects: page.effects });
    this.heldBytes += bytes;
    // The oldest pages go first, until both bounds hold.
    for (const [oldUrl, oldEntry] of this.entries) {
      if (this.entries.size <= MAX_PAGES && this.heldBytes <= this.maxBytes) break;
      this.drop(oldUrl, oldEntry);
    }
    this.dropExpired();
  }

  /**
   * Lets go of the pages past their 30 s. An expired page is never served, but it used to stay until its URL was asked
   * for again or 1,000 newer pages pushed it out: after a crawl of every category and product that was ~20 MB of
   * Buffers outside V8's heap, which the heap cap does not bound (ADR 0027). Every page lives the same 30 s and the map
   * keeps insertion order, so the expired ones are at its head.
   */
  dropExpired(): void {
    const now = this.now();
    for (const [url, entry] of this.entries) {
      if (entry.until > now) return;
      this.drop(url, entry);
    }
  }

  /** How many pages are held (expired ones included until dropped), for tests. */
  get size(): number {
    return this.entries.size;
  }

  /** The bytes of the pages held (expired ones included until dropped), for tests. */
  get bytes(): number {
    return this.heldBytes;
  }

  clear(): void {
    this.entries.clear();
    this.heldBytes = 0;
  }

  private drop(url: string, entry: Entry): void {
    this.entries.delete(url);
    this.heldBytes -= entry.bytes;
  }
}

function interleave(parts: Buffer[], separator: Buffer): Buffer[] {
  const all: Buffer[] = [];
  parts.forEach((part, i) => {
    if (i > 0) all.push(separator);
    all.push(part);
  });
  return all;
}
