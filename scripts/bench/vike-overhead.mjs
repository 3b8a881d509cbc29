// What Vike costs per page, without HTTP and without the database: the shop's application is built
// in-process on the bench database, its page services are memoised (each distinct call reaches the database
// once, then answers from memory), and pages are rendered one after another
//   A. through Vike's renderPage, as PageRenderer calls it on a page-cache miss (routing, hooks, page context, React, HTML), and
//   B. as the bare React baseline does (the same components and data, renderToString and a plain document
//      with the same serialized page context and the same asset tags Vike wrote);
// CPU time per page of each, and A − B is Vike's share; anonymous catalogue pages and signed-in ones (basket,
// account: never page-cached, issue 30). Beside them, C: the shop's own fresh render (ADR 0087), which replays a page
// learned from Vike's renders; the ratio C ÷ B is checked against issue 30's budget (ADR 0055, 0087). With --profile, C
// runs under the V8 profiler.
//   node scripts/bench/vike-overhead.mjs [--profile] [--seconds 10] [--rounds 6]   (after a bench made the database)
import { MikroORM, RequestContext } from '@mikro-orm/core';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { serialize } from 'node:v8';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { databaseUrl, loadParameters } from './lib/database.mjs';
import { evaluateFreshRenderBudgets, printBudgets } from './lib/budgets.mjs';
import { pageEntries, pageRenderer } from './lib/react-baseline.mjs';
import { OUT_DIR, ROOT, settings } from './lib/settings.mjs';

// React picks its build when first imported, and static imports run before any line here: without
// NODE_ENV=production from the start this would measure React's development build. Start again with it.
if (process.env.NODE_ENV !== 'production') {
  const child = spawnSync(process.execPath, process.argv.slice(1), { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  process.exit(child.status ?? 1);
}

const args = process.argv.slice(2);
const profile = args.includes('--profile');
const seconds = Number(args[args.indexOf('--seconds') + 1] || 8);
/** Alternating rounds of (renderPage, the shop's render, bare React) per route: `--rounds`, 6 unless asked. */
const ROUNDS = Math.max(1, Number(args.includes('--rounds') ? args[args.indexOf('--rounds') + 1] : 6) || 6);
const dist = (file) => import(pathToFileURL(path.join(ROOT, 'dist/src', file)).href);
const { loadEnvironment } = await dist('config/environment.js');
const { createShopApp } = await dist('bootstrap.js');
const { PAGE_SERVICES } = await dist('platform/ssr/page-renderer.js');
const { toShellCompany } = await dist('platform/ssr/ssr.controller.js');
const { CompanyDetails } = await dist('config/company.js');
const { BasketService } = await dist('modules/basket/index.js');
const { PageShellReplay } = await dist('platform/ssr/page-shell-replay.js');
const { renderPage } = await import('vike/server');

mkdirSync(OUT_DIR, { recursive: true });
const url = databaseUrl(settings);
const parameters = await loadParameters(url);
const env = loadEnvironment({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: url, DATA_DIR: path.join(OUT_DIR, 'data'), RUN_QUEUE_WORKER: 'false' });
const app = await createShopApp(env);
const orm = app.get(MikroORM);

/** Each service method answers from memory after its first call with the same arguments. */
function memoised(services) {
  const cache = new Map();
  const wrap = (name, service) => new Proxy(service, {
    get(target, method) {
      const original = target[method];
      if (typeof original !== 'function') return original;
      return (...callArgs) => {
        const key = `${name}.${String(method)}(${JSON.stringify(callArgs)})`;
        if (!cache.has(key)) cache.set(key, RequestContext.create(orm.em, () => original.apply(target, callArgs)));
        return cache.get(key);
      };
    },
  });
  return Object.fromEntries(Object.entries(services).map(([name, service]) => [name, wrap(name, service)]));
}
const services = memoised(app.get(PAGE_SERVICES));
// The same shell the shop's SSR controller gives every page (the footer reads the company's details from it).
const shell = {
  appName: 'HS Training Direct', user: null, basket: { grand_total: '0.00', items: 0 }, publicUrl: 'http://localhost:3000', seo: null,
  company: toShellCompany(app.get(CompanyDetails)),
  paymentsSimulated: true, // the bench shop runs the embedded test provider
};
const headers = { host: 'localhost:3000', 'user-agent': 'bench', accept: 'text/html' };

const anonymous = { shell, viewer: null, basketVisitor: { userId: null, guestToken: null } };
const signedIn = await signedInVisitor();
// Issue 30: signed-in pages (account, basket, checkout, learner pages) are never page-cached, so every
// view of them is a fresh render: the basket and the account overview stand for them.
const routes = {
  home: { urls: ['/'], visitor: anonymous },
  category: { urls: parameters.categories.slice(0, 20).map((c) => `/category/${c.slug}`), visitor: anonymous },
  search: { urls: parameters.searchTerms.map((term) => `/category?search=${encodeURIComponent(term)}`), visitor: anonymous },
  product: { urls: parameters.products.slice(0, 20).map((p) => `/products/${p.slug}`), visitor: anonymous },
  basket: { urls: ['/basket'], visitor: signedIn },
  account: { urls: ['/account'], visitor: signedIn },
};

/**
 * The demo customer (db:seed --demo) signed in, with three lines in their basket (added once, through the
 * basket service, on the first run against this database).
 */
async function signedInVisitor() {
  const basketService = app.get(BasketService);
  const inContext = (work) => RequestContext.create(orm.em, work);
  const [user] = await orm.em.getConnection().execute(`select id, email, role from users where email = 'customer@example.com'`);
  if (!user) throw new Error('The bench database has no demo customer (customer@example.com): make it with db:seed --demo.');
  const basketVisitor = { userId: user.id, guestToken: null };
  let basket = await inContext(() => basketService.get(basketVisitor));
  for (const optionId of parameters.options) {
    if (basket.items.length >= 3) break;
    // Options that need a booking (courses) or are out of stock are refused: the next one is taken.
    basket = await inContext(() => basketService.add(basketVisitor, optionId)).catch(() => basket);
  }
  const viewer = { userId: user.id, sessionId: 0, role: user.role, staffRole: null, email: user.email, firstName: 'Casey', lastName: 'Customer', via: 'cookie' };
  const signedInShell = {
    ...shell,
    user: { first_name: viewer.firstName, last_name: viewer.lastName, email: viewer.email, role: viewer.role, staff_role: null },
    basket: { grand_total: basket.totals.grand_total, items: basket.totals.items },
  };
  return { shell: signedInShell, viewer, basketVisitor };
}

const pageContextInit = (visitor, pageUrl) => ({
  urlOriginal: pageUrl, headersOriginal: headers, cspNonce: nonce(), services, ...visitor, clientKey: 'bench', effects: { viewedProductId: null },
});
// A nonce per render, as the shop's CSP gives each response.
let nonces = 0;
const nonce = () => `bench${(nonces++).toString(36)}`;

/** Renders a URL through Vike's renderPage() as the given visitor (anonymous or signed in). */
const renderVia = (visitor) => async (pageUrl) => {
  const pageContext = await renderPage(pageContextInit(visitor, pageUrl));
  if (pageContext.httpResponse?.statusCode !== 200) throw new Error(`${pageUrl} → ${pageContext.httpResponse?.statusCode}`);
  // The whole document, streamed or not (getBody() also drains a stream).
  pageContext.html = await pageContext.httpResponse.getBody();
  return pageContext;
};

/**
 * Renders a URL as PageRenderer does on a cache miss (ADR 0087): by the shop itself once the page is learned, else
 * through Vike, whose render then teaches it. Returns the document and whether it was replayed.
 */
const replay = new PageShellReplay();
const renderByShop = (visitor) => async (pageUrl) => {
  const init = pageContextInit(visitor, pageUrl);
  const replayed = await replay.render(init);
  if (replayed) return { html: replayed.body, replayed: true };
  const pageContext = await renderPage(init);
  const response = pageContext.httpResponse;
  if (response?.statusCode !== 200) throw new Error(`${pageUrl} → ${response?.statusCode}`);
  await replay.learn(init, { statusCode: response.statusCode, headers: response.headers, body: response.body, pageContext });
  return { html: response.body, replayed: false };
};

/** The tags Vike injected into a page it rendered: links at the top of <head>, scripts before </body>. */
function assetTags(html) {
  const head = html.match(/<link rel="(?:stylesheet|modulepreload)"[^>]*>/g) ?? [];
  const body = html.match(/<script id="vike_globalContext"[\s\S]*?<\/script>|<script type="module"[\s\S]*?<\/script>/g) ?? [];
  return { head: head.join(''), body: body.join('') };
}

/** CPU microseconds per call of `work` over the URLs in turn, for about `seconds`. */
async function cpuPerPage(urls, work, budgetSeconds) {
  let calls = 0;
  const wall = performance.now();
  const cpu = process.cpuUsage();
  while (performance.now() - wall < budgetSeconds * 1000) await work(urls[calls++ % urls.length]);
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / calls;
}

const entries = pageEntries(path.join(ROOT, 'dist/web/server'));
const results = {};
const session = profile ? new Session() : null;
if (session) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
}
for (const [route, { urls, visitor }] of Object.entries(routes)) {
  const viaVike = renderVia(visitor);
  const byShop = renderByShop(visitor);
  // Warm: the first round fills the memo (database) and the JIT.
  const captured = [];
  let firstHtml = null;
  for (const pageUrl of urls) {
    const context = await viaVike(pageUrl);
    const parsed = new URL(pageUrl, 'http://localhost');
    captured.push({
      shell: visitor.shell, pageId: context.pageId, routeParams: context.routeParams, data: context.data, urlOriginal: pageUrl,
      urlPathname: parsed.pathname, urlParsed: context.urlParsed,
    });
    firstHtml ??= context.html;
  }
  const render = await pageRenderer(ROOT, entries.get(captured[0].pageId));
  // The same asset tags Vike writes (style sheets, the client entry): the document needs them to look and work.
  const tags = assetTags(firstHtml);
  let next = 0;
  const bare = async () => render(captured[next++ % captured.length], tags);
  for (let i = 0; i < 200; i++) {
    await viaVike(urls[i % urls.length]);
    await byShop(urls[i % urls.length]);
    await bare();
  }
  // The shop's document must be Vike's (nonces aside): the replay is only worth measuring if it is the same page.
  const sameNonce = (html) => html.replace(/nonce(=")?-?bench[0-9a-z]+/g, 'nonce$1-N');
  const shopDocument = await byShop(urls[0]);
  if (!shopDocument.replayed) throw new Error(`${route}: the shop did not learn the page (ADR 0087); it still renders through Vike`);
  if (sameNonce(shopDocument.html) !== sameNonce((await viaVike(urls[0])).html)) throw new Error(`${route}: the shop's document differs from Vike's`);
  // Alternating short windows, so a noisy stretch of the box touches all three; each figure is the least of its
  // windows. With two windows of seconds/4 each, the category page read 2.1–2.2× inside the whole benches of sessions
  // 47, 50 and 51 and 1.2–1.8× alone, its bare render alone varying 339–533 µs between runs (ADR 0013): one slow
  // window of two decided the ratio. The time per route is unchanged (3 × ROUNDS windows of seconds / (2 × ROUNDS)).
  const windowSeconds = seconds / (2 * ROUNDS);
  const vike = [];
  const shop = [];
  const react = [];
  for (let round = 0; round < ROUNDS; round++) {
    vike.push(await cpuPerPage(urls, viaVike, windowSeconds));
    if (session && round === 0) await session.post('Profiler.start');
    shop.push(await cpuPerPage(urls, byShop, windowSeconds));
    if (session && round === 0) {
      const { profile: cpuProfile } = await session.post('Profiler.stop');
      writeFileSync(path.join(OUT_DIR, `vike-${route}.cpuprofile`), JSON.stringify(cpuProfile));
    }
    react.push(await cpuPerPage(urls, bare, windowSeconds));
  }
  const vikeUs = Math.min(...vike);
  const shopUs = Math.min(...shop);
  const reactUs = Math.min(...react);
  // Each round's own ratio (its shop window against the bare window right after it), to show the spread.
  const roundRatios = shop.map((us, i) => Math.round((us / react[i]) * 100) / 100);
  const document = (await byShop(urls[0])).html;
  // How V8 stores the finished document (ADR 0086): its serializer tags a one-byte string '"' (0x22).
  const oneByte = serialize(document)[2] === 0x22;
  results[route] = { vikeUs, shopUs, reactUs, vikeShare: (vikeUs - reactUs) / vikeUs, htmlKb: document.length / 1024, oneByte, roundRatios };
  console.log(`${route.padEnd(9)} Vike renderPage ${vikeUs.toFixed(0).padStart(6)} µs (${(vikeUs / reactUs).toFixed(1)}×)   shop's fresh render ${shopUs.toFixed(0).padStart(6)} µs   bare React ${reactUs.toFixed(0).padStart(6)} µs   ${(shopUs / reactUs).toFixed(1)}×   (${results[route].htmlKb.toFixed(0)} kB HTML, ${oneByte ? 'one byte' : 'two bytes'} a character; rounds ${roundRatios.join(', ')})`);
}
const overhead = { at: new Date().toISOString(), results };
writeFileSync(path.join(OUT_DIR, 'vike-overhead.json'), `${JSON.stringify(overhead, null, 2)}\n`);
printBudgets(evaluateFreshRenderBudgets(overhead));
if (profile) console.log(`Profiles of the shop's fresh render: ${path.relative(ROOT, OUT_DIR)}/vike-<route>.cpuprofile (summarise with profile.mjs --summary)`);
await app.close();
