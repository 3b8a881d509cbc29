// Does a long-lived shop get slower? Two shops on the bench database: one "aged" by a few seconds of every catalogue
// target of the bench (every route, so the shared request pipeline sees every shape), one fresh; then the probe
// targets are measured on each in turn, alternating, so a slow minute on the machine touches both alike.
// usage: node scripts/bench/age-ab.mjs [probes=api-health,home] [rounds=2] [ageSeconds=5] [ageRounds=1]
//   (BENCH_NODE_ARGS as for the bench: V8 flags for both shops)
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { databaseUrl, loadParameters } from './lib/database.mjs';
import { startSampling } from './lib/proc.mjs';
import { fire } from './lib/load.mjs';
import { startShop } from './lib/processes.mjs';
import { targetsFor } from './lib/targets.mjs';
import { ROOT, settings } from './lib/settings.mjs';

const [probesText = 'api-health,home', roundsText = '2', ageText = '5', ageRoundsText = '1'] = process.argv.slice(2);
const url = databaseUrl(settings);
const parameters = await loadParameters(url);
const logDir = path.join(ROOT, 'var/bench/age-ab');
mkdirSync(logDir, { recursive: true });
const started = (name, port) => ({ name, port, shop: startShop({ root: ROOT, settings: { ...settings, shopPort: port }, databaseUrl: url, dataDir: path.join(ROOT, 'var/bench/data'), logDir, extraArgs: settings.shopNodeArgs, name }) });
const targetsOf = (port) => targetsFor(parameters, `http://127.0.0.1:${port}`, 'http://127.0.0.1:1').filter((t) => t.server === 'shop');

async function probe({ name, port, shop }, targetName) {
  const target = targetsOf(port).find((t) => t.name === targetName);
  if (!target) throw new Error(`no shop target ${targetName} (lib/targets.mjs)`);
  await fire({ url: target.url, paths: target.paths, connections: 50, duration: 3, request: target.request });
  const stop = startSampling({ serverPid: shop.pid, ourPids: [shop.pid], database: settings.database });
  const result = await fire({ url: target.url, paths: target.paths, connections: 50, duration: 10, request: target.request });
  const usage = stop();
  const perCpu = result.requests.total / (usage.serverCpuSeconds || 1);
  console.log(`${name.padEnd(6)} ${targetName.padEnd(16)} ${result.requests.average.toFixed(0).padStart(6)} req/s  p99 ${String(result.latency.p99).padStart(4)} ms  srv ${usage.serverCores.toFixed(2)}  ${perCpu.toFixed(0)} req/cpu-s  foreign ${usage.foreignCores.toFixed(2)}`);
}

const aged = started('aged', 3901);
await aged.shop.ready();
try {
  for (const t of probesText.split(',')) await probe(aged, t);
  for (let round = 0; round < Number(ageRoundsText); round++) {
    for (const target of targetsOf(aged.port)) await fire({ url: target.url, paths: target.paths, connections: 50, duration: Number(ageText), request: target.request });
  }
  console.log('-- aged: every catalogue target once; a fresh shop beside it --');
  const fresh = started('fresh', 3903);
  await fresh.shop.ready();
  try {
    for (let round = 0; round < Number(roundsText); round++) {
      for (const t of probesText.split(',')) {
        for (const shop of round % 2 ? [fresh, aged] : [aged, fresh]) await probe(shop, t);
      }
    }
  } finally {
    await fresh.shop.stop();
  }
} finally {
  await aged.shop.stop();
}
