// What Vike costs per page, without HTTP and without the database: the shop's application is built
// in-process on the bench database, its page services are memoised (each distinct call reaches the database
// once, then answers from memory), and pages are rendered one after another
//   A. through Vike's renderPage, as PageRenderer calls it on a page-cache miss (routing, hooks, page context, React, HTML), and
//   B. as the bare React baseline does (the same components and data, renderToString and a plain document);
// CPU time per page of each, and A − B is Vike's share. With --profile, A runs under the V8 profiler and the
// costliest Vike functions are printed.
//   node scripts/bench/vike-overhead.mjs [--profile] [--seconds 10]        (after a bench made the database)
import { MikroORM, RequestContext } from '@mikro-orm/core';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { databaseUrl, loadParameters } from './lib/database.mjs';
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
const dist = (file) => import(pathToFileURL(path.join(ROOT, 'dist/src', file)).href);
const { loadEnvironment } = await dist('config/environment.js');
const { createShopApp } = await dist('bootstrap.js');
const { PAGE_SERVICES } = await dist('platform/ssr/page-renderer.js');
const { toShellCompany } = await dist('platform/ssr/ssr.controller.js');
const { CompanyDetails } = await dist('config/company.js');
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

const routes = {
  home: ['/'],
  category: parameters.categories.slice(0, 20).map((c) => `/category/${c.slug}`),
  search: parameters.searchTerms.map((term) => `/category?search=${encodeURIComponent(term)}`),
  product: parameters.products.slice(0, 20).map((p) => `/products/${p.slug}`),
};

const viaVike = async (pageUrl) => {
  const pageContext = await renderPage({ urlOriginal: pageUrl, headersOriginal: headers, cspNonce: 'bench', services, shell, viewer: null, basketVisitor: { userId: null, guestToken: null }, effects: { viewedProductId: null } });
  if (pageContext.httpResponse?.statusCode !== 200) throw new Error(`${pageUrl} → ${pageContext.httpResponse?.statusCode}`);
  // The whole document, streamed or not (getBody() also drains a stream).
  pageContext.html = await pageContext.httpResponse.getBody();
  return pageContext;
};

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
for (const [route, urls] of Object.entries(routes)) {
  // Warm: the first round fills the memo (database) and the JIT.
  const captured = [];
  for (const pageUrl of urls) {
    const context = await viaVike(pageUrl);
    const parsed = new URL(pageUrl, 'http://localhost');
    captured.push({
      shell, pageId: context.pageId, routeParams: context.routeParams, data: context.data, urlOriginal: pageUrl,
      urlPathname: parsed.pathname, urlParsed: context.urlParsed,
    });
  }
  const render = await pageRenderer(ROOT, entries.get(captured[0].pageId));
  const tags = { head: '', body: '' };
  let next = 0;
  const bare = async () => render(captured[next++ % captured.length], tags);
  for (let i = 0; i < 200; i++) {
    await viaVike(urls[i % urls.length]);
    await bare();
  }
  // Alternating halves, so a noisy second touches both.
  const half = seconds / 4;
  const vike = [];
  const react = [];
  for (let round = 0; round < 2; round++) {
    if (session && round === 0) await session.post('Profiler.start');
    vike.push(await cpuPerPage(urls, viaVike, half));
    if (session && round === 0) {
      const { profile: cpuProfile } = await session.post('Profiler.stop');
      writeFileSync(path.join(OUT_DIR, `vike-${route}.cpuprofile`), JSON.stringify(cpuProfile));
    }
    react.push(await cpuPerPage(urls, bare, half));
  }
  const vikeUs = Math.min(...vike);
  const reactUs = Math.min(...react);
  results[route] = { vikeUs, reactUs, vikeShare: (vikeUs - reactUs) / vikeUs, htmlKb: (await viaVike(urls[0])).html.length / 1024 };
  console.log(`${route.padEnd(9)} Vike renderPage ${vikeUs.toFixed(0).padStart(6)} µs CPU/page   bare React ${reactUs.toFixed(0).padStart(6)} µs   Vike's share ${(100 * results[route].vikeShare).toFixed(0)}%   (${results[route].htmlKb.toFixed(0)} kB HTML)`);
}
writeFileSync(path.join(OUT_DIR, 'vike-overhead.json'), `${JSON.stringify({ at: new Date().toISOString(), results }, null, 2)}\n`);
if (profile) console.log(`Profiles of renderPage: ${path.relative(ROOT, OUT_DIR)}/vike-<route>.cpuprofile (summarise with profile.mjs --summary)`);
await app.close();
