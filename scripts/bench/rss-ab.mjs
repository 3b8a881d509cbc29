// A/B of the shop's peak RSS (ADR 0068) on the database a bench left behind (run `make bench` with the same
// BENCH_DATABASE once first): each variant is a shop started as the bench starts it (bin/shop serve, production),
// one after another in the order given, loaded with the same targets in the same order as the bench with
// BENCH_ONLY=<targets> BENCH_REPETITIONS=1, but a fixed NUMBER of requests per target (warm-up 20% at c50, 40% at c10,
// 40% at c50) instead of a fixed time, so that on a busy box every variant fills its caches with the same pages.
// usage: node scripts/bench/rss-ab.mjs <variants.json> <order, e.g. A,B,A,B>
//   variants.json: { "A": {}, "B": { "root": "<another built checkout>", "env": { "MALLOC_ARENA_MAX": "2" }, "args": ["--max-semi-space-size=4"] } }
// One JSON line per run goes to RSS_AB_OUT (default var/bench/rss-ab.jsonl): idle RSS, VmHWM after every target, req/s.
import { readFileSync, appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const lib = (name) => import(path.join(ROOT, 'scripts/bench/lib', name));
const { databaseUrl, loadParameters } = await lib('database.mjs');
const { capturePages } = await lib('fixtures.mjs');
const { processMemory, startSampling } = await lib('proc.mjs');
const { default: autocannon } = await import('autocannon');
const { startShop } = await lib('processes.mjs');
const { targetsFor } = await lib('targets.mjs');
const { settings } = await lib('settings.mjs');

const AMOUNTS = { home: 20000, category: 60000, 'category-br': 60000, product: 20000, 'api-products': 10000, 'api-products-miss': 2500, 'category-miss': 800, 'search-page-miss': 1000, 'product-miss': 1500 };
const positions = new WeakMap();
function fire({ url, paths, request, connections, amount }) {
  let next = positions.get(paths) ?? 0;
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, amount, requests: [{ method: 'GET', setupRequest: (base) => {
      const path = paths[next++ % paths.length];
      positions.set(paths, next % paths.length);
      // A target that asks as a browser does (category-br's Accept-Encoding) is asked the same way here.
      return request ? { ...base, ...request(path) } : { ...base, path };
    } }] }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}
const variants = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const order = process.argv[3].split(',');
const only = (process.env.BENCH_ONLY ?? 'home,product,api-products,api-products-miss,category-miss,search-page-miss,product-miss').split(',');
const out = process.env.RSS_AB_OUT ?? path.join(ROOT, 'var/bench/rss-ab.jsonl');
const url = databaseUrl(settings);
const parameters = await loadParameters(url);
const log = (line) => console.log(line);
const logDir = path.join(ROOT, 'var/bench/rss-ab');
mkdirSync(logDir, { recursive: true });

for (const [index, name] of order.entries()) {
  const variant = variants[name];
  const saved = { ...process.env };
  Object.assign(process.env, variant.env ?? {});
  const shopUrl = `http://127.0.0.1:${settings.shopPort}`;
  const shop = startShop({
    root: variant.root ?? ROOT, settings, databaseUrl: url, dataDir: path.join(ROOT, 'var/bench/data'), logDir,
    extraArgs: variant.args ?? [], name: `shop-${name}-${index}`,
  });
  process.env = saved;
  try {
    await shop.ready();
    const idle = processMemory(shop.pid);
    const targets = targetsFor(parameters, shopUrl, 'http://127.0.0.1:1');
    const routes = Object.fromEntries(['home', 'category', 'search', 'product'].map((route) => [route, targets.find((t) => t.baseline === `react-${route}`).paths]));
    await capturePages(shopUrl, routes);
    const rows = [];
    const started = Date.now();
    for (const target of targets.filter((t) => only.includes(t.name))) {
      const total = AMOUNTS[target.name];
      for (const [connections, share, measured] of [[50, 0.2, false], [10, 0.4, true], [50, 0.4, true]]) {
        const stop = startSampling({ serverPid: shop.pid, ourPids: [shop.pid], database: settings.database });
        const began = performance.now();
        const result = await fire({ url: target.url, paths: target.paths, request: target.request, connections, amount: Math.round(total * share) });
        const usage = stop();
        if (!measured) continue;
        const memory = processMemory(shop.pid);
        rows.push({ target: target.name, c: connections, rps: Math.round(result.requests.total / ((performance.now() - began) / 1000)), p99: result.latency.p99, non2xx: result.non2xx, foreign: +usage.foreignCores.toFixed(2), srv: +usage.serverCores.toFixed(2), rss: Math.round(memory.rssMb), hwm: Math.round(memory.peakRssMb) });
      }
    }
    const end = processMemory(shop.pid);
    const status = readFileSync(`/proc/${shop.pid}/status`, 'utf8');
    const record = { name, index, at: new Date().toISOString(), seconds: Math.round((Date.now() - started) / 1000), idleRss: Math.round(idle.rssMb), hwm: Math.round(end.peakRssMb), rssEnd: Math.round(end.rssMb), threads: /Threads:\s+(\d+)/.exec(status)[1], load: readFileSync('/proc/loadavg', 'utf8').trim(), rows };
    appendFileSync(out, `${JSON.stringify(record)}\n`);
    log(`${name}#${index} idle ${record.idleRss} MB, peak ${record.hwm} MB, end ${record.rssEnd} MB, load ${record.load}`);
    for (const row of rows) log(`  ${row.target.padEnd(18)} c${String(row.c).padEnd(3)} ${String(row.rps).padStart(6)} req/s p99 ${String(row.p99).padStart(5)}  rss ${row.rss} hwm ${row.hwm}  foreign ${row.foreign}${row.non2xx ? ` non2xx ${row.non2xx}` : ''}`);
  } finally {
    await shop.stop();
  }
}
