// Time and memory of `shop users:import` (issue 15: 100,000 rows in under 2 minutes on PostgreSQL, in constant
// memory, streamed and in batches).
//
//   make build && node scripts/bench/users-import-memory.mjs
//   BENCH_ROWS=100000 BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres node scripts/bench/users-import-memory.mjs
//
// On a throwaway PostgreSQL database it writes Excel-style CSV files (BOM, CRLF, quoted cells) of a fifth of the
// rows and of all of them, then runs the built CLI: a one-row import as the baseline of a booted CLI, the small
// file, the big file (creates), the big file again (all skipped), and the big file with --update and one column
// changed (updates). Constant memory means the small and the big file grow RSS alike.
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminQuery, runShopMeasured, useTime } from './lib/cli-run.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const rows = Number(process.env.BENCH_ROWS ?? 100_000);
const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = `shop_import_bench_${process.pid}`;
const HEADER = 'email,first_name,last_name,company_name,job_title,phone,vat_number,marketing_consent,billing_line1,billing_town,billing_postcode';

/** Writes `count` customers as Excel writes CSV; `jobTitle` lets a second file change one column. */
async function writeCsv(file, count, jobTitle = 'Safety Officer') {
  const out = createWriteStream(file);
  const write = (text) => (out.write(text) ? Promise.resolve() : new Promise((resolve) => out.once('drain', resolve)));
  await write(`\uFEFF${HEADER}\r\n`);
  for (let i = 1; i <= count; i++) {
    const town = ['Leeds', 'York', 'Hull', 'Bradford'][i % 4];
    await write(`buyer${i}@company${i % 997}.co.uk,Sam${i},"Smith, ${i}","Company ${i % 997}, Ltd",${jobTitle},0113 496 ${String(i % 10_000).padStart(4, '0')},,${i % 2 ? 'Yes' : 'No'},"${i} High Street",${town},LS1 ${1 + (i % 9)}AB\r\n`);
  }
  await new Promise((resolve, reject) => out.end((error) => (error ? reject(error) : resolve())));
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-import-bench-'));
const url = new URL(adminUrl);
url.pathname = `/${database}`;
const env = { DATA_DIR: dataDir, DATABASE_URL: url.toString(), LOG_LEVEL: 'warn' };
await adminQuery(adminUrl, `create database ${database}`);
const figures = [];
try {
  await runShopMeasured(root, ['db:migrate'], env);
  const one = path.join(dataDir, 'one.csv');
  const small = path.join(dataDir, 'small.csv');
  const big = path.join(dataDir, 'big.csv');
  const changed = path.join(dataDir, 'changed.csv');
  await writeCsv(one, 1);
  await writeCsv(small, Math.floor(rows / 5));
  await writeCsv(big, rows);
  await writeCsv(changed, rows, 'Health and Safety Manager');
  // The small file's users are among the big file's: import the small file into its own run first, then the rest.
  for (const [run, file, args] of [
    ['one row (baseline)', one, []],
    [`${Math.floor(rows / 5).toLocaleString('en-GB')} rows, creating`, small, []],
    [`${rows.toLocaleString('en-GB')} rows, creating the rest`, big, []],
    [`${rows.toLocaleString('en-GB')} rows again, all skipped`, big, []],
    [`${rows.toLocaleString('en-GB')} rows, --update of one column`, changed, ['--update']],
  ]) {
    const result = await runShopMeasured(root, ['users:import', file, ...args], env);
    figures.push({ run, seconds: result.seconds, peakMb: result.peakMb, summary: result.stdout.trim().split('\n').at(-1) });
  }
} finally {
  await adminQuery(adminUrl, `drop database if exists ${database} with (force)`);
  await rm(dataDir, { recursive: true, force: true });
}

const baseline = figures[0].peakMb;
console.log(`Peak RSS measured by ${useTime ? '/usr/bin/time -v' : 'sampling /proc/<pid>/status VmHWM'}; wall time includes booting the CLI (~1 s).`);
console.log('| import | wall time | peak RSS | growth over one row | summary |');
console.log('|---|---:|---:|---:|---|');
for (const figure of figures) {
  console.log(`| ${figure.run} | ${figure.seconds.toFixed(1)} s | ${figure.peakMb.toFixed(0)} MB | ${(figure.peakMb - baseline).toFixed(0)} MB | ${figure.summary} |`);
}
const slowest = Math.max(...figures.slice(2).map((figure) => figure.seconds));
// Constant memory: five times the rows may not take much more memory than a fifth of them did.
const spread = Math.max(...figures.slice(2).map((figure) => figure.peakMb)) - figures[1].peakMb;
const ok = slowest < 120 && spread < 50;
console.log(`\n${ok ? 'Within' : 'OUTSIDE'} the budget (100,000 rows under 120 s; the full file's peak within 50 MB of the fifth's): slowest ${slowest.toFixed(1)} s, spread ${spread.toFixed(0)} MB.`);
process.exitCode = ok ? 0 : 1;
