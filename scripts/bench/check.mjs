// `make bench-check`: the budgets of issues 6 and 30 against the last bench (var/bench/last.json) and, for
// search at 100k products, the last large bench (var/bench/last-large.json), issue 30's fresh-render ratio from the
// last scripts/bench/vike-overhead.mjs (var/bench/vike-overhead.json), and a shop with history from its own benches
// (var/bench/last-orders-1000000.json and -10000.json, scripts/bench/orders-history.mjs), and Core Web Vitals from the
// last web-vitals stage (var/bench/web-vitals.json, scripts/bench/web-vitals.mjs or `make bench`). Exit 1 when any falls
// short, 2 when there is no bench to check.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { evaluateBudgets, evaluateFreshRenderBudgets, evaluateOrdersBudgets, evaluateWebVitalsBudgets, printBudgets } from './lib/budgets.mjs';
import { printTable } from './lib/report.mjs';
import { OUT_DIR } from './lib/settings.mjs';

const read = (name) => {
  const file = path.join(OUT_DIR, name);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
};

const bench = read('last.json');
if (!bench) {
  console.error('No bench to check: run `make bench` first (it writes var/bench/last.json).');
  process.exit(2);
}
const large = read('last-large.json');
console.log(`Last bench: ${bench.startedAt}, ${bench.settings.products} products, ${bench.settings.quick ? 'QUICK (not figures to trust)' : `${bench.settings.repetitions} repetitions`}, commit ${bench.git.commit ?? 'unknown'}${bench.git.dirty ? ' (with uncommitted changes)' : ''}`);
if (large && large !== bench) console.log(`Last 100k bench: ${large.startedAt}${large.searchDbSource ? `; its search from ${large.searchDbSource.script} at ${large.searchDbSource.at}` : ''}`);
printTable(bench.summary);
// Issue 30's fresh-render ratio comes from its own script (scripts/bench/vike-overhead.mjs), when it was run.
const overhead = read('vike-overhead.json');
const short = printBudgets([...evaluateBudgets(bench, large), ...(overhead ? evaluateFreshRenderBudgets(overhead) : [])]);
// A shop with history (ADR 0054): its own benches, var/bench/last-orders-<N>.json.
const historyShort = printBudgets(evaluateOrdersBudgets(OUT_DIR), console.log, 'Budgets of a shop with history (issue 30)');
// Core Web Vitals (issue 30 item 5, ADR 0058): the last web-vitals stage, var/bench/web-vitals.json, when one ran.
const webVitals = read('web-vitals.json');
const vitalsShort = webVitals ? printBudgets(evaluateWebVitalsBudgets(webVitals), console.log, 'Budgets of Core Web Vitals (issue 30)') : 0;
process.exit(short + historyShort + vitalsShort > 0 ? 1 : 0);
