import { PAGE_CACHE_MAX_BYTES, PageCache, type CachedRender } from './page-cache.js';

const page = (body: string, statusCode = 200): CachedRender => ({
  statusCode, headers: [['content-type', 'text/html;charset=utf-8']], body, effects: { viewedProductId: 7 },
});

describe('PageCache', () => {
  it('caches the catalogue pages of anonymous visitors only', () => {
    for (const url of ['/', '/category', '/category/posters?page=2', '/category?search=fire', '/products/fire-poster', '/products/fire-poster/index.pageContext.json']) {
      expect([url, PageCache.isCacheable(url, true)]).toEqual([url, true]);
    }
    for (const url of ['/account', '/login', '/blog', '/products/a/b', '/account/previews']) expect([url, PageCache.isCacheable(url, true)]).toEqual([url, false]);
    expect(PageCache.isCacheable('/', false)).toBe(false);
  });

  it("gives every hit its own nonce in place of the first render's", () => {
    const cache = new PageCache();
    cache.set('/', 'N1', page('<script nonce="N1">a</script><style nonce="N1"></style>'));
    const hit = cache.get('/', 'N2');
    expect(String(hit?.body)).toBe('<script nonce="N2">a</script><style nonce="N2"></style>');
    expect(hit?.effects.viewedProductId).toBe(7);
  });

  it('keeps pages for 30 seconds and only 200 answers', () => {
    let now = 1_000;
    const cache = new PageCache(() => now);
    cache.set('/', undefined, page('home'));
    cache.set('/category/nope', undefined, page('not found', 404));
    now += 29_999;
    expect(String(cache.get('/', undefined)?.body)).toBe('home');
    expect(cache.get('/category/nope', undefined)).toBeNull();
    now += 1;
    expect(cache.get('/', undefined)).toBeNull();
  });

  it('renders on a miss and stores only that render: hits neither copy the page again nor push its expiry on', async () => {
    let now = 1_000;
    const cache = new PageCache(() => now);
    let renders = 0;
    const render = async () => page(`<p nonce="R">render ${++renders}</p>`);
    expect(String((await cache.getOrRender('/', 'R', render)).body)).toBe('<p nonce="R">render 1</p>');
    for (let second = 1; second < 30; second++) {
      now = 1_000 + second * 1_000;
      expect(String((await cache.getOrRender('/', 'H', render)).body)).toBe('<p nonce="H">render 1</p>');
    }
    now = 31_000; // 30 s after the render, however often it was hit meanwhile
    expect(String((await cache.getOrRender('/', 'R', render)).body)).toBe('<p nonce="R">render 2</p>');
    expect(renders).toBe(2);
  });

  it('lets go of expired pages without waiting for their URL to be asked for again', () => {
    let now = 1_000;
    const cache = new PageCache(() => now);
    for (const slug of ['a', 'b', 'c']) cache.set(`/category/${slug}`, undefined, page(slug));
    now += 20_000;
    cache.set('/products/d', undefined, page('d'));
    now += 10_000; // the three categories are 30 s old, the product 10 s
    expect(cache.size).toBe(4);
    cache.dropExpired();
    expect(cache.size).toBe(1);
    expect(String(cache.get('/products/d', undefined)?.body)).toBe('d');
    // Storing a page drops the expired ones as well.
    now += 20_000;
    cache.set('/', undefined, page('home'));
    expect(cache.size).toBe(1);
    expect(String(cache.get('/', undefined)?.body)).toBe('home');
  });

  it('holds at most its bytes, dropping the oldest pages first (they are outside the capped heap)', () => {
    const kB = (n: number, fill: string) => fill.repeat(n * 1024);
    const cache = new PageCache(Date.now, 100 * 1024);
    for (const slug of ['a', 'b', 'c', 'd']) cache.set(`/category/${slug}`, 'N', page(`<p nonce="N">${kB(30, slug)}</p>`));
    // Four pages of ~30 kB do not fit in 100 kB: the oldest went, the three newest stay whole.
    expect(cache.size).toBe(3);
    expect(cache.bytes).toBeLessThanOrEqual(100 * 1024);
    expect(cache.get('/category/a', 'M')).toBeNull();
    expect(String(cache.get('/category/d', 'M')?.body)).toBe(`<p nonce="M">${kB(30, 'd')}</p>`);
    // Storing a URL again replaces its bytes rather than adding to them.
    cache.set('/category/d', 'N', page(`<p nonce="N">${kB(10, 'e')}</p>`));
    expect(cache.size).toBe(3);
    expect(cache.bytes).toBe(2 * (30 * 1024 + 16) + 10 * 1024 + 16); // each without its nonce
    // A page larger than the whole budget is served but not kept, and pushes nothing out.
    cache.set('/', 'N', page(kB(101, 'h')));
    expect(cache.get('/', 'M')).toBeNull();
    expect(cache.size).toBe(3);
    cache.clear();
    expect(cache.bytes).toBe(0);
  });

  it("keeps each page in memory of its own, not in a slice of Node's shared Buffer pool (ADR 0089)", () => {
    const cache = new PageCache();
    cache.set('/', undefined, page(`<p>${'x'.repeat(20_000)}</p>`));
    const hit = cache.get('/', undefined)!.body as Buffer;
    expect(hit.byteLength).toBe(20_007);
    // A pooled slice would keep a whole 64 KiB slab alive for as long as the page is held.
    expect(hit.buffer.byteLength).toBe(hit.byteLength);
  });

  it('counts the bytes of the pages it lets go of, expired or cleared', () => {
    let now = 1_000;
    const cache = new PageCache(() => now);
    cache.set('/category/a', undefined, page('aaaa'));
    now += 30_000;
    expect(cache.get('/category/a', undefined)).toBeNull();
    expect(cache.bytes).toBe(0);
    expect(PAGE_CACHE_MAX_BYTES).toBe(16 * 1024 * 1024);
  });

  it('forgets everything on clear', () => {
    const cache = new PageCache();
    cache.set('/', undefined, page('home'));
    cache.clear();
    expect(cache.get('/', undefined)).toBeNull();
  });
});
