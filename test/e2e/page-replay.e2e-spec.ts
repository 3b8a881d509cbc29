import { MikroORM, RequestContext } from '@mikro-orm/core';
import request from 'supertest';
import { renderPage } from 'vike/server';
import { CompanyDetails } from '../../src/config/company.js';
import { PAGE_SERVICES, PageRenderer } from '../../src/platform/ssr/page-renderer.js';
import { PageShellReplay, type PageContextInit } from '../../src/platform/ssr/page-shell-replay.js';
import type { PageServices } from '../../src/platform/ssr/page-context.js';
import { toShellCompany } from '../../src/platform/ssr/ssr.controller.js';
import { createCategory, createProduct } from '../support/catalogue-fixtures.js';
import { DEMO_CUSTOMER, signInByApi } from '../support/identity-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * ADR 0087: once two of Vike's renders of a page agree, the shop renders that page itself. The document must be
 * Vike's, byte for byte (the nonce aside), and anything the shop's own render does not handle — a guard's redirect, a
 * 404 from a data hook, a URL Vike would redirect, a client navigation's JSON — must still get Vike's answer.
 */
describe('pages rendered fresh without Vike once learned (ADR 0087)', () => {
  let shop: TestApp;
  let renderer: PageRenderer;
  let bearer: string;
  let productSlugs: string[];

  beforeAll(async () => {
    shop = await startTestApp();
    renderer = shop.app.get(PageRenderer);
    bearer = (await signInByApi(shop, DEMO_CUSTOMER)).bearer;
    // Characters beyond Latin-1 in the catalogue's text: the documents must match whatever the data holds.
    const category = await createCategory(shop.sql, { slug: 'fire-safety', name: 'Fire safety' });
    productSlugs = [];
    for (const title of ['Fire Marshal — Online', 'Fire Safety “Essentials” DVD', 'Fire Extinguisher Poster <A2>']) {
      const product = await createProduct(shop.sql, { title, status: 'published', categoryIds: [category.id], options: [{ name: 'Online licence — 1 user', price: 4_900 }] });
      productSlugs.push(product.slug);
    }
  }, 120_000);
  afterAll(() => shop?.close(), 30_000);

  const get = (path: string, signedIn = true) => {
    const req = request(shop.app.getHttpServer()).get(path);
    return signedIn ? req.set('Authorization', bearer) : req;
  };
  const nonceOf = (html: string) => /<script id="vike_pageContext" type="application\/json" nonce="([^"]+)"/.exec(html)?.[1];

  describe('in process: the same page context through Vike and through the shop', () => {
    /** What PageRenderer hands renderPage() for an anonymous visitor or the demo customer. */
    async function init(url: string, signedIn: boolean, nonce: string): Promise<PageContextInit> {
      const services = shop.app.get<PageServices>(PAGE_SERVICES);
      const [customer] = await shop.sql<{ id: number; role: string }>(`select id, role from users where email = ?`, [DEMO_CUSTOMER.email]);
      const viewer = signedIn
        ? { userId: customer!.id, sessionId: 0, role: customer!.role, staffRole: null, email: DEMO_CUSTOMER.email, firstName: 'Casey', lastName: 'Customer', via: 'bearer' }
        : null;
      const shell = {
        appName: 'HS Training Direct',
        user: signedIn ? { first_name: 'Casey', last_name: 'Customer', email: DEMO_CUSTOMER.email, role: customer!.role, staff_role: null } : null,
        basket: { grand_total: '0.00', items: 0 },
        publicUrl: 'http://localhost:3000',
        seo: null,
        company: toShellCompany(shop.app.get(CompanyDetails)),
        paymentsSimulated: true,
      };
      return {
        urlOriginal: url, headersOriginal: { host: 'localhost:3000', accept: 'text/html' }, cspNonce: nonce, services, shell, viewer,
        basketVisitor: { userId: signedIn ? customer!.id : null, guestToken: null }, clientKey: 'test', effects: { viewedProductId: null },
      };
    }

    async function viaVike(pageInit: PageContextInit) {
      const orm = shop.app.get(MikroORM);
      const pageContext = await RequestContext.create(orm.em, () => renderPage(pageInit));
      const response = pageContext.httpResponse!;
      return { statusCode: response.statusCode, headers: response.headers, body: response.body, pageContext: pageContext as unknown as Record<string, unknown> };
    }

    const inContext = <T>(work: () => Promise<T>) => RequestContext.create(shop.app.get(MikroORM).em, work);

    it.each([
      ['/', false],
      ['/terms', false],
      ['/category', false],
      ['/category?search=fire&sort=price', false],
      ['/category/fire-safety', false],
      ['/products/{slug}', false],
      ['/basket', true],
      ['/account', true],
      ['/account/orders', true],
      ['/login?redirect=%2Faccount%2Forders', false],
    ])('%s (signed in: %s): learned from two of Vike\'s renders, then the shop\'s document is Vike\'s', async (path, signedIn) => {
      const url = path.replace('{slug}', productSlugs[0]!);
      const replay = new PageShellReplay();
      let nonce = 0;
      for (let round = 0; round < 2; round++) {
        const pageInit = await init(url, signedIn, `nonce${nonce++}x`);
        expect(await inContext(() => replay.render(pageInit))).toBeNull();
        const vike = await viaVike(pageInit);
        expect(vike.statusCode).toBe(200);
        await inContext(() => replay.learn(pageInit, vike));
      }
      const pageInit = await init(url, signedIn, `nonce${nonce}x`);
      const vike = await viaVike(pageInit);
      const replayed = await inContext(() => replay.render(pageInit));
      expect(replayed).not.toBeNull();
      expect(replayed!.body).toBe(vike.body);
      expect(replayed!.headers).toEqual(vike.headers);
      expect(nonceOf(replayed!.body)).toBe(pageInit.cspNonce);
    });

    it('keeps a page with Vike when the shop\'s document for it differs from Vike\'s', async () => {
      const replay = new PageShellReplay();
      for (let round = 0; round < 6; round++) {
        const pageInit = await init('/terms', false, `nonce${round}y`);
        const vike = await viaVike(pageInit);
        // As if Vike had written something the shop's own render does not: the page must never replay.
        await inContext(() => replay.learn(pageInit, { ...vike, body: (vike.body as string).replace('</body>', '<p>only Vike</p></body>') }));
      }
      const pageInit = await init('/terms', false, 'nonce9y');
      expect(await inContext(() => replay.render(pageInit))).toBeNull();
      expect(replay.replays('/web/pages/terms')).toBe(false);
    });

    it('routes a pathname Vike has not rendered yet only when exactly one page\'s route matches it', async () => {
      const replay = new PageShellReplay();
      for (let round = 0; round < 2; round++) {
        const pageInit = await init(`/products/${productSlugs[0]}`, false, `nonce${round}z`);
        await inContext(async () => replay.learn(pageInit, await viaVike(pageInit)));
      }
      // Another product: the same page, routed by its route string, and its own data.
      const other = await init(`/products/${productSlugs[1]}`, false, 'nonce5z');
      const replayed = await inContext(() => replay.render(other));
      expect(replayed).not.toBeNull();
      expect(replayed!.body).toBe((await viaVike(other)).body);
      // A trailing slash Vike would redirect, and an encoded pathname Vike would decode, are left to Vike.
      expect(await inContext(async () => replay.render(await init(`/products/${productSlugs[1]}/`, false, 'n1')))).toBeNull();
      expect(await inContext(async () => replay.render(await init(`/products/a%20b`, false, 'n2')))).toBeNull();
    });
  });

  describe('over HTTP, as the shop serves pages', () => {
    it('replays a signed-in page from its third view, each view with its own nonce in the CSP and the scripts', async () => {
      const before = { ...renderer.freshRenders };
      const views = [];
      for (let view = 0; view < 3; view++) views.push(await get('/account/orders').expect(200));
      expect(renderer.replays('/web/pages/account/orders')).toBe(true);
      expect(renderer.freshRenders.replayed - before.replayed).toBeGreaterThanOrEqual(1);
      const nonces = views.map((view) => nonceOf(view.text));
      expect(new Set(nonces).size).toBe(3);
      for (const [index, view] of views.entries()) {
        expect(view.headers['content-security-policy']).toContain(`'nonce-${nonces[index]}'`);
        expect(view.headers['content-type']).toMatch(/^text\/html/);
      }
      const sameNonce = (html: string) => html.replaceAll(nonceOf(html)!, 'N');
      expect(sameNonce(views[2]!.text)).toBe(sameNonce(views[0]!.text));
    });

    it('still redirects a visitor its guard turns away, after the page was learned', async () => {
      // The login page is guest-only, and its guard is its only defence (no data hook redirects): Vike's answer first.
      const before = await get('/login').expect(302);
      for (let view = 0; view < 3; view++) await get('/login', false).expect(200);
      expect(renderer.replays('/web/pages/login')).toBe(true);
      const after = await get('/login').expect(302);
      expect(after.headers.location).toBe(before.headers.location);
      for (let view = 0; view < 3; view++) await get('/account').expect(200);
      expect(renderer.replays('/web/pages/account')).toBe(true);
      const anonymous = await get('/account', false).expect(302);
      expect(anonymous.headers.location).toBe('/login?redirect=%2Faccount');
    });

    it('answers 404 for a product that does not exist, after the product page was learned', async () => {
      for (let view = 0; view < 3; view++) await get(`/products/${productSlugs[2]}`).expect(200);
      expect(renderer.replays('/web/pages/products/@id')).toBe(true);
      const before = renderer.freshRenders.replayed;
      const other = await get(`/products/${productSlugs[1]}`).expect(200);
      expect(renderer.freshRenders.replayed).toBe(before + 1);
      expect(other.text).toContain(`/products/${productSlugs[1]}`);
      await get('/products/no-such-product-anywhere').expect(404);
    });

    it('leaves a URL Vike redirects and a client navigation\'s page context to Vike', async () => {
      for (let view = 0; view < 3; view++) await get('/basket').expect(200);
      expect(renderer.replays('/web/pages/basket')).toBe(true);
      const slash = await get('/basket/').expect(301);
      expect(slash.headers.location).toBe('/basket');
      const navigation = await get('/basket/index.pageContext.json').expect(200);
      expect(navigation.headers['content-type']).toMatch(/json/);
      expect(navigation.text).toContain('"pageId":"/web/pages/basket"');
      // A page with a parameter, whose route would also match the navigation's `index.pageContext.json` segment.
      for (let view = 0; view < 3; view++) await get(`/password/reset/token${view}`, false).expect(200);
      expect(renderer.replays('/web/pages/password/reset/@token')).toBe(true);
      const resetNavigation = await get('/password/reset/index.pageContext.json', false).expect(200);
      expect(resetNavigation.headers['content-type']).toMatch(/json/);
      expect(resetNavigation.text).toContain('"pageId":"/web/pages/password/reset"');
    });

    it('never replays a page that opts out: the certificate page counts unknown codes against a rate limit', async () => {
      for (let view = 0; view < 4; view++) await get('/certificates/NO-SUCH-CODE', false).expect(404);
      await get('/certificates/NO-SUCH-CODE-EITHER', false);
      expect(renderer.replays('/web/pages/certificates/@code')).toBe(false);
    });
  });
});
