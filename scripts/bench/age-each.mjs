// Which target leaves the shop slower for every request after it? One shop on the bench database: `api-health` (the
// empty handler: the request pipeline alone) is measured, then each suspect target is loaded for a while and
// `api-health` measured again, with the shop's requests per CPU-second.
// usage: node scripts/bench/age-each.mjs [suspects=api-basket,api-basket-add,api-progress,api-records,records-page] [seconds=20] [probe=api-health]
//   (BENCH_NODE_ARGS as for the bench: V8 flags for the shop)
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { databaseUrl, loadParameters } from './lib/database.mjs';
import { startSampling } from './lib/proc.mjs';
import { fire } from './lib/load.mjs';
import { startShop } from './lib/processes.mjs';
import { targetsFor } from './lib/targets.mjs';
import { ROOT, settings } from './lib/settings.mjs';
import { basketTargets, prepareBuying } from './lib/buying.mjs';
import { learnerTargets, signInLearners } from './lib/learners.mjs';

const [suspectsText = 'api-basket,api-basket-add,api-progress,api-records,records-page', secondsText = '20', probeName = 'api-health'] = process.argv.slice(2);
const url = databaseUrl(settings);
const parameters = await loadParameters(url);
const logDir = path.join(ROOT, 'var/bench/age-each');
mkdirSync(logDir, { recursive: true });
const shopUrl = `http://127.0.0.1:${settings.shopPort}`;
const shop = startShop({ root: ROOT, settings, databaseUrl: url, dataDir: path.join(ROOT, 'var/bench/data'), logDir, extraArgs: settings.shopNodeArgs });
try {
  await shop.ready();
  const targets = targetsFor(parameters, shopUrl, 'http://127.0.0.1:1').filter((t) => t.server === 'shop');
  targets.push(...basketTargets(await prepareBuying(shopUrl, url), shopUrl));
  targets.push(...learnerTargets(await signInLearners(url), shopUrl, 'http://127.0.0.1:1').filter((t) => t.server === 'shop'));
  const probe = targets.find((t) => t.name === probeName);
  if (!probe) throw new Error(`no shop target ${probeName}`);
  const measureProbe = async (after) => {
    await fire({ url: probe.url, paths: probe.paths, connections: 50, duration: 3 });
    const stop = startSampling({ serverPid: shop.pid, ourPids: [shop.pid], database: settings.database });
    const result = await fire({ url: probe.url, paths: probe.paths, connections: 50, duration: 8 });
    const usage = stop();
    console.log(`after ${after.padEnd(18)} ${probeName} ${result.requests.average.toFixed(0).padStart(6)} req/s  ${(result.requests.total / usage.serverCpuSeconds).toFixed(0).padStart(6)} req/cpu-s  p99 ${result.latency.p99} ms`);
  };
  await measureProbe('start');
  await measureProbe('start');
  for (const name of suspectsText.split(',')) {
    const target = targets.find((t) => t.name === name);
    if (!target) throw new Error(`no target ${name}`);
    await fire({ url: target.url, paths: target.paths, connections: 50, duration: Number(secondsText), request: target.request });
    await measureProbe(name);
  }
} finally {
  await shop.stop();
}
