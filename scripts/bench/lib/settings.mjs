// Everything the benchmark can be told, from the environment (the Makefile passes it through).
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const NODE = path.join(ROOT, 'node_modules/.bin/node');
export const OUT_DIR = path.join(ROOT, 'var/bench');

const quick = process.env.BENCH_QUICK === '1';

export const settings = {
  quick,
  products: Number(process.env.BENCH_PRODUCTS ?? 10_000),
  categories: 200,
  seed: 1,
  /** A server where we may create and drop a database (trust auth on 127.0.0.1, as the tests use). */
  adminUrl: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  database: process.env.BENCH_DATABASE ?? 'shop_bench',
  shopPort: Number(process.env.BENCH_SHOP_PORT ?? 3901),
  baselinePort: Number(process.env.BENCH_BASELINE_PORT ?? 3902),
  /** Extra arguments for the shop's `node` (e.g. `--max-semi-space-size=16`), to try V8 settings; none by default. */
  shopNodeArgs: (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean),
  /** pino's level for the shop under load; production's default (`info`) logs every request, so we keep it. */
  logLevel: process.env.BENCH_LOG_LEVEL ?? 'info',
  warmupSeconds: quick ? 1 : 5,
  durationSeconds: quick ? 2 : 10,
  repetitions: Number(process.env.BENCH_REPETITIONS ?? (quick ? 1 : 3)),
  connections: [10, 50],
  /** A run is repeated when processes other than ours used more than this share of one core meanwhile. */
  foreignCpuLimit: 0.1,
  maxAttempts: quick ? 1 : 3,
  /** A shop with history (ADR 0054): this many synthetic orders over 5 years, measured after the catalogue bench; off by default. */
  orders: process.env.BENCH_ORDERS ? Number(process.env.BENCH_ORDERS) : null,
  /** Core Web Vitals (ADR 0058): cold views of each page, the median taken; 0 leaves the stage out of `make bench`. */
  webVitalsRuns: Number(process.env.BENCH_WEB_VITALS_RUNS ?? (quick ? 1 : 3)),
  /** Only these targets (comma-separated names), for developing the harness. */
  only: process.env.BENCH_ONLY ? process.env.BENCH_ONLY.split(',').map((name) => name.trim()) : null,
  /** Machine-wide, so benches from two checkouts never overlap either. */
  /** (BENCH_LOCK_FILE: another lock, to develop a harness beside a running bench — its figures then mean nothing.) */
  lockFile: process.env.BENCH_LOCK_FILE ?? path.join(os.tmpdir(), 'shop-bench.lock'),
};
