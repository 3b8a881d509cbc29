// How many SQL statements one request of each bench target sends, and how long they take in the database:
// the shop is built in-process on the bench database and each URL goes through the whole HTTP stack
// (Fastify's inject), with `pg`'s Client.query counted and timed. Each round trip to PostgreSQL is a
// context switch on a 2-core box, so the count matters as much as the SQL.
//   node scripts/bench/queries-per-request.mjs [--sql]          (after a bench made the database)
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { databaseUrl, loadParameters } from './lib/database.mjs';
import { OUT_DIR, ROOT, settings } from './lib/settings.mjs';
import { targetsFor } from './lib/targets.mjs';

// React picks its build from NODE_ENV when first loaded (the dist is imported below, after this line runs). The
// shop's dist is the production build; React's development build fails beside react-dom's production one
// ("dispatcher.getOwner is not a function").
process.env.NODE_ENV = 'production';

const showSql = process.argv.includes('--sql');
const dist = (file) => import(pathToFileURL(path.join(ROOT, 'dist/src', file)).href);
const { loadEnvironment } = await dist('config/environment.js');
const { createShopApp } = await dist('bootstrap.js');

let log = null;
// MikroORM's driver has its own copy of pg (node_modules/@mikro-orm/postgresql/node_modules/pg): count both.
const mikroPg = createRequire(import.meta.resolve('@mikro-orm/postgresql'))('pg');
for (const Client of new Set([pg.Client, mikroPg.Client])) {
  const query = Client.prototype.query;
  Client.prototype.query = function counted(config, values, callback) {
    const text = typeof config === 'string' ? config : config?.text;
    if (!log || !text) return query.call(this, config, values, callback);
    const entry = { text: text.replace(/\s+/g, ' ').trim(), ms: 0 };
    log.push(entry);
    const started = performance.now();
    const done = () => (entry.ms = performance.now() - started);
    // Three ways to call it: a promise; a callback (last argument), which pg-pool's Pool.query passes, and the
    // shop's prepared statements (ADR 0074) go through Pool.query; or a submittable (a pg Query object) that emits
    // 'end' or 'error'. Count and time all three.
    if (typeof config?.submit === 'function' && typeof config.on === 'function') {
      config.on('end', done);
      config.on('error', done);
      return query.call(this, config, values, callback);
    }
    if (typeof values === 'function' || typeof callback === 'function') {
      const wrap = (fn) => (...args) => { done(); return fn(...args); };
      return typeof values === 'function' ? query.call(this, config, wrap(values)) : query.call(this, config, values, wrap(callback));
    }
    const result = query.call(this, config, values, callback);
    if (result && typeof result.then === 'function') void result.then(done, done);
    return result;
  };
}

const url = databaseUrl(settings);
const env = loadEnvironment({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: url, DATA_DIR: path.join(OUT_DIR, 'data'), RUN_QUEUE_WORKER: 'false' });
const app = await createShopApp(env);
const fastify = app.getHttpAdapter().getInstance();
await fastify.ready();
const targets = targetsFor(await loadParameters(url), '', '').filter((target) => target.server === 'shop');

let misses = 0;
for (const target of targets) {
  // A cache-miss target (ADR 0053) is warmed with other paths than it is measured with, so it still misses. The
  // miss targets draw on the same lists (the API's and the page's search terms are the same terms), and the
  // catalogue's caches sit below both, so each one measures its own slice: a page measured on the terms the API
  // target just read would hit those caches and count no statement at all.
  const offset = target.name.endsWith('-miss') ? 5 * ++misses : 0;
  const paths = target.paths.slice(offset, offset + 5);
  for (const warm of target.paths.slice(0, 5)) await fastify.inject({ method: 'GET', url: warm }); // caches and first-use work
  const counts = [];
  const times = [];
  let last = [];
  for (const each of paths) {
    log = [];
    const response = await fastify.inject({ method: 'GET', url: each });
    await new Promise((resolve) => setTimeout(resolve, 50)); // deferred writes (product views) land in this request's log
    if (response.statusCode >= 400) console.log(`  ${each} → ${response.statusCode}`);
    counts.push(log.length);
    times.push(log.reduce((sum, entry) => sum + entry.ms, 0));
    last = log;
  }
  log = null;
  const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
  console.log(`${target.name.padEnd(13)} ${mean(counts).toFixed(1).padStart(5)} statements/request, ${mean(times).toFixed(1).padStart(6)} ms in them (sequential, idle)   e.g. ${paths[0]}`);
  if (showSql) for (const entry of last) console.log(`    ${entry.ms.toFixed(2).padStart(7)} ms  ${entry.text.slice(0, 160)}`);
}
await app.close();
