import { jest } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { serialize } from 'node:v8';
import path from 'node:path';
import { catchInfiniteLoop } from '../../node_modules/vike/dist/utils/catchInfiniteLoop.js';
import { objectAssign } from '../../node_modules/vike/dist/utils/objectAssign.js';
import { escapeHtml } from '../../node_modules/vike/dist/utils/escapeHtml.js';
import { resolveRouteString } from '../../node_modules/vike/dist/shared-server-client/route/resolveRouteString.js';
import { getPageContextUrlComputed } from '../../node_modules/vike/dist/shared-server-client/getPageContextUrlComputed.js';

// ADR 0086: patches/vike+0.4.266.patch makes Vike's per-request bookkeeping cheaper. Each patched function must still
// do what Vike's own did; these cases check that against Vike's original behaviour, on the installed (patched) files.

/** Vike's own objectAssign, as it was before the patch: the reference the patched one must agree with. */
function objectAssignAsVike(obj: object, addendum: object): void {
  Object.defineProperties(obj, Object.getOwnPropertyDescriptors(addendum));
}

function withAccessorsAndFlags(): Record<string, unknown> {
  const source: Record<string, unknown> = { plain: 1, nested: { a: 1 }, nothing: null };
  Object.defineProperty(source, 'computed', { get: () => 'from a getter', enumerable: true, configurable: true });
  Object.defineProperty(source, 'hidden', { value: 'not enumerable', writable: true, enumerable: false, configurable: true });
  Object.defineProperty(source, 'fixed', { value: 'read only', writable: false, enumerable: true, configurable: true });
  (source as Record<symbol, unknown>)[Symbol.for('shop.symbol')] = 'symbol keyed';
  return source;
}

function descriptorsOf(obj: object) {
  const described = Object.getOwnPropertyDescriptors(obj);
  return Reflect.ownKeys(described).map((key) => {
    const { value, writable, enumerable, configurable, get, set } = described[key as string]!;
    return { key: String(key), value, writable, enumerable, configurable, get: get?.call(obj), set: typeof set };
  });
}

describe('the patched objectAssign (ADR 0086)', () => {
  it('gives the target the same properties, descriptors and order as Vike’s Object.defineProperties', () => {
    const patched: Record<string, unknown> = { plain: 'before', computed: 'overwritten by a getter' };
    const reference: Record<string, unknown> = { plain: 'before', computed: 'overwritten by a getter' };
    objectAssign(patched, withAccessorsAndFlags());
    objectAssignAsVike(reference, withAccessorsAndFlags());
    expect(descriptorsOf(patched)).toEqual(descriptorsOf(reference));
    expect(patched.computed).toBe('from a getter');
    expect(Object.keys(patched)).not.toContain('hidden');
  });

  it('replaces a getter on the target with a data property, as defineProperties did', () => {
    const target: Record<string, unknown> = {};
    Object.defineProperty(target, 'urlPathname', { get: () => '/old', enumerable: true, configurable: true });
    objectAssign(target, { urlPathname: '/new' });
    expect(Object.getOwnPropertyDescriptor(target, 'urlPathname')).toEqual({ value: '/new', writable: true, enumerable: true, configurable: true });
  });

  it('overwrites a read-only property of the target, as defineProperties did, and never sets a prototype', () => {
    const target: Record<string, unknown> = {};
    Object.defineProperty(target, 'fixed', { value: 'old', writable: false, enumerable: true, configurable: true });
    objectAssign(target, JSON.parse('{"fixed": "new", "__proto__": {"polluted": true}}'));
    expect(target.fixed).toBe('new');
    expect(Object.getPrototypeOf(target)).toBe(Object.prototype);
    expect(Object.prototype.hasOwnProperty.call(target, '__proto__')).toBe(true);
    expect((target as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('still refuses an original page context as the addendum', () => {
    expect(() => objectAssign({}, { _isOriginalObject: true })).toThrow();
  });
});

describe('the patched catchInfiniteLoop (ADR 0086)', () => {
  // Vike warns at half the limit; the warning is expected here.
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('still stops the 100th call within 5 seconds', () => {
    const name = `loop-${Math.random()}()` as const;
    for (let call = 1; call <= 99; call += 1) catchInfiniteLoop(name);
    expect(() => catchInfiniteLoop(name)).toThrow(/called 100 times within 5 seconds/);
  });

  it('forgets an expired tracker at the front and keeps the later one behind it', () => {
    // A day ahead, so that the trackers other cases made with the real clock are over too.
    const start = Date.now() + 86_400_000;
    jest.useFakeTimers({ now: start });
    const old = `old-${Math.random()}()` as const;
    for (let call = 1; call <= 99; call += 1) catchInfiniteLoop(old);
    jest.setSystemTime(start + 3_000);
    const later = `later-${Math.random()}()` as const;
    for (let call = 1; call <= 99; call += 1) catchInfiniteLoop(later);
    jest.setSystemTime(start + 5_500);
    // The old tracker's window is over: its count starts again. The later one's is not: its 100th call still throws.
    expect(() => catchInfiniteLoop(old)).not.toThrow();
    expect(() => catchInfiniteLoop(later)).toThrow(/called 100 times/);
  });

  it('still sweeps the trackers made after the clock went back, past one that looks newer than now', () => {
    const start = Date.now() + 2 * 86_400_000;
    jest.useFakeTimers({ now: start + 10_000 });
    catchInfiniteLoop(`ahead-${Math.random()}()` as const);
    jest.setSystemTime(start);
    const behind = `behind-${Math.random()}()` as const;
    for (let call = 1; call <= 99; call += 1) catchInfiniteLoop(behind);
    jest.setSystemTime(start + 6_000);
    // Its 5 s are over, though the tracker made before the clock went back still looks 4 s in the future.
    expect(() => catchInfiniteLoop(behind)).not.toThrow();
  });
});

describe('the patched resolveRouteString (ADR 0086)', () => {
  it('matches and reads parameters and globs the same on the first call and on later calls', () => {
    for (let round = 0; round < 3; round += 1) {
      expect(resolveRouteString('/products/@id', '/products/fire-safety-dvd')).toEqual({ routeParams: { id: 'fire-safety-dvd' } });
      expect(resolveRouteString('/products/@id', '/products/')).toBeNull();
      expect(resolveRouteString('/blog/*', '/blog/2026/11/post')).toEqual({ routeParams: { '*': '2026/11/post' } });
      expect(resolveRouteString('/a/*/b/*', '/a/1/b/2')).toEqual({ routeParams: { '*1': '1', '*2': '2' } });
      expect(resolveRouteString('/', '/')).toEqual({ routeParams: {} });
    }
  });

  it('still rejects an invalid route string every time', () => {
    expect(() => resolveRouteString('products', '/products')).toThrow(/Invalid Route String/);
    expect(() => resolveRouteString('products', '/products')).toThrow(/Invalid Route String/);
  });
});

describe('the patched URL getters (ADR 0086)', () => {
  const pageContextFor = (urlOriginal: string) => {
    const pageContext: Record<string, unknown> = { urlOriginal, _baseServer: '/', _urlHandler: null };
    objectAssign(pageContext, getPageContextUrlComputed(pageContext as never));
    return pageContext as { urlPathname: string; urlParsed: { pathname: string; search: Record<string, string>; searchAll: Record<string, string[]> } };
  };

  it('gives each read of urlParsed search objects of its own, so a change to one is not seen by the next read', () => {
    const pageContext = pageContextFor('/category/fire?page=2&brand=3&brand=4');
    const first = pageContext.urlParsed;
    first.search.page = 'changed';
    first.searchAll.brand!.push('changed');
    const second = pageContextFor('/category/fire?page=2&brand=3&brand=4').urlParsed;
    expect(second.search).toEqual({ page: '2', brand: '4' });
    expect(second.searchAll).toEqual({ page: ['2'], brand: ['3', '4'] });
    expect(pageContext.urlParsed.search.page).toBe('2');
  });

  it('reads each page context’s own URL when requests interleave', () => {
    const fire = pageContextFor('/category/fire?page=2');
    const ladders = pageContextFor('/products/ladder-safety');
    expect(fire.urlPathname).toBe('/category/fire');
    expect(ladders.urlPathname).toBe('/products/ladder-safety');
    expect(fire.urlParsed.search).toEqual({ page: '2' });
    expect(ladders.urlParsed.search).toEqual({});
  });
});

/** How V8 stores the string: its serializer tags one-byte strings '"' (0x22), two-byte ones 'c' after a padding byte. */
const storedOneByte = (text: string) => serialize(text)[2] === 0x22;
/** What a browser reads from the escaped text: the five escapes Vike writes and numeric references. */
const decodeHtml = (html: string) => html.replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
  .replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

describe('the patched escapeHtml (ADR 0091)', () => {
  it('writes characters above U+00FF as numeric references, so a title with quotation marks leaves the document one byte a character', () => {
    const title = 'Search results for “fire & <smoke>” – page 2 | Health & Safety';
    const escaped = escapeHtml(title);
    expect(escaped).toBe('Search results for &#8220;fire &amp; &lt;smoke&gt;&#8221; &#8211; page 2 | Health &amp; Safety');
    expect(storedOneByte(escaped)).toBe(true);
    expect(storedOneByte(`<title>${escaped}</title>`)).toBe(true);
    expect(decodeHtml(escaped)).toBe(title);
  });

  it('keeps Latin-1 (£, é) and Vike\'s own escapes as they were, and writes an emoji as one reference', () => {
    expect(escapeHtml('Café courses from £12 "now" \'today\'')).toBe('Café courses from £12 &quot;now&quot; &#039;today&#039;');
    expect(escapeHtml('Fire 🔥 safety')).toBe('Fire &#128293; safety');
    expect(decodeHtml(escapeHtml('Fire 🔥 safety'))).toBe('Fire 🔥 safety');
  });
});

describe('the Vike patch itself', () => {
  const PATCHED = [
    'utils/objectAssign.js',
    'utils/catchInfiniteLoop.js',
    'utils/escapeHtml.js',
    'shared-server-client/route/resolveRouteString.js',
    'shared-server-client/getPageContextUrlComputed.js',
    'server/runtime/renderPageServer.js',
    'server/runtime/renderPageServer/getPageAssets.js',
    'server/runtime/renderPageServer/html/injectAssets/getHtmlTags.js',
    'client/runtime-client-routing/entry.js',
    'client/runtime-client-routing/renderPageClient.js',
  ];

  it('is applied to the installed files these cases and the shop run', () => {
    // The cases above compare with Vike's own behaviour, which the unpatched files have too: this one fails without it.
    for (const file of PATCHED) {
      expect([file, /Patched by the shop .*ADR \d{4}/.test(readFileSync(path.join('node_modules', 'vike', 'dist', file), 'utf8'))]).toEqual([file, true]);
    }
  });

  it('gives the browser a turn after the client chunk evaluates and before the router starts (ADR 0097)', async () => {
    const entry = readFileSync(path.join('node_modules', 'vike', 'dist', 'client/runtime-client-routing/entry.js'), 'utf8');
    // The patched statement, run as it is with a browser's globals stood in: the router starts in a later task.
    const statement = /^\(globalThis\.scheduler\?\.yield.*initClientRouter\(\)\);$/m.exec(entry)?.[0];
    expect(statement).toBeDefined();
    expect(entry).not.toMatch(/^initClientRouter\(\);$/m);
    expect(entry).not.toMatch(/^await /m); // a top-level await splits the entry from the framework chunk (ADR 0097)
    const startInLaterTask = async (scheduler: unknown) => {
      const calls: string[] = [];
      new Function('globalThis', 'initClientRouter', statement!)({ scheduler }, () => calls.push('router'));
      calls.push('chunk evaluated');
      await new Promise((resolve) => setTimeout(resolve, 5));
      return calls;
    };
    // Without scheduler.yield() (Safari, Firefox): a zero-delay timer.
    expect(await startInLaterTask(undefined)).toEqual(['chunk evaluated', 'router']);
    // With it (Chromium): its promise.
    let yields = 0;
    const scheduler = { yield: () => ((yields += 1), new Promise((resolve) => setTimeout(resolve, 0))) };
    expect(await startInLaterTask(scheduler)).toEqual(['chunk evaluated', 'router']);
    expect(yields).toBe(1);
  });

  it('is the one patch-package applies to the installed Vike version, and names every file it changes', () => {
    const installed = JSON.parse(readFileSync(path.join('node_modules', 'vike', 'package.json'), 'utf8')) as { version: string };
    const patch = readFileSync(path.join('patches', `vike+${installed.version}.patch`), 'utf8');
    const changed = [...patch.matchAll(/^\+\+\+ b\/node_modules\/vike\/dist\/(\S+)$/gm)].map((match) => match[1]).sort();
    expect(changed).toEqual([...PATCHED].sort());
  });
});

describe('hydration without routing (the Vike patch, ADR 0097)', () => {
  // The patched statement as installed, run as it is: hydration takes the page and its route params from the server,
  // so routing is skipped, but only when nothing needs it to run (an onBeforeRoute() hook) and only on hydration.
  const source = readFileSync(path.join('node_modules', 'vike', 'dist', 'client/runtime-client-routing/renderPageClient.js'), 'utf8');
  const statement = /pageContextFromRoute =\s*(isFirstRender[^;]+);/.exec(source)?.[1];
  const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (...args: string[]) => (...values: unknown[]) => Promise<unknown>;
  const decide = new AsyncFunction('isFirstRender', 'pageContext', 'route', `return ${statement};`);
  const contextWith = (onBeforeRouteHook: unknown) => ({ _globalContext: { _onBeforeRouteHook: onBeforeRouteHook } });
  const routed = { pageId: '/pages/product', routeParams: { slug: 'fire-safety' } };

  it('is found in the installed renderPageClient.js', () => {
    expect(statement).toContain('_onBeforeRouteHook');
  });

  it('skips route() on hydration when the shop has no onBeforeRoute() hook', async () => {
    const route = jest.fn(async () => routed);
    await expect(decide(true, contextWith(null), route)).resolves.toEqual({});
    expect(route).not.toHaveBeenCalled();
  });

  it('routes on hydration when there is an onBeforeRoute() hook, and on every client navigation', async () => {
    const route = jest.fn(async () => routed);
    await expect(decide(true, contextWith({ hookFn: () => undefined }), route)).resolves.toBe(routed);
    await expect(decide(false, contextWith(null), route)).resolves.toBe(routed);
    await expect(decide(false, contextWith({ hookFn: () => undefined }), route)).resolves.toBe(routed);
    expect(route).toHaveBeenCalledTimes(3);
  });
});
