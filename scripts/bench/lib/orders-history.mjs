// A shop with history (issue 30, ADR 0054): BENCH_ORDERS synthetic orders over 5 years and up to 50k customers, on
// a database of their own that is kept between runs (generating 1M orders takes minutes), then the admin's and the
// customers' reads under load, `orders:export` of one month timed, and every statement's plan guarded
// (orders-plans.mjs). `make bench` runs it after the catalogue bench when BENCH_ORDERS is set;
// `node scripts/bench/orders-history.mjs` runs it alone.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runShopMeasured } from './cli-run.mjs';
import { withClient } from './database.mjs';
import { measure, warmUp } from './load.mjs';
import { startShop } from './processes.mjs';
import { NODE, OUT_DIR } from './settings.mjs';

/** The demo accounts `db:seed --demo` makes: the admin reads as the admin, the heavy buyer is the demo customer. */
const STAFF = { email: 'admin@example.com', password: 'demo-admin-password' };
const CUSTOMER = { email: 'customer@example.com', password: 'demo-customer-password' };
const YEARS = 5;
const PRODUCTS = 10_000;

export const historyDatabase = (settings, orders) => `${settings.database}_h${orders}`;

function historyUrl(settings, orders) {
  const url = new URL(settings.adminUrl);
  url.pathname = `/${historyDatabase(settings, orders)}`;
  return url.toString();
}

function mustRun(root, args, env) {
  const result = spawnSync(path.join(root, 'bin/shop'), args, { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`shop ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
  return result.stdout.trim();
}

/**
 * The history database: reused when it already holds the orders (migrated again, so a new index lands), otherwise
 * made from scratch — migrate, demo seed (the accounts and the dashboard's other widgets), 10k products, the orders.
 */
export async function prepareHistory(root, settings, orders, log) {
  const database = historyDatabase(settings, orders);
  const url = historyUrl(settings, orders);
  const dataDir = path.join(OUT_DIR, `data-h${orders}`);
  mkdirSync(dataDir, { recursive: true });
  const env = { DATABASE_URL: url, DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn' };
  const exists = await withClient(settings.adminUrl, async (client) => (await client.query('select 1 from pg_database where datname = $1', [database])).rowCount > 0);
  let have = 0;
  if (exists) have = await withClient(url, async (client) => Number((await client.query(`select count(*)::int as n from orders where payment_provider = 'synthetic'`).catch(() => ({ rows: [{ n: 0 }] }))).rows[0].n));
  let generated = null;
  if (have >= orders) {
    log(`  reusing ${database}: ${have.toLocaleString('en-GB')} synthetic orders already there`);
    mustRun(root, ['db:migrate'], env);
  } else {
    await withClient(settings.adminUrl, async (client) => {
      await client.query(`drop database if exists ${database} with (force)`);
      await client.query(`create database ${database}`);
    });
    mustRun(root, ['db:migrate'], env);
    mustRun(root, ['db:seed', '--demo'], env);
    log(`  ${mustRun(root, ['catalogue:generate', '--products', String(PRODUCTS), '--categories', '200', '--seed', '1', '--yes'], env).split('\n').slice(-1)[0]}`);
    const run = await runShopMeasured(root, ['orders:generate', '--orders', String(orders), '--years', String(YEARS)], env);
    log(`  ${run.stdout.trim().split('\n').join(' ')} (${run.seconds.toFixed(1)} s wall, peak RSS ${run.peakMb.toFixed(0)} MB)`);
    generated = { seconds: run.seconds, peakMb: run.peakMb, output: run.stdout.trim() };
  }
  // Vacuumed as well as analysed: the generator updates every order it writes, leaving 3M dead rows at 1M orders and no
  // visibility map, so an index-only scan (a capped count, a count of one status) had to visit the heap and the
  // planner chose sequential scans. A live shop's autovacuum keeps both; a freshly generated one has neither yet.
  await withClient(url, (client) => client.query('vacuum (analyze)'));
  return { url, dataDir, env, generated };
}

/** What the load varies: real order numbers, e-mails and POs to search for, months to filter, the heavy buyer's orders. */
export async function loadHistoryParameters(url) {
  return withClient(url, async (client) => {
    const q = async (sql, values = []) => (await client.query(sql, values)).rows;
    const [buyer] = await q('select id from users where email = $1', [CUSTOMER.email]);
    const numbers = (await q(`select number from orders order by md5(id::text) limit 20`)).map((r) => r.number);
    const emails = (await q(`select email from users where role = 'customer' and email like 'synthetic.%' order by md5(id::text) limit 20`)).map((r) => r.email);
    const pos = (await q(`select po_number from orders where po_number is not null order by md5(id::text) limit 20`)).map((r) => r.po_number);
    const [{ total }] = await q('select count(*)::int as total from orders');
    const [{ completed }] = await q(`select count(*)::int as completed from orders where status = 'completed'`);
    const own = await q(`select id, invoice_number from orders where customer_id = $1 order by created_at desc, id desc`, [buyer.id]);
    return { buyerId: buyer.id, numbers, emails, pos, total, completed, own: own.map((r) => Number(r.id)), invoiced: own.filter((r) => r.invoice_number).map((r) => Number(r.id)) };
  });
}

/** Months before this one, as [from, to] calendar days (the admin list's `from`/`to`, the export's `--from`/`--to`). */
function months(count) {
  const now = new Date();
  return Array.from({ length: count }, (_, i) => {
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1 - i * 3, 1));
    const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0));
    return [first.toISOString().slice(0, 10), last.toISOString().slice(0, 10)];
  });
}

export const HISTORY_PER_PAGE = 20;

/** The targets, each a list of paths and who asks; the plans script sends the same ones through the shop in-process. */
export function historyTargets(p) {
  const lastPage = (count) => Math.max(1, Math.ceil(count / HISTORY_PER_PAGE));
  const enc = encodeURIComponent;
  const spans = months(12);
  const ownPages = lastPage(p.own.length);
  return [
    { name: 'admin-dashboard', as: 'staff', paths: ['/api/admin/dashboard'], budget: 'dashboard' },
    { name: 'admin-orders', as: 'staff', paths: ['/api/admin/orders', '/api/admin/orders?page=2'], budget: 'admin' },
    { name: 'admin-find-number', as: 'staff', paths: p.numbers.map((n) => `/api/admin/orders?search=${enc(n)}`), budget: 'admin' },
    { name: 'admin-find-email', as: 'staff', paths: p.emails.map((e) => `/api/admin/orders?search=${enc(e)}`), budget: 'admin' },
    { name: 'admin-find-po', as: 'staff', paths: p.pos.map((po) => `/api/admin/orders?search=${enc(po)}`), budget: 'admin' },
    {
      name: 'admin-filter', as: 'staff', budget: 'admin',
      paths: spans.flatMap(([from, to], i) => [`/api/admin/orders?from=${from}&to=${to}`, `/api/admin/orders?status=${['completed', 'refunded', 'cancelled'][i % 3]}&from=${from}&to=${to}`])
        .concat(['/api/admin/orders?status=refunded', '/api/admin/orders?status=paid', '/api/admin/orders?to_dispatch=true']),
    },
    {
      name: 'admin-last-page', as: 'staff', budget: 'admin',
      // 20 a page, as the portal asks: the last of 1M orders is page 50,000 (the admin list allows it since ADR 0054's
      // second round; the 10,000-page limit of other lists answered 422).
      paths: [`/api/admin/orders?page=${lastPage(p.total)}`, `/api/admin/orders?status=completed&page=${lastPage(p.completed)}`],
    },
    { name: 'customer-orders', as: 'customer', paths: Array.from({ length: Math.min(ownPages, 30) }, (_, i) => `/api/orders?page=${i === 0 ? 1 : Math.ceil(((i + 1) * ownPages) / Math.min(ownPages, 30))}`), budget: 'admin' },
    { name: 'customer-order', as: 'customer', paths: p.own.slice(0, 200).map((id) => `/api/orders/${id}`), budget: 'admin' },
    { name: 'invoice-pdf', as: 'customer', paths: p.invoiced.slice(0, 50).map((id) => `/api/orders/${id}/invoice.pdf`), budget: null },
  ];
}

/** Signs in through the API as a browser would (the XSRF pair first); the reads then carry the token as a bearer. */
export async function signIn(call, account) {
  const first = await call({ method: 'GET', url: '/api/basket' });
  const xsrf = first.cookies.find((c) => c.name === 'XSRF-TOKEN');
  const cookie = first.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const answer = await call({
    method: 'POST', url: '/api/login',
    headers: { 'content-type': 'application/json', cookie, ...(xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf.value) } : {}) },
    body: JSON.stringify(account),
  });
  if (answer.status !== 200) throw new Error(`Signing in as ${account.email}: ${answer.status} ${answer.body.slice(0, 200)}`);
  return JSON.parse(answer.body).token;
}

export const ACCOUNTS = { staff: STAFF, customer: CUSTOMER };

/** fetch as the `call` signIn wants. */
export function fetchCall(baseUrl) {
  return async ({ method, url, headers = {}, body }) => {
    const response = await fetch(`${baseUrl}${url}`, { method, headers: { accept: 'application/json', ...headers }, body });
    const cookies = response.headers.getSetCookie().map((line) => {
      const pair = line.split(';')[0];
      const eq = pair.indexOf('=');
      return { name: pair.slice(0, eq), value: pair.slice(eq + 1) };
    });
    return { status: response.status, body: await response.text(), cookies };
  };
}

/** One month's export through the CLI, as an accountant runs it; wall time includes booting the CLI (~1 s). */
async function timeExport(root, env) {
  const [from, to] = months(1)[0];
  const file = path.join(env.DATA_DIR, 'export-month.csv');
  const run = await runShopMeasured(root, ['orders:export', '--from', from, '--to', to, '--out', file], env);
  const rows = Number(/in ([\d,]+) row\(s\)/.exec(run.stdout)?.[1]?.replaceAll(',', '') ?? 0);
  const result = { from, to, seconds: run.seconds, peakMb: run.peakMb, rows, bytes: statSync(file).size };
  rmSync(file, { force: true });
  return result;
}

/** The whole stage: prepare, load, export, plans; writes var/bench/orders-<N>-<time>.json and last-orders-<N>.json. */
export async function runOrdersHistory({ root, settings, orders, log }) {
  log(`\nA shop with history: ${orders.toLocaleString('en-GB')} orders over ${YEARS} years (ADR 0054)`);
  const history = await prepareHistory(root, settings, orders, log);
  const parameters = await loadHistoryParameters(history.url);
  log(`  ${parameters.total.toLocaleString('en-GB')} orders; the demo customer has ${parameters.own.length} of them`);
  const shopUrl = `http://127.0.0.1:${settings.shopPort}`;
  const shop = startShop({ root, settings, databaseUrl: history.url, dataDir: history.dataDir, logDir: OUT_DIR });
  const runs = [];
  try {
    await shop.ready();
    const call = fetchCall(shopUrl);
    const tokens = { staff: await signIn(call, STAFF), customer: await signIn(call, CUSTOMER) };
    const targets = historyTargets(parameters).filter((t) => t.paths.length > 0 && (!settings.only || settings.only.includes(t.name)));
    for (const target of targets) {
      const request = (p) => ({ path: p, headers: { authorization: `Bearer ${tokens[target.as]}`, accept: 'application/json' } });
      const load = { name: target.name, url: shopUrl, paths: target.paths, request };
      await warmUp({ url: shopUrl, paths: target.paths, seconds: settings.warmupSeconds, request });
      for (const connections of settings.connections) {
        const run = await measure({
          target: load, server: shop, ourPids: [shop.pid], database: historyDatabase(settings, orders), connections,
          seconds: settings.durationSeconds, foreignLimit: settings.foreignCpuLimit, maxAttempts: 1, log,
        });
        runs.push({ target: target.name, budget: target.budget, connections, ...run });
        log(`  ${target.name.padEnd(18)} c${String(connections).padEnd(3)} ${run.reqPerSec.toFixed(0).padStart(6)} req/s  p50 ${String(run.latencyMs.p50).padStart(5)} ms  p99 ${String(run.latencyMs.p99).padStart(5)} ms${run.non2xx ? `  ${run.non2xx} non-2xx` : ''}${run.noisy ? '  (noisy)' : ''}`);
      }
    }
  } finally {
    await shop.stop();
  }
  const exportRun = await timeExport(root, history.env);
  log(`  orders:export ${exportRun.from}…${exportRun.to}: ${exportRun.rows.toLocaleString('en-GB')} rows in ${exportRun.seconds.toFixed(1)} s (peak RSS ${exportRun.peakMb.toFixed(0)} MB)`);

  log('\nPlans of every statement on these paths (scripts/bench/orders-plans.mjs)');
  const plansRun = spawnSync(NODE, [path.join(root, 'scripts/bench/orders-plans.mjs')], {
    cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, NODE_ENV: 'production', BENCH_ORDERS: String(orders) },
  });
  const plansFile = path.join(OUT_DIR, `orders-plans-${orders}.json`);
  const plans = plansRun.status !== null && existsSync(plansFile) ? JSON.parse(readFileSync(plansFile, 'utf8')) : null;

  const result = {
    startedAt: new Date().toISOString(), orders, years: YEARS, quick: settings.quick, database: historyDatabase(settings, orders),
    generated: history.generated, runs, export: exportRun,
    plans: plans && { guarded: plans.guarded, statements: plans.statements.length, problems: plans.problems },
  };
  const stamp = result.startedAt.replace(/[:.]/g, '-');
  writeFileSync(path.join(OUT_DIR, `orders-${orders}-${stamp}.json`), `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync(path.join(OUT_DIR, `last-orders-${orders}.json`), `${JSON.stringify(result, null, 2)}\n`);
  printHistory(result, log);
  return result;
}

export function printHistory(result, log = console.log) {
  log(`\nA shop with history at ${result.orders.toLocaleString('en-GB')} orders${result.quick ? ' (QUICK)' : ''}`);
  log('target              c    req/s   p50 ms   p99 ms  noise');
  for (const run of result.runs) {
    log(`${run.target.padEnd(18)} c${String(run.connections).padEnd(3)} ${run.reqPerSec.toFixed(0).padStart(6)} ${String(run.latencyMs.p50).padStart(8)} ${String(run.latencyMs.p99).padStart(8)}  ${run.foreignCores.toFixed(2)}${run.non2xx ? `  ${run.non2xx} non-2xx` : ''}`);
  }
}
