// A shop with history alone (ADR 0054), without the catalogue bench: generates BENCH_ORDERS orders once (the
// database `${BENCH_DATABASE}_h${BENCH_ORDERS}` is kept and reused), loads the admin's and the customers' order
// reads at c10/c50, times `orders:export` of one month and guards every statement's plan.
//   make build && BENCH_ORDERS=1000000 node scripts/bench/orders-history.mjs
//   BENCH_ORDERS=10000 node scripts/bench/orders-history.mjs      (the small figure the 1.5× rule compares with)
import { existsSync } from 'node:fs';
import path from 'node:path';
import { evaluateOrdersBudgets, printBudgets } from './lib/budgets.mjs';
import { acquireLock } from './lib/lock.mjs';
import { runOrdersHistory } from './lib/orders-history.mjs';
import { cleanUpOnSignal } from './lib/processes.mjs';
import { OUT_DIR, ROOT, settings } from './lib/settings.mjs';

if (!settings.orders) {
  console.error('Say how many orders: BENCH_ORDERS=1000000 (or 10000 for the small figure).');
  process.exit(2);
}
if (!existsSync(path.join(ROOT, 'dist/src/main.js'))) {
  console.error('No build: run `make build` (NODE_ENV=production) first.');
  process.exit(2);
}
const releaseLock = acquireLock(settings.lockFile);
cleanUpOnSignal(() => releaseLock());
try {
  await runOrdersHistory({ root: ROOT, settings, orders: settings.orders, log: (line) => console.log(line) });
  const short = printBudgets(evaluateOrdersBudgets(OUT_DIR), console.log, 'Budgets of a shop with history (issue 30)');
  process.exitCode = short > 0 ? 1 : 0;
} finally {
  releaseLock();
}
