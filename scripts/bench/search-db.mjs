// Search in the database alone, without a whole bench: the same measurement `make bench` makes (lib/search-db.mjs)
// on an existing database, so a change to the search SQL can be tried in a minute. Takes no bench lock and
// starts no server; the database must already hold a catalogue (a bench made it, or `shop catalogue:generate`).
// It runs the shop's compiled statements (lib/shop-sql.mjs): after changing them, `make build` first.
//   BENCH_DATABASE=shop_search_100k node scripts/bench/search-db.mjs [--runs 50] [--plans] [term ...]
import { databaseUrl, SEARCH_TERMS, withClient } from './lib/database.mjs';
import { printSearch } from './lib/report.mjs';
import { measureSearch } from './lib/search-db.mjs';
import { settings } from './lib/settings.mjs';

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args.splice(at, 2)[1];
};
const runs = Number(option('--runs') ?? 50);
const plans = args.includes('--plans');
const terms = args.filter((arg) => !arg.startsWith('--'));

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
