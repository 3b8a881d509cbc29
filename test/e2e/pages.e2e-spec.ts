import { createHash } from 'node:crypto';
import request from 'supertest';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { databaseKind } from '../support/test-database.js';

/* ------------------------------------------------------------------------------------------------ */
/* A few small HTML helpers: enough for server-rendered markup, no parser dependency.               */
/* ------------------------------------------------------------------------------------------------ */

const APP_NAME = 'HS Training Direct';
const SEARCH_PLACEHOLDER = 'Find videos, posters or training';

function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The attributes of one start tag, names lower-cased, values decoded (a bare attribute is ''). */
function attributes(tag: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  const body = tag.replace(/^<[\w-]+/, '').replace(/\/?>$/, '');
  for (const m of body.matchAll(/([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    attrs[m[1]!.toLowerCase()] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
  }
  return attrs;
}

/** Every start tag `<name ...>` in `html`. */
function startTags(html: string, name: string): string[] {
  return [...html.matchAll(new RegExp(`<${name}(?=[\\s>/])[^>]*>`, 'gi'))].map((m) => m[0]);
}

/** Every element `<name>` as { attrs, inner } (inner up to the matching close tag; same-name nesting handled). */
function elements(html: string, name: string): Array<{ attrs: Record<string, string>; inner: string; outer: string }> {
  const found: Array<{ attrs: Record<string, string>; inner: string; outer: string }> = [];
  const tagRe = new RegExp(`<(/?)${name}(?=[\\s>/])[^>]*>`, 'gi');
  for (const open of html.matchAll(new RegExp(`<${name}(?=[\\s>/])[^>]*>`, 'gi'))) {
    const start = open.index;
    const innerStart = start + open[0].length;
    if (open[0].endsWith('/>')) {
      found.push({ attrs: attributes(open[0]), inner: '', outer: open[0] });
      continue;
    }
    tagRe.lastIndex = innerStart;
    let depth = 1;
    let end = -1;
    let closeEnd = -1;
    for (let m = tagRe.exec(html); m; m = tagRe.exec(html)) {
      depth += m[1] === '/' ? -1 : m[0].endsWith('/>') ? 0 : 1;
      if (depth === 0) {
        end = m.index;
        closeEnd = m.index + m[0].length;
        break;
      }
    }
    if (end === -1) throw new Error(`Unclosed <${name}> at ${start}: ${open[0]}`);
    found.push({ attrs: attributes(open[0]), inner: html.slice(innerStart, end), outer: html.slice(start, closeEnd) });
  }
  return found;
}

/** The one element `<name>` whose attributes satisfy `where`; fails the test if there is not exactly one. */
function only(html: string, name: string, where: (attrs: Record<string, string>) => boolean, what: string) {
  const matches = elements(html, name).filter((e) => where(e.attrs));
  if (matches.length !== 1) throw new Error(`Expected exactly one ${what}, found ${matches.length}`);
  return matches[0]!;
}

/** Visible text of a fragment: tags dropped, entities decoded, whitespace collapsed. */
function text(fragment: string): string {
  return decodeEntities(fragment.replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

/** Links of a fragment as { href, text }. */
function links(fragment: string): Array<{ href: string; text: string }> {
  return elements(fragment, 'a').map((a) => ({ href: a.attrs.href ?? '', text: text(a.inner) }));
}

function mainOf(html: string) {
  return only(html, 'main', () => true, '<main>');
}

function serializedPageContext(html: string): { raw: string; json: Record<string, unknown> } {
  const script = only(html, 'script', (a) => a.id === 'vike_pageContext', '<script id="vike_pageContext">');
  expect(script.attrs.type).toBe('application/json');
  return { raw: script.inner, json: JSON.parse(script.inner) as Record<string, unknown> };
}

/** Every key anywhere in a JSON value. */
function allKeys(value: unknown, into: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => allKeys(v, into));
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      into.add(key);
      allKeys(v, into);
    }
  }
  return into;
}

function cspDirectives(header: string | undefined): Map<string, string[]> {
  expect(header).toEqual(expect.any(String));
  const map = new Map<string, string[]>();
  for (const part of header!.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

/** Server-only names that must never reach the browser in a serialized page context. */
const SERVER_ONLY_KEYS = ['services', 'getBlocks', 'widgets', 'headersOriginal', 'headers', 'httpResponse', 'req', 'res', 'env', 'em', 'orm'];

/* ------------------------------------------------------------------------------------------------ */

describe(`server-rendered pages (${databaseKind})`, () => {
  let shop: TestApp;
  let http: ReturnType<typeof request>;
  let home: request.Response;

  beforeAll(async () => {
    shop = await startTestApp();
    http = request(shop.app.getHttpServer());
    home = await http.get('/');
  }, 60_000); // Jest ignores `testTimeout` inside a `projects` entry
  afterAll(() => shop?.close(), 30_000);

  let bearer: string | undefined;
  /** The demo administrator's token (pages accept Bearer too), fetched once. */
  async function adminBearer(): Promise<string> {
    if (!bearer) {
      const res = await http.post('/api/login').send({ email: 'admin@example.com', password: 'demo-admin-password' }).expect(200);
      bearer = `Bearer ${res.body.token as string}`;
    }
    return bearer;
  }

  describe('home page', () => {
    it('is an en-GB HTML document titled with the application name', () => {
      expect(home.status).toBe(200);
      expect(home.headers['content-type']).toMatch(/^text\/html/);
      expect(home.text).toMatch(/^\s*<!DOCTYPE html>/i);
      const html = startTags(home.text, 'html');
      expect(html).toHaveLength(1);
      expect(attributes(html[0]!).lang).toBe('en-GB');
      const titles = elements(home.text, 'title');
      expect(titles).toHaveLength(1);
      expect(text(titles[0]!.inner)).toContain(APP_NAME);
    });

    it("has Vike's style sheets at the top of <head> and its scripts at the end of <body>, after <meta charset> (ADR 0055)", () => {
      // The markers of web/pages/+headHtmlBegin.ts and +bodyHtmlEnd.ts are replaced, never left in the page.
      expect(home.text).not.toContain('__VITE_PLUGIN');
      const head = home.text.slice(home.text.indexOf('<head>'), home.text.indexOf('</head>'));
      expect(head.indexOf('<meta charset="UTF-8"')).toBeGreaterThan(-1);
      expect(head.indexOf('<meta charset="UTF-8"')).toBeLessThan(head.indexOf('<link rel="stylesheet"'));
      const bodyEnd = home.text.slice(home.text.lastIndexOf('</div>'), home.text.indexOf('</body>'));
      expect(bodyEnd).toContain('<script id="vike_pageContext"');
      expect(bodyEnd).toMatch(/<script type="module"/);
    });

    it("keeps each page's own asset tags when Vike works them out once per page (ADR 0086)", async () => {
      const assetTags = (html: string) => (html.match(/<(?:link|script)\b[^>]*\b(?:href|src)="\/assets\/[^"]+"[^>]*>/g) ?? []).sort();
      // Neither page is page-cached (the home page is), so each request here is a fresh render through Vike.
      const terms = await http.get('/terms').expect(200);
      const termsAgain = await http.get('/terms').expect(200);
      const basket = await http.get('/basket').expect(200);
      const basketAgain = await http.get('/basket').expect(200);
      expect(assetTags(terms.text).length).toBeGreaterThan(1);
      expect(assetTags(termsAgain.text)).toEqual(assetTags(terms.text));
      expect(assetTags(basketAgain.text)).toEqual(assetTags(basket.text));
      expect(assetTags(basket.text)).not.toEqual(assetTags(terms.text));
      // Each page preloads its own entry: a cache keyed too loosely would give one page the other's.
      const pageEntries = (html: string) => assetTags(html).filter((tag) => /\/assets\/entries\/web_pages_/.test(tag));
      expect(pageEntries(terms.text)).toEqual([expect.stringContaining('/assets/entries/web_pages_terms')]);
      expect(pageEntries(home.text)).toEqual([expect.stringContaining('/assets/entries/web_pages_index')]);
    });

    it('redirects a path with a trailing slash to the path without it (Vike’s URL normalisation, ADR 0086)', async () => {
      const res = await http.get('/terms/?from=footer').expect(301);
      expect(res.headers.location).toBe('/terms?from=footer');
    });

    it('shows the three demo widgets, each in its own block, markup as is', () => {
      const main = mainOf(home.text).inner;
      const widget = (name: string) => only(main, 'section', (a) => a['data-widget'] === name, `widget ${name}`).inner;
      expect(widget('home-intro')).toContain('<h2>Health and safety training that people remember</h2>');
      expect(text(widget('home-benefits'))).toContain('Free previews of every training video before you buy.');
      expect(widget('home-benefits')).toContain('<strong>Free previews</strong>');
      expect(text(widget('home-accreditation'))).toContain('RoSPA approval or IOSH recognition');
    });

    it('shows no widget edit link to an anonymous visitor', () => {
      expect(home.text).not.toContain('data-widget-edit');
      expect(links(home.text).map((l) => l.href)).not.toEqual(expect.arrayContaining([expect.stringMatching(/^\/admin\//)]));
    });

    it('has the top bar: basket total £0.00 → /basket, Sign-In → /account, Sign-Up → /register', () => {
      const topbar = only(home.text, 'div', (a) => 'data-topbar' in a, 'top bar').inner;
      const topLinks = links(topbar);
      const basket = topLinks.filter((l) => l.href === '/basket');
      expect(basket).toHaveLength(1);
      expect(basket[0]!.text).toContain('£0.00');
      expect(topLinks).toEqual(
        expect.arrayContaining([
          { href: '/account', text: 'Sign-In' },
          { href: '/register', text: 'Sign-Up' },
        ]),
      );
      expect(text(topbar)).not.toMatch(/Sign Out/);
    });

    it('has the header: the logo linking home and the search form (GET /category, exact placeholder)', () => {
      const header = only(home.text, 'header', () => true, '<header>').inner;
      const logo = links(header).filter((l) => l.href === '/');
      expect(logo.length).toBeGreaterThanOrEqual(1);
      const logoAnchor = elements(header, 'a').find((a) => a.attrs.href === '/' && /<img/.test(a.inner));
      expect(logoAnchor).toBeDefined();

      const forms = elements(header, 'form').filter((f) => f.attrs.action === '/category');
      expect(forms).toHaveLength(1);
      const form = forms[0]!;
      expect((form.attrs.method ?? 'get').toLowerCase()).toBe('get');
      const inputs = startTags(form.inner, 'input').map(attributes);
      const search = inputs.filter((i) => i.name === 'search');
      expect(search).toHaveLength(1);
      expect(search[0]!.placeholder).toBe(SEARCH_PLACEHOLDER);
      expect(search[0]!.value ?? '').toBe('');
    });

    it('has every nav link of seed §2, About Us as a dropdown of its five links', () => {
      const nav = only(home.text, 'nav', (a) => a['aria-label'] === 'Main', 'main nav').inner;
      const hrefs = links(nav).map((l) => l.href);
      const expected = [
        '/',
        '/category/training-dvds',
        '/category/online-training',
        '/category/posters',
        '/training',
        '/riskassessments',
        '/category/powerpoint',
        '/about',
        '/blog',
        '/joinus/recruitment',
        '/joinus/distribution',
        '/joinus/partnership',
        '/contact',
      ];
      expect(hrefs).toEqual(expected); // in the order of the seed, nothing else
      expect(links(nav).find((l) => l.href === '/')!.text).toBe('Home');

      // The About Us entry is a disclosure over exactly the five "about" links.
      const toggle = elements(nav, 'button').find((b) => text(b.inner) === 'About Us');
      expect(toggle).toBeDefined();
      expect(toggle!.attrs['aria-expanded']).toBe('false');
      const menu = only(nav, 'ul', (a) => a.id === toggle!.attrs['aria-controls'], 'About Us menu').inner;
      expect(links(menu).map((l) => l.href)).toEqual(['/about', '/blog', '/joinus/recruitment', '/joinus/distribution', '/joinus/partnership']);

      // The current page is marked.
      const current = elements(nav, 'a').filter((a) => a.attrs['aria-current'] === 'page');
      expect(current.map((a) => a.attrs.href)).toEqual(['/']);
    });

    it('has every footer link of seed §2, the phone number, card logos, the newsletter box and © 2021', () => {
      const footer = only(home.text, 'footer', () => true, '<footer>').inner;
      const hrefs = links(footer).map((l) => l.href);
      for (const href of [
        '/about',
        '/category',
        '/blog',
        '/riskassessments',
        '/contact',
        '/category/training-dvds',
        '/category/online-training',
        '/category/posters',
        '/training',
        '/terms',
        '/privacy',
        '/delivery',
      ]) {
        expect(hrefs).toContain(href);
      }

      // A UK phone number, dialable.
      const phone = links(footer).filter((l) => l.href.startsWith('tel:'));
      expect(phone).toHaveLength(1);
      expect(phone[0]!.href).toMatch(/^tel:\+44\d{9,10}$/);
      expect(phone[0]!.text.replace(/\s/g, '')).toMatch(/^0\d{9,10}$/);
      expect(phone[0]!.href.slice('tel:+44'.length)).toBe(phone[0]!.text.replace(/\s/g, '').slice(1));

      // Card logos: images with alt text.
      const cards = startTags(footer, 'img').map(attributes);
      expect(cards.length).toBeGreaterThanOrEqual(2);
      for (const card of cards) {
        expect(card.alt?.trim()).toBeTruthy();
        expect(card.src).toMatch(/^\/assets\//);
      }
      expect(cards.map((c) => c.alt)).toEqual(expect.arrayContaining(['Visa', 'Mastercard']));

      // Newsletter: one email field and a submit button, under a "Newsletter" heading.
      const newsletter = only(footer, 'section', (a) => 'data-newsletter' in a, 'newsletter box').inner;
      expect(text(newsletter)).toMatch(/Newsletter/);
      const emailInputs = startTags(newsletter, 'input').map(attributes);
      expect(emailInputs).toEqual([expect.objectContaining({ type: 'email', name: 'email' })]);
      expect(startTags(newsletter, 'button').map(attributes)).toEqual([expect.objectContaining({ type: 'submit' })]);

      expect(text(footer)).toContain('© 2021');
    });

    it('serves the card logos and every other asset the page references', async () => {
      const assets = new Set<string>();
      for (const tag of [...startTags(home.text, 'img'), ...startTags(home.text, 'link'), ...startTags(home.text, 'script')]) {
        const attrs = attributes(tag);
        for (const url of [attrs.src, attrs.href]) if (url?.startsWith('/assets/')) assets.add(url);
      }
      for (const m of home.text.matchAll(/import\("(\/assets\/[^"]+)"\)/g)) assets.add(m[1]!);
      expect(assets.size).toBeGreaterThan(5);
      for (const asset of assets) {
        const res = await http.get(asset);
        expect({ asset, status: res.status }).toEqual({ asset, status: 200 });
        if (asset.endsWith('.svg')) expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      }
    });

    it('declares a site icon that is served (else every browser asks for a missing /favicon.ico)', async () => {
      const icons = startTags(home.text, 'link')
        .map(attributes)
        .filter((a) => a.rel?.split(/\s+/).includes('icon'));
      expect(icons).toHaveLength(1);
      const res = await http.get(icons[0]!.href!);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\//);
    });

    it('answers /favicon.ico with the logo, for documents that name no icon (/sitemap.xml opened in a tab)', async () => {
      const res = await http.get('/favicon.ico').buffer(true).parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(String(res.body)).toContain('<svg');
    });

    it('is marked private, no-cache', () => {
      expect(home.headers['cache-control']).toBe('private, no-cache');
    });

    it('is sent compressed to a browser that takes brotli or gzip, as are its scripts, and as it is to one that takes neither (ADR 0058)', async () => {
      // The build leaves files under 1 kB as they are (scripts/precompress.mjs): the page's larger scripts.
      const scripts: string[] = [];
      for (const link of startTags(home.text, 'link').map(attributes).filter((a) => a.rel === 'modulepreload')) {
        const res = await http.get(link.href!).set('accept-encoding', 'identity').expect(200);
        if (res.text.length >= 1024) scripts.push(link.href!);
      }
      expect(scripts.length).toBeGreaterThan(3);
      for (const [acceptEncoding, expected] of [['gzip, deflate, br, zstd', 'br'], ['gzip, deflate', 'gzip']] as const) {
        const page = await http.get('/').set('accept-encoding', acceptEncoding).expect(200);
        expect({ acceptEncoding, encoding: page.headers['content-encoding'] }).toEqual({ acceptEncoding, encoding: expected });
        expect(page.headers.vary).toMatch(/accept-encoding/i);
        expect(page.text).toMatch(/^<!DOCTYPE html>/i); // supertest decodes it: the page itself, whole
        expect(page.text).toContain('</html>');
        // The build's brotli and gzip copies of the scripts.
        for (const script of scripts) {
          const res = await http.get(script).set('accept-encoding', acceptEncoding).expect(200);
          expect({ script, encoding: res.headers['content-encoding'] }).toEqual({ script, encoding: expected });
        }
      }
      const plain = await http.get('/').set('accept-encoding', 'identity').expect(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.text).toMatch(/^<!DOCTYPE html>/i);
    });
  });

  describe('personal pages and framing (issue 25)', () => {
    it('keeps account, basket and checkout pages, and every page for a signed-in visitor, out of every cache (no-store)', async () => {
      const customer = await http.post('/api/login').send({ email: 'customer@example.com', password: 'demo-customer-password' }).expect(200);
      const signedIn = `Bearer ${customer.body.token as string}`;
      const answers: Array<[string, string, number, string]> = [];
      for (const path of ['/account', '/account/orders', '/account/index.pageContext.json', '/', '/category']) {
        const res = await http.get(path).set('Authorization', signedIn);
        answers.push(['customer', path, res.status, res.headers['cache-control'] as string]);
      }
      // Anonymous: the basket and the account's sign-in redirect are personal too; the catalogue is not.
      for (const path of ['/basket', '/account/orders', '/checkout', '/category', '/category/index.pageContext.json']) {
        const res = await http.get(path);
        answers.push(['anonymous', path, res.status, res.headers['cache-control'] as string]);
      }
      expect(answers).toEqual([
        ['customer', '/account', 200, 'no-store'],
        ['customer', '/account/orders', 200, 'no-store'],
        ['customer', '/account/index.pageContext.json', 200, 'no-store'],
        ['customer', '/', 200, 'no-store'],
        ['customer', '/category', 200, 'no-store'],
        ['anonymous', '/basket', 200, 'no-store'],
        ['anonymous', '/account/orders', 302, 'no-store'],
        ['anonymous', '/checkout', 302, 'no-store'],
        ['anonymous', '/category', 200, 'private, no-cache'],
        ['anonymous', '/category/index.pageContext.json', 200, 'private, no-cache'],
      ]);
    });

    it('forbids framing in both headers alike: X-Frame-Options DENY beside frame-ancestors \'none\'', () => {
      expect(home.headers['x-frame-options']).toBe('DENY');
      expect(home.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    });
  });

  describe('Content-Security-Policy', () => {
    const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

    /**
     * What every page's policy holds to, and how it admits the page's own inline scripts: by this response's nonce
     * (a page rendered for one visitor), or by their hashes (a cached page, the same bytes for everyone: ADR 0095).
     */
    function checkPolicy(res: request.Response): { nonce: string | null; hashes: string[] } {
      const csp = cspDirectives(res.headers['content-security-policy']);
      const scriptSrc = csp.get('script-src');
      expect(scriptSrc).toBeDefined();
      expect(scriptSrc).toContain("'self'");
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(scriptSrc).not.toContain("'unsafe-eval'");
      expect(scriptSrc!.some((v) => v === '*' || v.startsWith('http:') || v === 'https:' || v === 'data:')).toBe(false);
      // Nothing loosens scripts through the element/attribute variants either.
      for (const name of ['script-src-elem', 'script-src-attr']) expect(csp.get(name) ?? []).not.toContain("'unsafe-inline'");
      const nonces = scriptSrc!.filter((v) => v.startsWith("'nonce-"));
      const hashes = scriptSrc!.filter((v) => v.startsWith("'sha256-"));
      // Exactly one of the two ways, and nothing else beyond 'self'.
      expect(nonces.length + hashes.length).toBeGreaterThan(0);
      expect(nonces.length === 0 || hashes.length === 0).toBe(true);
      expect(scriptSrc!.length).toBe(1 + nonces.length + hashes.length);

      const scripts = [...res.text.matchAll(/<script(?=[\s>])([^>]*)>([\s\S]*?)<\/script>/gi)].map((m) => ({ attrs: attributes(`<script${m[1]!}>`), text: m[2]! }));
      expect(scripts.length).toBeGreaterThan(0);
      let nonce: string | null = null;
      if (nonces.length) {
        expect(nonces).toHaveLength(1);
        nonce = /^'nonce-([A-Za-z0-9+/=_-]+)'$/.exec(nonces[0]!)?.[1] ?? null;
        expect(nonce).not.toBeNull();
        expect(nonce!.length).toBeGreaterThanOrEqual(16);
        for (const script of scripts) expect(script.attrs.nonce).toBe(nonce);
      } else {
        // No element carries a nonce, and every inline script the browser runs is admitted by its own hash.
        const running = scripts.filter(({ attrs }) => attrs.src === undefined && !/^application\/(ld\+)?json$/.test(attrs.type ?? ''));
        expect(running.length).toBeGreaterThan(0);
        for (const script of scripts) expect(script.attrs.nonce).toBeUndefined();
        expect(new Set(running.map(({ text }) => sha256(text)))).toEqual(new Set(hashes));
      }
      // No inline event handlers or javascript: URLs, which neither a nonce nor a hash can allow.
      expect(res.text).not.toMatch(/\son[a-z]+\s*=\s*["']/i);
      expect(res.text).not.toMatch(/(?:href|src|action)\s*=\s*["']\s*javascript:/i);

      // style-src has no 'unsafe-inline' either: no style attributes, and any <style> carries its nonce (or its hash).
      const styleSrc = csp.get('style-src') ?? csp.get('default-src');
      expect(styleSrc).not.toContain("'unsafe-inline'");
      expect(res.text).not.toMatch(/<[a-z][^>]*\sstyle\s*=/i);
      const styleNonce = /'nonce-([^']+)'/.exec((styleSrc ?? []).join(' '))?.[1];
      for (const style of startTags(res.text, 'style').map(attributes)) expect(style.nonce).toBe(styleNonce);

      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      return { nonce, hashes };
    }

    it('admits scripts by self and a nonce only on a page rendered for one visitor, and every <script> carries it', async () => {
      expect(checkPolicy(await http.get('/no/such/page').expect(404)).nonce).not.toBeNull();
      expect(checkPolicy(await http.get('/').set('Authorization', await adminBearer()).expect(200)).nonce).not.toBeNull();
    });

    it('uses a fresh nonce for every response rendered for one visitor', async () => {
      const first = checkPolicy(await http.get('/no/such/page').expect(404)).nonce;
      const second = checkPolicy(await http.get('/no/such/page').expect(404)).nonce;
      const third = checkPolicy(await http.get('/category').set('Authorization', await adminBearer()).expect(200)).nonce;
      expect(new Set([first, second, third]).size).toBe(3);
    });

    it('sends a cached page as the same bytes to everyone, its inline script admitted by hash and no nonce anywhere', async () => {
      const { nonce, hashes } = checkPolicy(home);
      expect(nonce).toBeNull();
      const again = await http.get('/').expect(200);
      expect(again.text).toBe(home.text);
      expect(again.headers['content-security-policy']).toBe(home.headers['content-security-policy']);
      expect(checkPolicy(again).hashes).toEqual(hashes);
      // Not even the first visitor's: the nonce the first render got is nowhere in the page.
      expect(home.text).not.toMatch(/nonce/i);
    });

    it('holds for the not-found page, a search page and the admin shell too', async () => {
      checkPolicy(await http.get('/no/such/page'));
      checkPolicy(await http.get('/category?search=fire%20safety'));
      checkPolicy(await http.get('/admin').set('Authorization', await adminBearer()));
    });
  });

  describe('serialized page context', () => {
    it('carries the shell (application name, anonymous, empty basket) and the home data', () => {
      const { json } = serializedPageContext(home.text);
      expect(json.shell).toEqual({
        appName: APP_NAME, user: null, basket: { grand_total: '0.00', items: 0 }, publicUrl: 'http://localhost:3000', seo: null,
        // The demo company of the SELLER_* defaults (issue 13): public details only.
        company: {
          legal_name: 'HS Training Direct Ltd', address_lines: ['Unit 4', 'Riverside Business Park', 'Leeds', 'LS10 1AB'], country: 'United Kingdom',
          phone: '01234 567890', phone_e164: '+441234567890', email: expect.any(String), vat_number: 'GB 123 4567 89', company_number: '01234567',
          social_links: expect.arrayContaining([{ href: 'https://www.linkedin.com/', label: 'LinkedIn' }]),
        },
        paymentsSimulated: true, // the embedded test provider (no Stripe keys)
      });
      const data = json.data as Record<string, { html: string } | null>;
      expect(data.intro?.html).toContain('Health and safety training that people remember');
    });

    it('never carries services, loaders or anything server-only', () => {
      const { raw, json } = serializedPageContext(home.text);
      const keys = allKeys(json);
      for (const key of SERVER_ONLY_KEYS) expect(keys).not.toContain(key);
      expect(raw).not.toMatch(/services|getBlocks|DATABASE_URL|DATA_DIR/);
      expect(raw).not.toContain(shop.database.env.DATA_DIR);
      if (shop.database.env.DATABASE_URL) expect(home.text).not.toContain(new URL(shop.database.env.DATABASE_URL).pathname.slice(1));
    });

    it("does not echo the visitor's request headers or cookies into the page", async () => {
      const res = await http
        .get('/')
        .set('Cookie', 'session=cookie-s3cret-value; XSRF-TOKEN=xsrf-s3cret')
        .set('Authorization', 'Bearer bearer-s3cret-token')
        .set('X-Forwarded-For', '203.0.113.9')
        .expect(200);
      expect(res.text).not.toMatch(/cookie-s3cret-value|xsrf-s3cret|bearer-s3cret-token|203\.0\.113\.9/);
    });
  });

  describe('not-found page', () => {
    it('answers an unknown path with 404 and the not-found page inside the storefront layout', async () => {
      const res = await http.get('/no/such/page');
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      const main = mainOf(res.text).inner;
      const errorPage = only(main, 'div', (a) => a['data-error-page'] === '404', 'not-found page');
      expect(text(errorPage.inner)).toContain('Page not found');
      expect(text(elements(res.text, 'title')[0]!.inner)).toMatch(new RegExp(`Page not found.*${APP_NAME}`));
      // The storefront layout is around it: top bar, header search, main nav, footer.
      expect(res.text).toContain('data-layout="storefront"');
      expect(startTags(res.text, 'div').map(attributes).some((a) => 'data-topbar' in a)).toBe(true);
      expect(elements(res.text, 'nav').some((n) => n.attrs['aria-label'] === 'Main')).toBe(true);
      expect(text(only(res.text, 'footer', () => true, '<footer>').inner)).toContain('© 2021');
      // ... and a way back home.
      expect(links(errorPage.inner).map((l) => l.href)).toContain('/');
    });

    it.each(['/no-such-page', '/category/training-dvds/extra/segments', '/assets/no-such-file.js', '/index.html'])(
      'answers %s with 404',
      async (path) => {
        const res = await http.get(path);
        expect(res.status).toBe(404);
      },
    );
  });

  describe('search box', () => {
    it('is pre-filled from the search query', async () => {
      const res = await http.get('/category?search=fire%20safety');
      const header = only(res.text, 'header', () => true, '<header>').inner;
      const input = startTags(header, 'input').map(attributes).find((a) => a.name === 'search');
      expect(input?.value).toBe('fire safety');
      expect(input?.placeholder).toBe(SEARCH_PLACEHOLDER);
    });

    it('accepts + for spaces as a form submission sends it', async () => {
      const res = await http.get('/category?search=fire+safety');
      const input = startTags(only(res.text, 'header', () => true, '<header>').inner, 'input').map(attributes).find((a) => a.name === 'search');
      expect(input?.value).toBe('fire safety');
    });

    it('escapes a hostile query: it is shown as text, never as markup', async () => {
      const hostile = '"><script>alert(1)</script><img src=x onerror=alert(2)>';
      const res = await http.get('/category').query({ search: hostile });
      expect(res.text).not.toContain('<script>alert(1)');
      expect(res.text).not.toMatch(/<img[^>]*onerror/i);
      const input = startTags(only(res.text, 'header', () => true, '<header>').inner, 'input').map(attributes).find((a) => a.name === 'search');
      expect(input?.value).toBe(hostile); // round-trips exactly once decoded
      // The serialized page context is still valid JSON and holds no raw closing script tag.
      const { raw } = serializedPageContext(res.text);
      expect(raw).not.toMatch(/<\/script/i);
      // Same script tags as any page: nothing injected (the home page's own structured data aside).
      const executable = (html: string) => startTags(html, 'script').filter((tag) => !tag.includes('application/ld+json'));
      expect(executable(res.text)).toHaveLength(executable(home.text).length);
    });
  });

  describe('administration portal shell', () => {
    it.each(['/admin', '/admin/users/42'])('sends anonymous visitors and customers from %s to /login, before any markup', async (path) => {
      const anonymous = await http.get(path);
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.location).toBe(`/login?redirect=${encodeURIComponent(path)}`);
      const customer = await http.post('/api/login').send({ email: 'customer@example.com', password: 'demo-customer-password' }).expect(200);
      const asCustomer = await http.get(path).set('Authorization', `Bearer ${customer.body.token}`);
      expect(asCustomer.status).toBe(302);
      expect(asCustomer.headers.location).toMatch(/^\/login/);
    });

    it.each(['/admin', '/admin/anything', '/admin/users/42'])('%s is a client-only shell for admins: 200, an empty root, no storefront markup', async (path) => {
      const res = await http.get(path).set('Authorization', await adminBearer());
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-store');
      const root = only(res.text, 'div', (a) => a.id === 'root', '#root');
      expect(root.inner.trim()).toBe('');
      expect(res.text).not.toMatch(/data-layout="storefront"|data-topbar|data-main-nav|data-footer|<main|<footer/);
      expect(res.text).not.toContain(SEARCH_PLACEHOLDER);
      expect(text(elements(res.text, 'title')[0]!.inner)).toMatch(/Administration Portal/);
      const { json } = serializedPageContext(res.text);
      expect((json.shell as { appName: string }).appName).toBe(APP_NAME);
      for (const key of SERVER_ONLY_KEYS) expect(allKeys(json)).not.toContain(key);
    });

    it('references only assets that exist, including its own entry', async () => {
      const res = await http.get('/admin/anything').set('Authorization', await adminBearer()).expect(200);
      const assets = new Set<string>();
      for (const tag of [...startTags(res.text, 'link'), ...startTags(res.text, 'script')]) {
        const attrs = attributes(tag);
        for (const url of [attrs.src, attrs.href]) if (url?.startsWith('/assets/')) assets.add(url);
      }
      for (const m of res.text.matchAll(/import\("(\/assets\/[^"]+)"\)/g)) assets.add(m[1]!);
      expect([...assets].some((a) => /admin/.test(a))).toBe(true);
      expect([...assets].some((a) => a.endsWith('.css'))).toBe(true);
      for (const asset of assets) {
        const asset404 = await http.get(asset);
        expect({ asset, status: asset404.status }).toEqual({ asset, status: 200 });
        const type = asset.endsWith('.css') ? /text\/css/ : asset.endsWith('.svg') ? /image\/svg\+xml/ : /javascript/;
        expect(asset404.headers['content-type']).toMatch(type);
      }
    });
  });

  describe('client-side navigation data', () => {
    it('serves the home data at /index.pageContext.json (the URL Vike requests), without services', async () => {
      const res = await http.get('/index.pageContext.json');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      const body = JSON.parse(res.text) as Record<string, unknown>;
      const data = body.data as Record<string, { name: string; html: string } | null>;
      expect(data.intro).toMatchObject({ name: 'home-intro', html: expect.stringContaining('Health and safety training that people remember') });
      expect(data.benefits?.html).toContain('Free previews');
      expect(data.accreditation?.html).toContain('RoSPA');
      expect(body.shell).toMatchObject({ appName: APP_NAME });
      for (const key of SERVER_ONLY_KEYS) expect(allKeys(body)).not.toContain(key);
      expect(res.text).not.toMatch(/services|getBlocks/);
    });

    it('matches what the page itself serialized', () => {
      return http.get('/index.pageContext.json').then((res) => {
        const fromJson = JSON.parse(res.text) as Record<string, unknown>;
        const fromPage = serializedPageContext(home.text).json;
        expect(fromJson.data).toEqual(fromPage.data);
        expect(fromJson.shell).toEqual(fromPage.shell);
      });
    });

    it('tells the client router that an unknown page is a 404', async () => {
      const res = await http.get('/no/such/page/index.pageContext.json');
      const body = JSON.parse(res.text) as Record<string, unknown>;
      expect(body.is404).toBe(true);
      expect(body.data).toBeUndefined();
      for (const key of SERVER_ONLY_KEYS) expect(allKeys(body)).not.toContain(key);
    });
  });
});

describe(`the demo notice (issue 25, ${databaseKind})`, () => {
  const NOTICE = /<p class="demo-notice" role="note" data-demo-notice=""><strong>Demo shop: payments are simulated\.<\/strong>/;
  const PAGES = ['/', '/category', '/basket', '/contact', '/login', '/no/such/page'];

  it('is on every storefront page while the test provider takes the payments', async () => {
    const shop = await startTestApp();
    try {
      for (const path of PAGES) expect([path, (await request(shop.app.getHttpServer()).get(path)).text]).toEqual([path, expect.stringMatching(NOTICE)]);
    } finally {
      await shop.close();
    }
  });

  it('is on no page with Stripe configured', async () => {
    const shop = await startTestApp({ STRIPE_SECRET_KEY: 'sk_test_not_a_real_key_no_network', STRIPE_WEBHOOK_SECRET: 'whsec_pages_e2e_secret' });
    try {
      for (const path of PAGES) {
        const page = await request(shop.app.getHttpServer()).get(path);
        expect(page.text).toContain('<footer'); // a real page, without the notice
        expect(page.text).not.toContain('data-demo-notice');
      }
    } finally {
      await shop.close();
    }
  });
});
