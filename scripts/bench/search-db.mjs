// Search in the database alone, without a whole bench: the same measurement `make bench` makes (lib/search-db.mjs)
// on an existing database, so a change to the search SQL can be tried in a minute. Takes no bench lock and
// starts no server; the database must already hold a catalogue (a bench made it, or `shop catalogue:generate`).
// It runs the shop's compiled statements (lib/shop-sql.mjs): after changing them, `make build` first.
//   BENCH_DATABASE=shop_search_100k node scripts/bench/search-db.mjs [--runs 50] [--plans] [--record] [term ...]
// --record (every term, at ≥ 100k products) puts the figures in var/bench/last-large.json, where `make bench-check`
// reads search at 100k from: into the last large bench when there is one, else a file of this measurement alone.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BUDGETS } from './lib/budgets.mjs';
import { databaseUrl, SEARCH_TERMS, withClient } from './lib/database.mjs';
import { printSearch } from './lib/report.mjs';
import { measureSearch } from './lib/search-db.mjs';
import { OUT_DIR, ROOT, settings } from './lib/settings.mjs';

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args.splice(at, 2)[1];
};
const runs = Number(option('--runs') ?? 50);
const plans = args.includes('--plans');
const record = args.includes('--record');
const terms = args.filter((arg) => !arg.startsWith('--'));
if (record && terms.length > 0) throw new Error('--record measures every term: give no terms with it.');

const url = databaseUrl(settings);
const products = await withClient(url, async (client) => (await client.query('select count(*)::int as n from products')).rows[0].n);
const results = await measureSearch(url, terms.length > 0 ? terms : SEARCH_TERMS, { runs });
printSearch(results, products);
if (plans) {
  for (const term of results) {
    console.log(`\n"${term.term}": summary ${term.plan.summary.executionMs.toFixed(2)} ms\n${term.plan.summary.text}`);
    console.log(`ranked page (${term.plan.walked ? 'not needed: the walk filled the page' : 'needed'}) ${term.plan.ranked.executionMs.toFixed(2)} ms\n${term.plan.ranked.text}`);
    if (term.plan.suggest) console.log(`correction ${term.plan.suggest.executionMs.toFixed(2)} ms\n${term.plan.suggest.text}`);
  }
}
const worst = results.reduce((a, b) => (b.requestMs.p95 > a.requestMs.p95 ? b : a));
console.log(`\nWorst request p95: ${worst.requestMs.p95.toFixed(2)} ms ("${worst.term}"); plan guard: ${results.every((term) => term.plan.guard === 'ok') ? 'ok' : 'FAILS'}`);
if (record) {
  if (products < BUDGETS.searchProducts) throw new Error(`--record is for ${BUDGETS.searchProducts} products or more (this database has ${products}).`);
  const file = path.join(OUT_DIR, 'last-large.json');
  const commit = (() => {
    try {
      return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      return null;
    }
  })();
  const at = new Date().toISOString();
  // A large bench keeps its other figures; only its search is replaced (budgets.mjs reads nothing else from it).
  const large = existsSync(file)
    ? JSON.parse(readFileSync(file, 'utf8'))
    : { startedAt: at, settings: { products, quick: false, repetitions: 0 }, git: { commit, dirty: null } };
  large.searchDb = results;
  large.searchDbSource = { script: 'scripts/bench/search-db.mjs', at, database: settings.database, products, runs, commit };
  mkdirSync(OUT_DIR, { recursive: true });
  writeFileSync(file, `${JSON.stringify(large, null, 2)}\n`);
  console.log(`Recorded in ${path.relative(ROOT, file)} (make bench-check reads search at ${BUDGETS.searchProducts / 1000}k from it).`);
}
