// Time and memory of `shop orders:export` at 100,000 orders (issue 15: under a minute, RSS growth under 100 MB).
//
//   make build && node scripts/bench/orders-export-memory.mjs
//   BENCH_ORDERS=100000 BENCH_EXPORT_PRODUCTS=10000 BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres \
//   BENCH_KEEP=1 node scripts/bench/orders-export-memory.mjs
//
// On a throwaway PostgreSQL database (shop_export_bench_<pid>, dropped at the end unless BENCH_KEEP=1) it runs the
// built CLI: db:migrate, catalogue:generate, orders:generate, then orders:export of the last half-year as CSV and
// of the whole year as CSV and as NDJSON, to files in a temporary folder removed at the end, and an export of an
// empty day as the baseline of a booted CLI. Peak RSS comes from /usr/bin/time -v when it exists, else from sampling
// /proc/<pid>/status (VmHWM) every 20 ms. "Growth" is the full export's peak minus the empty export's peak.
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminQuery, runShopMeasured, useTime } from './lib/cli-run.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const orders = Number(process.env.BENCH_ORDERS ?? 100_000);
const products = Number(process.env.BENCH_EXPORT_PRODUCTS ?? 10_000);
const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = `shop_export_bench_${process.pid}`;

if (!existsSync(path.join(root, 'dist/bundle/cli.js'))) {
  console.error('Build first: make build');
  process.exit(1);
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-export-bench-'));
const url = new URL(adminUrl);
url.pathname = `/${database}`;
const env = { DATA_DIR: dataDir, DATABASE_URL: url.toString(), LOG_LEVEL: 'warn' };
await adminQuery(adminUrl, `create database ${database}`);
const figures = [];
try {
  await runShopMeasured(root, ['db:migrate'], env);
  const catalogue = await runShopMeasured(root, ['catalogue:generate', '--products', String(products)], env);
  console.log(catalogue.stdout.trim());
  const generate = await runShopMeasured(root, ['orders:generate', '--orders', String(orders)], env);
  console.log(generate.stdout.trim());
  console.log(`orders:generate --orders ${orders}: ${generate.seconds.toFixed(1)} s wall, peak RSS ${generate.peakMb.toFixed(0)} MB`);

  const to = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const from = new Date(Date.now() - 370 * 86_400_000).toISOString().slice(0, 10);
  const empty = await runShopMeasured(root, ['orders:export', '--from', '2000-01-01', '--to', '2000-01-01', '--out', path.join(dataDir, 'empty.csv')], env);
  figures.push({ run: 'empty day (baseline)', seconds: empty.seconds, peakMb: empty.peakMb, rows: 0, bytes: statSync(path.join(dataDir, 'empty.csv')).size });
  // Half the year and the whole year: constant memory means the same growth for both.
  const half = new Date(Date.now() - 182 * 86_400_000).toISOString().slice(0, 10);
  for (const [format, first] of [['csv', half], ['csv', from], ['json', from]]) {
    const file = path.join(dataDir, `orders.${format}`);
    const run = await runShopMeasured(root, ['orders:export', '--from', first, '--to', to, '--format', format, '--out', file], env);
    const rows = Number(/in ([\d,]+) row\(s\)/.exec(run.stdout)?.[1]?.replaceAll(',', '') ?? 0);
    figures.push({ run: `${format} ${run.stdout.trim().split(' in ')[0].replace('Exported ', '')}`, seconds: run.seconds, peakMb: run.peakMb, rows, bytes: statSync(file).size });
    await rm(file);
  }
} finally {
  if (process.env.BENCH_KEEP !== '1') await adminQuery(adminUrl, `drop database if exists ${database} with (force)`);
  else console.log(`Kept the database ${database}.`);
  await rm(dataDir, { recursive: true, force: true });
}

const baseline = figures[0].peakMb;
console.log(`\nPeak RSS measured by ${useTime ? '/usr/bin/time -v' : 'sampling /proc/<pid>/status VmHWM'}; wall time includes booting the CLI (~1 s).`);
console.log('| export | rows | file | wall time | peak RSS | growth over the empty export |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const figure of figures) {
  console.log(`| ${figure.run} | ${figure.rows.toLocaleString('en-GB')} | ${(figure.bytes / 1048576).toFixed(1)} MB | ${figure.seconds.toFixed(1)} s | ${figure.peakMb.toFixed(0)} MB | ${(figure.peakMb - baseline).toFixed(0)} MB |`);
}
const worst = figures.slice(1).reduce((max, figure) => ({ seconds: Math.max(max.seconds, figure.seconds), growth: Math.max(max.growth, figure.peakMb - baseline) }), { seconds: 0, growth: 0 });
const ok = worst.seconds < 60 && worst.growth < 100;
console.log(`\n${ok ? 'Within' : 'OUTSIDE'} the budget (under 60 s, growth under 100 MB): slowest ${worst.seconds.toFixed(1)} s, largest growth ${worst.growth.toFixed(0)} MB.`);
process.exitCode = ok ? 0 : 1;
