// The plans of every SQL statement a shop with history sends on the admin's and the customers' order reads (ADR
// 0054), and the guard: no sequential scan of orders or their lines at ≥ 100k orders, nor of their history, refunds
// or payments once those hold 10k rows.
//   BENCH_ORDERS=1000000 BENCH_DATABASE=shop_bench node scripts/bench/orders-plans.mjs [--plans] [--sql]
// The shop is built in-process on the history database (as queries-per-request.mjs does) and each target's paths go
// through the whole HTTP stack (Fastify's inject) as the staff member or the customer; `pg`'s Client.query is
// wrapped, so the statements explained are exactly those the shop sent, with the parameters it bound (MikroORM
// inlines most as literals). Each SELECT is explained with EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) on a raw client
// (reads only, so running them changes nothing). Writes var/bench/orders-plans-<N>.json; exits 1 on a guarded scan.
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { withClient } from './lib/database.mjs';
import { ACCOUNTS, historyDatabase, historyTargets, loadHistoryParameters, signIn } from './lib/orders-history.mjs';
import { OUT_DIR, ROOT, settings } from './lib/settings.mjs';

/** The tables that grow with the orders; a sequential scan of any of them is a path that slows down with history. */
// users too: the admin's search by e-mail asks identity for matching customers (50k at 1M orders).
export const GUARDED_TABLES = ['orders', 'order_lines', 'order_history', 'order_refunds', 'order_refund_lines', 'order_payments', 'users'];
/** orders and order_lines always; the others once they hold this many rows (payments on account stay few). */
const LARGE_ROWS = 10_000;
/** Below this many orders PostgreSQL rightly scans small tables: the plans are printed, not guarded. */
export const GUARD_FROM_ORDERS = 100_000;

const orders = Number(process.env.BENCH_ORDERS ?? 10_000);
const showPlans = process.argv.includes('--plans');
const showSql = process.argv.includes('--sql');
const dist = (file) => import(pathToFileURL(path.join(ROOT, 'dist/src', file)).href);
const { loadEnvironment } = await dist('config/environment.js');
const { createShopApp } = await dist('bootstrap.js');

let log = null;
// MikroORM's driver has its own copy of pg (node_modules/@mikro-orm/postgresql/node_modules/pg): wrap both.
const mikroPg = createRequire(import.meta.resolve('@mikro-orm/postgresql'))('pg');
for (const Client of new Set([pg.Client, mikroPg.Client])) {
  const query = Client.prototype.query;
  Client.prototype.query = function recorded(config, values, callback) {
    const text = typeof config === 'string' ? config : config?.text;
    const bound = Array.isArray(values) ? values : config?.values;
    if (log && text) log.push({ text, values: bound ?? [] });
    return query.call(this, config, values, callback);
  };
}

function planNodes(node, out = []) {
  out.push(node);
  for (const child of node.Plans ?? []) planNodes(child, out);
  return out;
}

function describePlan(node, depth = 0) {
  const what = [node['Node Type'], node['Index Name'] && `using ${node['Index Name']}`, node['Relation Name'] && `on ${node['Relation Name']}`]
    .filter(Boolean).join(' ');
  const line = `${'  '.repeat(depth)}${what} (rows ${node['Actual Rows']}, ${node['Actual Total Time']?.toFixed(2)} ms)`;
  return [line, ...(node.Plans ?? []).map((child) => describePlan(child, depth + 1))].join('\n');
}

/** The same statement with other literals is the same path: one plan per shape (the first parameters met). */
const shapeOf = (text) => text.replace(/\s+/g, ' ').replace(/'(?:[^']|'')*'/g, "'?'").replace(/\b\d+\b/g, '?').trim();
const isRead = (text) => /^\s*(select|with)\b/i.test(text) && !/\b(insert|update|delete)\b/i.test(text);

const url = new URL(settings.adminUrl);
url.pathname = `/${historyDatabase(settings, orders)}`;
const env = loadEnvironment({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: url.toString(), DATA_DIR: path.join(OUT_DIR, `data-h${orders}`), RUN_QUEUE_WORKER: 'false', PAYMENT_PROVIDER: 'test', PAYMENT_TEST_WEBHOOK_SECRET: 'whsec_bench_payments_0123456789abcdef' });
const app = await createShopApp(env);
const fastify = app.getHttpAdapter().getInstance();
await fastify.ready();
const call = async (request) => {
  const response = await fastify.inject(request);
  return { status: response.statusCode, body: response.body, cookies: response.cookies.map((c) => ({ name: c.name, value: c.value })) };
};
const tokens = { staff: await signIn(call, ACCOUNTS.staff), customer: await signIn(call, ACCOUNTS.customer) };
const targets = historyTargets(await loadHistoryParameters(url.toString()));

const guarded = orders >= GUARD_FROM_ORDERS;
const sizes = await withClient(url.toString(), async (client) => (await client.query(
  `select relname, greatest(reltuples, 0)::bigint as rows from pg_class where relkind = 'r' and relname = any($1)`, [GUARDED_TABLES],
)).rows);
const large = new Set(sizes.filter((t) => ['orders', 'order_lines'].includes(t.relname) || Number(t.rows) >= LARGE_ROWS).map((t) => t.relname));
const seen = new Map();
const statements = [];
await withClient(url.toString(), async (client) => {
  // As the shop's own connections (orm-options.ts): the plans are timed as the shop runs them.
  await client.query('set jit = off');
  for (const target of targets) {
    // A few paths per target: a search by number and by e-mail differ in their statements, not their shape.
    for (const each of target.paths.slice(0, 3)) {
      log = [];
      const response = await fastify.inject({ method: 'GET', url: each, headers: { authorization: `Bearer ${tokens[target.as]}`, accept: 'application/json' } });
      await new Promise((resolve) => setTimeout(resolve, 20));
      const sent = log;
      log = null;
      if (response.statusCode >= 400) console.log(`  ${target.name} ${each} → ${response.statusCode}`);
      for (const statement of sent.filter((s) => isRead(s.text))) {
        const shape = shapeOf(statement.text);
        if (seen.has(shape)) continue;
        seen.set(shape, true);
        const explained = await client.query(`explain (analyze, buffers, format json) ${statement.text}`, statement.values);
        const plan = explained.rows[0]['QUERY PLAN'][0];
        const nodes = planNodes(plan.Plan);
        const seqScans = [...new Set(nodes.filter((node) => node['Node Type'] === 'Seq Scan').map((node) => node['Relation Name']))];
        const scanned = seqScans.filter((table) => large.has(table));
        statements.push({
          target: target.name, path: each, sql: statement.text.replace(/\s+/g, ' ').trim(), executionMs: plan['Execution Time'],
          // PostgreSQL's JIT compiles a plan whose estimated cost passes jit_above_cost: on a busy box that alone can take a second.
          jitMs: plan.JIT?.Timing?.Total ?? 0,
          indexes: [...new Set(nodes.map((node) => node['Index Name']).filter(Boolean))], seqScans, guard: scanned.length === 0 ? 'ok' : `sequential scan of ${scanned.join(', ')}`,
          plan: describePlan(plan.Plan),
        });
      }
    }
  }
});
await app.close();

const problems = statements.filter((s) => s.guard !== 'ok');
for (const s of statements) {
  const flag = s.guard === 'ok' ? 'ok  ' : guarded ? 'SCAN' : 'scan';
  console.log(`  ${flag} ${s.target.padEnd(18)} ${s.executionMs.toFixed(2).padStart(8)} ms${s.jitMs ? ` (JIT ${s.jitMs.toFixed(0)} ms)` : ''}  ${s.seqScans.length ? `seq: ${s.seqScans.join(',')}  ` : ''}${s.indexes.join(', ')}`);
  if (showSql || (s.guard !== 'ok' && guarded)) console.log(`       ${s.sql.slice(0, showSql ? 2000 : 300)}`);
  if (showPlans || (s.guard !== 'ok' && guarded)) console.log(s.plan.split('\n').map((line) => `       ${line}`).join('\n'));
}
writeFileSync(path.join(OUT_DIR, `orders-plans-${orders}.json`), `${JSON.stringify({ orders, guarded, statements, problems: problems.map((s) => `${s.target}: ${s.guard} (${s.sql.slice(0, 120)})`) }, null, 2)}\n`);
console.log(`  Guarded tables (orders and order_lines, the others from ${LARGE_ROWS.toLocaleString('en-GB')} rows): ${[...large].join(', ')}`);
if (!guarded) console.log(`  ${statements.length} statement shapes; not guarded below ${GUARD_FROM_ORDERS.toLocaleString('en-GB')} orders (small tables are rightly scanned).`);
else if (problems.length === 0) console.log(`  ${statements.length} statement shapes, none scans ${GUARDED_TABLES.join(', ')}.`);
else console.log(`\n  !!! ${problems.length} of ${statements.length} statement shapes scan a table that grows with the orders (${GUARDED_TABLES.join(', ')}): see above.`);
process.exitCode = guarded && problems.length > 0 ? 1 : 0;
