// Does the load tool get slower in a long-lived process? One shop; the probe target measured alternately by this
// process's autocannon (which first loads every catalogue target, as the bench's own process has by then) and by a
// fresh child process's, with the client's own CPU (process.cpuUsage) for each.
// usage: node scripts/bench/client-ab.mjs [probe=api-health] [rounds=3]
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { databaseUrl, loadParameters } from './lib/database.mjs';
import { fire } from './lib/load.mjs';
import { startShop } from './lib/processes.mjs';
import { targetsFor } from './lib/targets.mjs';
import { ROOT, settings } from './lib/settings.mjs';

const [probe = 'api-health', roundsText = '3', child] = process.argv.slice(2);
const url = databaseUrl(settings);
const parameters = await loadParameters(url);
const shopUrl = `http://127.0.0.1:${settings.shopPort}`;
const targets = targetsFor(parameters, shopUrl, 'http://127.0.0.1:1').filter((t) => t.server === 'shop');
const target = targets.find((t) => t.name === probe);
if (!target) throw new Error(`no shop target ${probe} (lib/targets.mjs)`);

async function measureHere(label) {
  await fire({ url: target.url, paths: target.paths, connections: 50, duration: 2, request: target.request });
  const cpu = process.cpuUsage();
  const result = await fire({ url: target.url, paths: target.paths, connections: 50, duration: 10, request: target.request });
  const used = process.cpuUsage(cpu);
  console.log(`${label.padEnd(8)} ${probe} ${result.requests.average.toFixed(0).padStart(6)} req/s  p99 ${String(result.latency.p99).padStart(4)} ms  client ${((used.user + used.system) / 1e7).toFixed(2)} cores`);
}

if (child === '--child') {
  await measureHere('fresh');
  process.exit(0);
}
const logDir = path.join(ROOT, 'var/bench/client-ab');
mkdirSync(logDir, { recursive: true });
const shop = startShop({ root: ROOT, settings, databaseUrl: url, dataDir: path.join(ROOT, 'var/bench/data'), logDir, extraArgs: settings.shopNodeArgs });
await shop.ready();
try {
  await measureHere('aging');
  for (const each of targets) await fire({ url: each.url, paths: each.paths, connections: 50, duration: 5, request: each.request });
  for (let round = 0; round < Number(roundsText); round++) {
    await measureHere('in-proc');
    spawnSync(process.execPath, [fileURLToPath(import.meta.url), probe, '1', '--child'], { stdio: 'inherit', env: process.env });
  }
} finally {
  await shop.stop();
}
