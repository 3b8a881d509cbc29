import { stringify } from '@brillout/json-serializer/stringify';
import { parse } from '@brillout/json-serializer/parse';
import { PageShellReplay } from './page-shell-replay.js';
import { serializeForClient } from './vike-document.js';

/** Vike's call for the page context's script (serializeContext.js): the output serializeForClient must reproduce. */
const asVike = (value: unknown) => stringify(value, { forbidReactElements: true, htmlScriptSafe: { escapeScripts: true, escapeURLs: true } });

describe('serializeForClient (ADR 0087)', () => {
  it.each([
    ['plain data', { shell: { user: null, basket: { items: 2, total: '12.50' } }, pageId: '/web/pages/basket', routeParams: {}, data: { lines: [1, 2.5, -0, true, false, null, 'a'] } }],
    ['text that could close the script or is a URL', { html: '</script><script>alert(1)</script>', url: 'https://example.com/a/b', dash: 'Online licence — 5 users' }],
    ['a string starting with the serializer\'s escape character', { note: '!important', list: ['!Date:2020', 'ok'] }],
    ['undefined values and holes', { a: undefined, list: [1, undefined, 3] }],
    ['dates, maps and sets', { at: new Date('2026-11-30T12:00:00Z'), map: new Map([['a', 1]]), set: new Set([1]) }],
    ['non-finite numbers', { a: Number.NaN, b: Number.POSITIVE_INFINITY, c: Number.NEGATIVE_INFINITY }],
    ['a class instance', { price: new (class Money { amount = 1250; currency = 'GBP'; })() }],
    ['a null-prototype object', Object.assign(Object.create(null) as object, { a: 1 })],
    ['empty values', { a: {}, b: [], c: '' }],
  ])('gives what Vike writes for %s', (_name, value) => {
    const serialized = serializeForClient(value);
    expect(serialized).toBe(asVike(value));
    expect(serialized).not.toMatch(/<|(?<!\\)\//);
    expect(parse(serialized)).toEqual(parse(asVike(value)));
  });

  it('leaves to Vike what it cannot write as Vike does: a function in the data (Vike warns and writes a placeholder)', () => {
    expect(() => serializeForClient({ data: { run: () => 1 } })).toThrow(/function/);
  });
});

describe('PageShellReplay.route (ADR 0087)', () => {
  /** A replay that has seen Vike's page list (as the first render Vike answers teaches it). */
  async function replayWith(pages: Record<string, { route?: unknown }>): Promise<PageShellReplay> {
    const replay = new PageShellReplay();
    await replay.learn({ urlOriginal: '/', headersOriginal: {}, cspNonce: undefined }, { statusCode: 200, headers: [], body: '', pageContext: { pageId: '/pages/index', pages } });
    return replay;
  }
  const routeFunction = (pageContext: { urlPathname: string }) => (pageContext.urlPathname.startsWith('/category') ? { routeParams: { id: pageContext.urlPathname.slice(10) } } : false);

  it('routes a pathname when exactly one page matches it, with its parameters', async () => {
    const replay = await replayWith({ '/pages/index': { route: '/' }, '/pages/product': { route: '/products/@id' }, '/pages/category': { route: routeFunction }, '/pages/_error': {} });
    expect(replay.route('/products/fire-safety')).toEqual({ pageId: '/pages/product', routeParams: { id: 'fire-safety' }, urlPathname: '/products/fire-safety' });
    expect(replay.route('/category/posters')).toEqual({ pageId: '/pages/category', routeParams: { id: 'posters' }, urlPathname: '/category/posters' });
    expect(replay.route('/')).toMatchObject({ pageId: '/pages/index' });
    expect(replay.route('/nothing/here')).toBeNull();
  });

  it('leaves to Vike a pathname two pages match, whose precedence is Vike\'s to weigh', async () => {
    const replay = await replayWith({ '/pages/product': { route: '/products/@id' }, '/pages/special': { route: '/products/special' } });
    expect(replay.route('/products/special')).toBeNull();
    expect(replay.route('/products/other')).toMatchObject({ pageId: '/pages/product' });
  });

  it('leaves to Vike what it would decode, redirect or answer specially, and a route function\'s promise', async () => {
    const replay = await replayWith({ '/pages/product': { route: '/products/@id' }, '/pages/async': { route: async () => ({ routeParams: {} }) } });
    for (const pathname of ['/products/fire/', '/products/a%20b', '/products/index.pageContext.json', '/products/favicon.ico', '/products//x', `/products/${'a'.repeat(400)}`]) {
      expect(replay.route(pathname)).toBeNull();
    }
    // The asynchronous route function answers every pathname with a promise: Vike's to await.
    expect(replay.route('/products/fire-safety')).toBeNull();
  });

  it('routes nothing before Vike rendered a page', () => {
    expect(new PageShellReplay().route('/products/fire-safety')).toBeNull();
  });
});
