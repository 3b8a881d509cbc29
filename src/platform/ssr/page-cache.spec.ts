import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ContentSecurityPolicy } from '../http/index.js';
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

  it("serves every hit the same bytes: the render's nonce taken off, its inline scripts and styles admitted by hash", () => {
    const cache = new PageCache();
    const render = '<script type="application/json" nonce="N1">{}</script><script type="module" async nonce="N1">import("/a.js");</script>'
      + '<style nonce="N1">p{color:red}</style>';
    const kept = cache.set('/', 'N1', page(render));
    const hit = cache.get('/');
    expect(hit).toBe(kept);
    expect(String(hit?.body)).toBe('<script type="application/json">{}</script><script type="module" async>import("/a.js");</script><style>p{color:red}</style>');
    expect(hit?.effects.viewedProductId).toBe(7);
    const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    const policy = new ContentSecurityPolicy({ 'default-src': ["'self'"], 'script-src': ["'self'"], 'style-src': ["'self'"] });
    expect(hit?.shared?.contentSecurityPolicy(policy)).toBe(
      `default-src 'self'; script-src 'self' ${sha256('import("/a.js");')}; style-src 'self' ${sha256('p{color:red}')}`,
    );
  });

  it('gives a page a validator of its bytes alone: the same page rendered again, or by another process, has the same', () => {
    const [one, another] = [new PageCache(), new PageCache()];
    const etag = one.set('/', 'N1', page('<script nonce="N1">a</script><p>Home</p>'))!.shared!.etag;
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect(another.set('/', 'N2', page('<script nonce="N2">a</script><p>Home</p>'))!.shared!.etag).toBe(etag);
    expect(another.set('/', 'N3', page('<script nonce="N3">a</script><p>Home!</p>'))!.shared!.etag).not.toBe(etag);
  });

  it('does not keep a page that carries its nonce anywhere but on its elements', () => {
    const cache = new PageCache();
    expect(cache.set('/', 'N1', page('<script nonce="N1">const nonce = "N1";</script>'))).toBeNull();
    expect(cache.get('/')).toBeNull();
    expect(cache.size).toBe(0);
  });

  it("compresses a kept page once per encoding, counts the copies against the cache's bytes and lets them go with it", async () => {
    const cache = new PageCache();
    const html = `<main>${'<p class="card">Manual handling training DVD</p>'.repeat(100)}</main>`;
    const shared = cache.set('/category', undefined, page(html))!.shared!;
    // Two visitors at once wait for the same copy.
    const [first, second] = await Promise.all([shared.forClient('gzip, deflate, br, zstd'), shared.forClient('br')]);
    expect(first.encoding).toBe('br');
    expect(second.body).toBe(first.body);
    expect(brotliDecompressSync(first.body).toString()).toBe(html);
    const gzip = await shared.forClient('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(html);
    expect((await shared.forClient('gzip')).body).toBe(gzip.body);
    expect(cache.bytes).toBe(html.length + first.body.length + gzip.body.length);
    // A client that takes neither gets the page's own bytes.
    expect(await shared.forClient(undefined)).toEqual({ body: Buffer.from(html), encoding: null });
    cache.clear();
    expect(cache.bytes).toBe(0);
  });

  it('keeps pages for 30 seconds and only 200 answers', () => {
    let now = 1_000;
    const cache = new PageCache(() => now);
    cache.set('/', undefined, page('home'));
    cache.set('/category/nope', undefined, page('not found', 404));
    now += 29_999;
    expect(String(cache.get('/')?.body)).toBe('home');
    expect(cache.get('/category/nope')).toBeNull();
    now += 1;
    expect(cache.get('/')).toBeNull();
  });

  it('renders on a miss and stores only that render: hits neither copy the page again nor push its expiry on', async () => {
    let now = 1_000;
    const cache = new PageCache(() => now);
    let renders = 0;
    const render = async () => page(`<p nonce="R${renders + 1}">render ${++renders}</p>`);
    // The render itself is answered as the cache keeps it.
    expect(String((await cache.getOrRender('/', 'R1', render)).body)).toBe('<p>render 1</p>');
    for (let second = 1; second < 30; second++) {
      now = 1_000 + second * 1_000;
      expect(String((await cache.getOrRender('/', 'H', render)).body)).toBe('<p>render 1</p>');
    }
    now = 31_000; // 30 s after the render, however often it was hit meanwhile
    expect(String((await cache.getOrRender('/', 'R2', render)).body)).toBe('<p>render 2</p>');
    expect(renders).toBe(2);
  });

  it('keeps a page with a query on its second render within 30 s, and one without a query at once (ADR 0098)', async () => {
    let now = 1_000;
    const cache = new PageCache(() => now);
    let renders = 0;
    const render = async () => page(`<p nonce="R${renders + 1}">render ${++renders}</p>`);
    // A search asked for once is answered as rendered, nonce and all, and not kept.
    const once = await cache.getOrRender('/category?search=fire', 'R1', render);
    expect([String(once.body), once.shared]).toEqual(['<p nonce="R1">render 1</p>', undefined]);
    expect(cache.size).toBe(0);
    // Asked again within 30 s: rendered once more, and kept as every visitor will get it.
    now += 29_000;
    const twice = await cache.getOrRender('/category?search=fire', 'R2', render);
    expect(String(twice.body)).toBe('<p>render 2</p>');
    expect(twice.shared?.etag).toMatch(/^W\//);
    now += 1_000;
    expect(String((await cache.getOrRender('/category?search=fire', 'H', render)).body)).toBe('<p>render 2</p>');
    // Another search 30 s after its first render counts as asked for once again.
    await cache.getOrRender('/category?search=ladder', 'R3', render);
    now += 30_000;
    await cache.getOrRender('/category?search=ladder', 'R4', render);
    expect(cache.get('/category?search=ladder')).toBeNull();
    // A page that lived its 30 s in the cache was popular: its next render is kept at once.
    expect(String((await cache.getOrRender('/category?search=fire', 'R5', render)).body)).toBe('<p>render 5</p>');
    expect(String(cache.get('/category?search=fire')?.body)).toBe('<p>render 5</p>');
    // Pages without a query are as many as the catalogue has: kept on their first render.
    expect(String((await cache.getOrRender('/category/posters', 'R6', render)).body)).toBe('<p>render 6</p>');
    expect(cache.get('/category/posters')).not.toBeNull();
    expect(renders).toBe(6);
  });

  it('remembers at most 10,000 URLs asked for once, forgetting the oldest first', async () => {
    const cache = new PageCache(() => 1_000);
    const render = async () => page('<p>list</p>');
    for (let n = 0; n <= 10_000; n++) await cache.getOrRender(`/category?page=${n}`, undefined, render);
    expect(cache.size).toBe(0);
    // The first was pushed out by the 10,001st, so asking again counts as its first time; the second was not.
    await cache.getOrRender('/category?page=1', undefined, render);
    await cache.getOrRender('/category?page=0', undefined, render);
    expect(cache.get('/category?page=0')).toBeNull();
    expect(cache.get('/category?page=1')).not.toBeNull();
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
    expect(String(cache.get('/products/d')?.body)).toBe('d');
    // Storing a page drops the expired ones as well.
    now += 20_000;
    cache.set('/', undefined, page('home'));
    expect(cache.size).toBe(1);
    expect(String(cache.get('/')?.body)).toBe('home');
  });

  it('holds at most its bytes, dropping the oldest pages first (they are outside the capped heap)', () => {
    const kB = (n: number, fill: string) => fill.repeat(n * 1024);
    const cache = new PageCache(Date.now, 100 * 1024);
    for (const slug of ['a', 'b', 'c', 'd']) cache.set(`/category/${slug}`, 'N', page(`<p nonce="N">${kB(30, slug)}</p>`));
    // Four pages of ~30 kB do not fit in 100 kB: the oldest went, the three newest stay whole.
    expect(cache.size).toBe(3);
    expect(cache.bytes).toBeLessThanOrEqual(100 * 1024);
    expect(cache.get('/category/a')).toBeNull();
    expect(String(cache.get('/category/d')?.body)).toBe(`<p>${kB(30, 'd')}</p>`);
    // Storing a URL again replaces its bytes rather than adding to them.
    cache.set('/category/d', 'N', page(`<p nonce="N">${kB(10, 'e')}</p>`));
    expect(cache.size).toBe(3);
    expect(cache.bytes).toBe(2 * (30 * 1024 + 7) + 10 * 1024 + 7); // each without its nonce
    // A page larger than the whole budget is served but not kept, and pushes nothing out.
    cache.set('/', 'N', page(kB(101, 'h')));
    expect(cache.get('/')).toBeNull();
    expect(cache.size).toBe(3);
    cache.clear();
    expect(cache.bytes).toBe(0);
  });

  it("keeps each page in memory of its own, not in a slice of Node's shared Buffer pool (ADR 0089)", () => {
    const cache = new PageCache();
    cache.set('/', undefined, page(`<p>${'x'.repeat(20_000)}</p>`));
    const hit = cache.get('/')!.body as Buffer;
    expect(hit.byteLength).toBe(20_007);
    // A pooled slice would keep a whole 64 KiB slab alive for as long as the page is held.
    expect(hit.buffer.byteLength).toBe(hit.byteLength);
  });

  it('counts the bytes of the pages it lets go of, expired or cleared', () => {
    let now = 1_000;
    const cache = new PageCache(() => now);
    cache.set('/category/a', undefined, page('aaaa'));
    now += 30_000;
    expect(cache.get('/category/a')).toBeNull();
    expect(cache.bytes).toBe(0);
    expect(PAGE_CACHE_MAX_BYTES).toBe(16 * 1024 * 1024);
  });

  it('forgets everything on clear', () => {
    const cache = new PageCache();
    cache.set('/', undefined, page('home'));
    cache.clear();
    expect(cache.get('/')).toBeNull();
  });
});
