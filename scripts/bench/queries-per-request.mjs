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
    const started = performance.now();
    const result = query.call(this, config, values, callback);
    if (log && text && result && typeof result.then === 'function') {
      const entry = { text: text.replace(/\s+/g, ' ').trim(), ms: 0 };
      log.push(entry);
      void result.then(() => (entry.ms = performance.now() - started), () => (entry.ms = performance.now() - started));
    }
    return result;
  };
}

const url = databaseUrl(settings);
const env = loadEnvironment({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: url, DATA_DIR: path.join(OUT_DIR, 'data'), RUN_QUEUE_WORKER: 'false' });
const app = await createShopApp(env);
const fastify = app.getHttpAdapter().getInstance();
await fastify.ready();
const targets = targetsFor(await loadParameters(url), '', '').filter((target) => target.server === 'shop');

for (const target of targets) {
  // A cache-miss target (ADR 0053) is warmed with other paths than it is measured with, so it still misses.
  const paths = target.name.endsWith('-miss') ? target.paths.slice(5, 10) : target.paths.slice(0, 5);
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
