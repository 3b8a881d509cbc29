// Core Web Vitals alone (issue 30 item 5, ADR 0058): the production build serving the demo shop on its own database
// (`<BENCH_DATABASE>_vitals`), each page measured in Chromium under Slow 4G and a 4× CPU slowdown; `make bench` runs
// the same stage after its load. Expects a production build (`make bench-web-vitals` makes one).
//   node scripts/bench/web-vitals.mjs [--runs 5] [--warm] [--runtime-domain]
// --runs: cold views of each page, the median taken (BENCH_WEB_VITALS_RUNS, 3 by default); --warm adds a repeat view;
// --runtime-domain enables each page's Runtime domain as Playwright does, for comparison (ADR 0097: it costs TBT that
// a visitor's browser does not pay, so its figures are not the ones the budgets hold).
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { evaluateWebVitalsBudgets, printBudgets } from './lib/budgets.mjs';
import { acquireLock } from './lib/lock.mjs';
import { cleanUpOnSignal } from './lib/processes.mjs';
import { OUT_DIR, ROOT, settings } from './lib/settings.mjs';
import { runWebVitals } from './lib/web-vitals.mjs';

const args = process.argv.slice(2);
const runs = Number(args.includes('--runs') ? args[args.indexOf('--runs') + 1] : settings.webVitalsRuns);

async function main() {
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number of at least 1.');
  if (!existsSync(path.join(ROOT, 'dist/src/main.js')) || !existsSync(path.join(ROOT, 'dist/web/server/entry.mjs'))) {
    throw new Error('No build: run `make bench-web-vitals` (it builds for production first).');
  }
  const releaseLock = acquireLock(settings.lockFile);
  let shop = null;
  cleanUpOnSignal(async () => {
    await shop?.stop();
    releaseLock();
  });
  mkdirSync(OUT_DIR, { recursive: true });
  try {
    const report = await runWebVitals({
      root: ROOT, settings, outDir: OUT_DIR, runs, warm: args.includes('--warm'), runtimeDomain: args.includes('--runtime-domain'), log: console.log, onShop: (started) => { shop = started; },
    });
    const short = printBudgets(evaluateWebVitalsBudgets(report), console.log, 'Budgets of Core Web Vitals (issue 30)');
    process.exitCode = short > 0 ? 1 : 0;
  } finally {
    releaseLock();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
