// The servers under test, each its own process: the shop exactly as `make start` runs it, and the
// baselines. Their output goes to var/bench/*.log so a failure can be read afterwards.
import { spawn } from 'node:child_process';
import { openSync, rmSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { BENCH_PAYMENT_SECRET } from './buying.mjs';

async function waitFor(url, child, logFile, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url} exited with ${child.exitCode} before it was ready; see ${logFile}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`${url} was not ready within ${timeoutMs / 1000} s; see ${logFile}`);
}

function start({ name, node, args, env, cwd, logDir, readyUrl, discardStdout = false }) {
  const logFile = path.join(logDir, `${name}.log`);
  const out = openSync(logFile, 'w');
  const stdout = discardStdout ? 'ignore' : out;
  const child = spawn(node, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', stdout, out] });
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)));
  return {
    name,
    pid: child.pid,
    logFile,
    ready: () => waitFor(readyUrl, child, logFile),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
}

/**
 * `bin/shop serve` (the server with the start command's node flags, as `make start` runs it), production, on the bench
 * database; `extraArgs` are more node flags, e.g. `--cpu-prof` (BENCH_NODE_ARGS).
 */
export function startShop({ root, settings, databaseUrl, dataDir, logDir, extraArgs = [], name = 'shop' }) {
  return start({
    name,
    node: path.join(root, 'bin/shop'),
    args: ['serve', ...extraArgs],
    cwd: root,
    env: {
      NODE_ENV: 'production',
      // The bench buys with the embedded test provider; production refuses to start without that choice. The
      // buying bench signs each order's payment webhook with this secret (lib/buying.mjs).
      PAYMENT_PROVIDER: 'test',
      PAYMENT_TEST_WEBHOOK_SECRET: BENCH_PAYMENT_SECRET,
      PORT: String(settings.shopPort),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: settings.logLevel,
      PUBLIC_URL: `http://localhost:${settings.shopPort}`,
      // The buying bench signs up 20 customers and hundreds of guests, each from its own X-Forwarded-For address,
      // so the per-address sign-up limit does not stop it; nothing else reads the header.
      TRUST_PROXY: '127.0.0.1',
    },
    logDir,
    readyUrl: `http://127.0.0.1:${settings.shopPort}/api/ready`,
    // pino's request log (one line per request, gigabytes over a bench) goes nowhere; errors still reach stderr.
    discardStdout: true,
  });
}

/**
 * One variant's shop for the A/B scripts (gc-ab.mjs, learners-ab.mjs): `bin/shop serve` from the variant's root (default
 * this checkout) with lib/gc-log-preload.mjs writing to `var/bench/<dir>/gc-<name>-<index>.jsonl` (returned as `diag`),
 * the variant's node flags after it and its environment set for the start only.
 */
export function startVariantShop({ root, variant, name, index, settings, databaseUrl, logDir }) {
  const diag = path.join(logDir, `gc-${name}-${index}.jsonl`);
  rmSync(diag, { force: true });
  const saved = { ...process.env };
  Object.assign(process.env, variant.env ?? {}, { DIAG_OUT: diag });
  try {
    const shop = startShop({ root: variant.root ?? root, settings, databaseUrl, dataDir: path.join(root, 'var/bench/data'), logDir, extraArgs: ['--import', path.join(root, 'scripts/bench/lib/gc-log-preload.mjs'), ...(variant.args ?? [])], name: `shop-${name}-${index}` });
    return { shop, diag };
  } finally {
    process.env = saved;
  }
}

export function startBaselines({ root, node, settings, databaseUrl, fixturesFile, logDir }) {
  return start({
    name: 'baselines',
    node,
    args: [path.join(root, 'scripts/bench/baseline-server.mjs')],
    cwd: root,
    env: {
      NODE_ENV: 'production',
      BASELINE_PORT: String(settings.baselinePort),
      DATABASE_URL: databaseUrl,
      BASELINE_FIXTURES: fixturesFile,
    },
    logDir,
    readyUrl: `http://127.0.0.1:${settings.baselinePort}/json`,
  });
}

/**
 * Ctrl+C (or SIGTERM) stops the servers this bench started and releases its lock before exiting: without
 * it they would keep their ports and the next bench would find the lock held.
 */
export function cleanUpOnSignal(cleanUp) {
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping the servers of this bench.`);
      Promise.resolve(cleanUp()).finally(() => process.exit(130));
    });
  }
}
