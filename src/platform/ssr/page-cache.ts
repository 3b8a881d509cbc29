import { createHash } from 'node:crypto';
import { inlineSourceHashes, type ContentSecurityPolicy, type InlineSources } from '../http/index.js';
import { fnv1a } from '../../shared/fnv1a.js';
import { ownedBuffer, ownedBytes } from '../../shared/owned-bytes.js';
import { compressBytes, encodingForBody, type PageEncoding } from './page-compression.js';
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
  /** Set when the page is the cache's: the same bytes for every visitor, with what follows from that (ADR 0095). */
  shared?: SharedPage;
}

/** A cached page as every visitor gets it, byte for byte. */
export interface SharedPage {
  /** A validator of its bytes: a browser that holds them is answered 304 on revalidation (ADR 0095). */
  readonly etag: string;
  /** The CSP for it: its inline scripts and styles admitted by their hashes, since it carries no nonce. */
  contentSecurityPolicy(policy: ContentSecurityPolicy): string;
  /** The page in the client's encoding: each encoding is compressed once, on first demand, and kept with the page. */
  forClient(acceptEncoding: string | string[] | undefined): Promise<{ body: Buffer; encoding: PageEncoding | null }>;
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
/** How many URLs asked for once the cache remembers (as 32-bit hashes: a long URL costs no more than a short one). */
const MAX_RECENT_URLS = 10_000;

/**
 * Rendered catalogue pages (home, category and search lists, product pages) for anonymous visitors, for
 * 30 seconds: an anonymous visitor's page depends on its URL alone, and Vike's per-render bookkeeping costs
 * ~1.6 ms of CPU per page beyond React's own render (issue 6, ADR 0015), so a hit skips both. A kept page is the
 * same bytes for every visitor: the render's CSP nonce is taken off its elements, the CSP admits its inline scripts by
 * hash instead, and its compressed copies are made once (ADR 0095). Signed-in visitors are always rendered; any
 * successful change through the admin API clears every page (`clear`), so staff see their change at once. Only 200
 * answers are kept, and a URL with a query only once it is asked for twice within 30 s (`admits`, ADR 0098).
 */
export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private heldBytes = 0;
  /** URLs with a query rendered once in the last 30 s but not kept: the second render within 30 s is (`admits`). */
  private readonly askedOnce: RecentUrls;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxBytes = PAGE_CACHE_MAX_BYTES,
  ) {
    this.askedOnce = new RecentUrls(TTL_MS, MAX_RECENT_URLS);
  }

  /** Whether this URL may come from the cache for this visitor. */
  static isCacheable(url: string, anonymous: boolean): boolean {
    return anonymous && CACHEABLE.test(pagePath(url));
  }

  get(url: string): CachedRender | null {
    const entry = this.entries.get(url);
    if (!entry) return null;
    if (entry.until <= this.now()) {
      this.expire(url, entry);
      return null;
    }
    return entry.render;
  }

  /**
   * The cached page for this URL, or `render()`'s, which is then kept (when `admits` it) and answered as every later
   * hit will be. Only a fresh render is stored: storing a hit again would push its expiry on, so a busy page would never
   * reach its 30 s.
   */
  async getOrRender(url: string, nonce: string | undefined, render: () => Promise<CachedRender>): Promise<CachedRender> {
    const cached = this.get(url);
    if (cached) return cached;
    const page = await render();
    if (!this.admits(url)) return page;
    return this.set(url, nonce, page) ?? page;
  }

  /**
   * Whether a fresh render of this URL is worth keeping. A page without a query (home, a category, a product) is kept
   * at once: there are as many as the catalogue has, and they are what most visits read. A URL with a query (a search,
   * a later page, a sort) is kept on its second render within 30 s: most are asked for once, and keeping each cost ~6%
   * of a search page's CPU (the copy without the nonce, its hashes and validator: ADR 0013, session 62) and pushed
   * popular pages out of the cache's 16 MB. The same gate as TinyLFU's "doorkeeper" (ADR 0098).
   */
  private admits(url: string): boolean {
    return !url.includes('?') || this.askedOnce.seenBefore(url, this.now());
  }

  /** Keeps a fresh render rendered with `nonce`; answers it as the cache will serve it, or null when it is not kept. */
  set(url: string, nonce: string | undefined, page: CachedRender): CachedRender | null {
    const previous = this.entries.get(url);
    if (previous) this.drop(url, previous); // re-inserted last: the first key is the oldest
    if (page.statusCode !== 200) return null;
    // The nonce was only ever an attribute of the page's own elements; off them, the page is everyone's.
    const text = nonce ? String(page.body).split(` nonce="${nonce}"`).join('') : String(page.body);
    if (nonce && text.includes(nonce)) return null; // somewhere else too: this page is not the same for everyone
    const body = ownedBytes(text);
    if (body.length > this.maxBytes) return null;
    const entry = new Entry(this.now() + TTL_MS, page, body, inlineSourceHashes(text), (bytes) => {
      if (this.entries.get(url) !== entry) return; // dropped meanwhile: its copies go with it
      entry.bytes += bytes;
      this.heldBytes += bytes;
      this.trim();
    });
    this.entries.set(url, entry);
    this.heldBytes += entry.bytes;
    this.trim();
    this.dropExpired();
    return entry.render;
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
      if (entry.until > now) break;
      this.expire(url, entry);
    }
    this.askedOnce.dropExpired(now);
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

  /** The oldest pages go first, until both bounds hold. */
  private trim(): void {
    for (const [oldUrl, oldEntry] of this.entries) {
      if (this.entries.size <= MAX_PAGES && this.heldBytes <= this.maxBytes) break;
      this.drop(oldUrl, oldEntry);
    }
  }

  /** A page that lived its 30 s was asked for at least twice: its next render is kept at once. */
  private expire(url: string, entry: Entry): void {
    this.drop(url, entry);
    if (url.includes('?')) this.askedOnce.note(url, this.now());
  }

  private drop(url: string, entry: Entry): void {
    this.entries.delete(url);
    this.heldBytes -= entry.bytes;
  }
}

/**
 * URLs asked for within the last `ttlMs`, kept as 32-bit hashes with the time each was noted. A collision only lets a
 * page into the cache one request early. Every URL is remembered for the same time, so the map's insertion order is
 * the order they expire in.
 */
class RecentUrls {
  private readonly noted = new Map<number, number>();

  constructor(
    private readonly ttlMs: number,
    private readonly max: number,
  ) {}

  /** Whether the URL was noted within the last `ttlMs`; it is forgotten if it was, and noted if it was not. */
  seenBefore(url: string, now: number): boolean {
    const key = fnv1a(url);
    const at = this.noted.get(key);
    if (at !== undefined && now - at < this.ttlMs) {
      this.noted.delete(key);
      return true;
    }
    this.note(url, now, key);
    return false;
  }

  note(url: string, now: number, key = fnv1a(url)): void {
    this.noted.delete(key); // re-inserted last, as the newest
    this.noted.set(key, now);
    if (this.noted.size > this.max) this.noted.delete(this.noted.keys().next().value!);
  }

  dropExpired(now: number): void {
    for (const [key, at] of this.noted) {
      if (now - at < this.ttlMs) return;
      this.noted.delete(key);
    }
  }
}

/** A kept page: its bytes, its CSP (written on first demand) and its compressed copies (made on first demand). */
class Entry implements SharedPage {
  /** The bytes of the page and of its compressed copies, counted against the cache's bound. */
  bytes: number;
  readonly render: CachedRender;
  readonly etag: string;
  private readonly copies = new Map<PageEncoding, Promise<Buffer>>();
  private policyText: string | null = null;

  constructor(
    readonly until: number,
    page: CachedRender,
    private readonly body: Buffer,
    private readonly inline: InlineSources,
    private readonly onCopy: (bytes: number) => void,
  ) {
    this.bytes = body.length;
    // Of the bytes alone: the same page rendered again, or by another instance of the shop, has the same validator.
    // Weak, because the brotli, gzip and plain copies are different bytes of one page.
    this.etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    this.render = { statusCode: page.statusCode, headers: page.headers, body, effects: page.effects, shared: this };
  }

  contentSecurityPolicy(policy: ContentSecurityPolicy): string {
    // One policy per process, so the text is written once per page.
    return (this.policyText ??= policy.withHashes(this.inline));
  }

  async forClient(acceptEncoding: string | string[] | undefined): Promise<{ body: Buffer; encoding: PageEncoding | null }> {
    const encoding = encodingForBody(this.body.length, acceptEncoding);
    if (!encoding) return { body: this.body, encoding: null };
    let copy = this.copies.get(encoding);
    if (!copy) {
      // Visitors who ask while it is being made wait for the same copy.
      copy = compressBytes(this.body, encoding).then(ownedBuffer);
      this.copies.set(encoding, copy);
      copy.then((bytes) => this.onCopy(bytes.length), () => this.copies.delete(encoding));
    }
    return { body: await copy, encoding };
  }
}
