// Does a change to the storefront's client code move Total Blocking Time? Two or more builds of dist/web (each as
// `vike build` leaves it, copied aside), measured by the Web Vitals stage's own views (lib/web-vitals.mjs: Slow 4G,
// 4× CPU, cold cache) on one demo-shop database, interleaved: each round serves every variant in turn (the order
// rotates from round to round), so a slower moment on the machine touches them all, not the one that ran then.
// Before/after figures from two separate `web-vitals.mjs` runs differed by more than the change itself (ADR 0097).
//   node scripts/bench/vitals-ab.mjs [--rounds 5] [--pages home,learner] [--reuse] [--runtime-domain] <name>=<dir of a dist/web> ...
// --runtime-domain measures with each page's Runtime domain on, as Playwright does (ADR 0097).
// --reuse keeps `<BENCH_DATABASE>_vitals` if it is there (web-vitals.mjs makes it); otherwise it is made afresh.
// Each variant's directory is moved into dist/web while its shop runs and back after; the build's own dist/web is
// put back at the end, also on Ctrl+C.
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import { databaseUrl, withClient } from './lib/database.mjs';
import { acquireLock } from './lib/lock.mjs';
import { cleanUpOnSignal, startShop } from './lib/processes.mjs';
import { OUT_DIR, ROOT, settings } from './lib/settings.mjs';
import { median } from './lib/web-vitals-metrics.mjs';
import { measureWebVitals, preparePages, prepareVitalsDatabase } from './lib/web-vitals.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const rounds = Number(option('--rounds', '5'));
const pageNames = option('--pages', null)?.split(',') ?? null;
const variants = args.filter((arg) => /^[^-][^=]*=/.test(arg)).map((arg) => {
  const [name, dir] = [arg.slice(0, arg.indexOf('=')), path.resolve(arg.slice(arg.indexOf('=') + 1))];
  return { name, dir };
});

const WEB_DIR = path.join(ROOT, 'dist/web');
const SET_ASIDE = path.join(ROOT, 'dist/web.vitals-ab');

async function vitalsDatabase() {
  const database = `${settings.database}_vitals`;
  const dataDir = path.join(ROOT, 'var/bench/vitals-data');
  if (args.includes('--reuse') && existsSync(dataDir)) {
    const exists = await withClient(settings.adminUrl, async (db) => (await db.query('select 1 from pg_database where datname = $1', [database])).rowCount === 1);
    if (exists) return { url: databaseUrl({ ...settings, database }), dataDir };
  }
  return prepareVitalsDatabase(ROOT, settings);
}

/** One variant served from dist/web for one round: each page viewed once, cold. */
async function measureVariant(variant, url, dataDir, logDir) {
  renameSync(variant.dir, WEB_DIR);
  const shop = startShop({ root: ROOT, settings, databaseUrl: url, dataDir, logDir, name: `shop-vitals-ab-${variant.name}` });
  try {
    await shop.ready();
    const shopUrl = `http://127.0.0.1:${settings.shopPort}`;
    const pages = (await preparePages(shopUrl, url)).filter((page) => !pageNames || pageNames.includes(page.name));
    return await measureWebVitals({ shopUrl, pages, runs: 1, baseline: false, runtimeDomain: args.includes('--runtime-domain'), log: (text) => console.log(`  ${variant.name.padEnd(8)}${text}`) });
  } finally {
    await shop.stop();
    renameSync(WEB_DIR, variant.dir);
  }
}

async function main() {
  if (variants.length < 2) throw new Error('Give two or more variants: <name>=<dir of a built dist/web> ...');
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds takes a whole number of at least 1.');
  for (const variant of variants) {
    if (!existsSync(path.join(variant.dir, 'server/entry.mjs'))) throw new Error(`${variant.dir} is not a built dist/web (no server/entry.mjs).`);
  }
  if (!existsSync(path.join(ROOT, 'dist/src/main.js'))) throw new Error('No build: run `NODE_ENV=production make build` first.');
  const releaseLock = acquireLock(settings.lockFile);
  let restored = false;
  const restore = () => {
    if (restored) return;
    restored = true;
    if (existsSync(SET_ASIDE)) renameSync(SET_ASIDE, WEB_DIR);
    releaseLock();
  };
  cleanUpOnSignal(restore);
  const logDir = path.join(OUT_DIR, 'vitals-ab');
  mkdirSync(logDir, { recursive: true });
  const tbt = Object.fromEntries(variants.map((variant) => [variant.name, {}]));
  try {
    const { url, dataDir } = await vitalsDatabase();
    if (existsSync(WEB_DIR)) renameSync(WEB_DIR, SET_ASIDE);
    for (let round = 0; round < rounds; round++) {
      const order = variants.map((_, i) => variants[(i + round) % variants.length]);
      for (const variant of order) {
        const report = await measureVariant(variant, url, dataDir, logDir);
        console.log(`  round ${round + 1} ${variant.name}: benchmark index ${report.load.benchmarkIndices.join('/')}`);
        for (const result of report.results) (tbt[variant.name][result.page] ??= []).push(result.tbtMs);
      }
    }
  } finally {
    restore();
  }
  const pages = Object.keys(tbt[variants[0].name]);
  const cell = (variant, page) => {
    const values = tbt[variant.name][page];
    return `${median(values).toFixed(0)} (${values.map((v) => v.toFixed(0)).join(' ')})`;
  };
  const width = Math.max(...variants.flatMap((variant) => pages.map((page) => cell(variant, page).length)), ...pages.map((page) => page.length)) + 3;
  console.log(`\nTBT at 4× CPU, median of ${rounds} interleaved cold views (ms; each view in brackets)`);
  console.log(`  ${'variant'.padEnd(10)}${pages.map((page) => page.padStart(width)).join('')}`);
  for (const variant of variants) console.log(`  ${variant.name.padEnd(10)}${pages.map((page) => cell(variant, page).padStart(width)).join('')}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
