// A/B of the shop's garbage collection under some targets (ADR 0090), on the database a bench left behind: each variant
// is a fresh shop (bin/shop serve, production, with lib/gc-log-preload.mjs), and each target gets a 5 s warm-up and then
// a timed run at one concurrency; the line printed counts the full and young collections meanwhile, with their time.
// usage: node scripts/bench/gc-ab.mjs <variants.json> <order, e.g. A,B,A,B> [targets=api-products] [connections=50] [seconds=10]
//   variants.json as for rss-ab.mjs: { "A": {}, "B": { "args": ["--allocation-site-pretenuring"] } }
// One JSON line per run goes to GC_AB_OUT (default var/bench/gc-ab.jsonl).
import { readFileSync, appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const lib = (name) => import(path.join(ROOT, 'scripts/bench/lib', name));
const { databaseUrl, loadParameters } = await lib('database.mjs');
const { processMemory, startSampling } = await lib('proc.mjs');
const { fire } = await lib('load.mjs');
const { startVariantShop } = await lib('processes.mjs');
const { targetsFor } = await lib('targets.mjs');
const { settings } = await lib('settings.mjs');

const [variantsFile, orderText, targetNames = 'api-products', connectionsText = '50', secondsText = '10'] = process.argv.slice(2);
const variants = JSON.parse(readFileSync(variantsFile, 'utf8'));
const url = databaseUrl(settings);
const parameters = await loadParameters(url);
const logDir = path.join(ROOT, 'var/bench/gc-ab');
mkdirSync(logDir, { recursive: true });
const out = process.env.GC_AB_OUT ?? path.join(ROOT, 'var/bench/gc-ab.jsonl');
for (const [index, name] of orderText.split(',').entries()) {
  const variant = variants[name];
  const { shop, diag } = startVariantShop({ root: ROOT, variant, name, index, settings, databaseUrl: url, logDir });
  try {
    await shop.ready();
    const targets = targetsFor(parameters, `http://127.0.0.1:${settings.shopPort}`, 'http://127.0.0.1:1');
    for (const targetName of targetNames.split(',')) {
      const target = targets.find((t) => t.name === targetName);
      if (!target) throw new Error(`no target ${targetName}: gc-ab runs the catalogue's targets (lib/targets.mjs)`);
      await fire({ url: target.url, paths: target.paths, connections: Number(connectionsText), duration: 5, request: target.request });
      const from = Date.now();
      const stop = startSampling({ serverPid: shop.pid, ourPids: [shop.pid], database: settings.database });
      const result = await fire({ url: target.url, paths: target.paths, connections: Number(connectionsText), duration: Number(secondsText), request: target.request });
      const usage = stop();
      const to = Date.now();
      await new Promise((r) => setTimeout(r, 1100));
      const events = readFileSync(diag, 'utf8').trim().split('\n').map((line) => JSON.parse(line));
      const mems = events.filter((e) => e.event === 'mem');
      const before = mems.filter((e) => e.t <= from).at(-1); const after = mems.find((e) => e.t >= to) ?? mems.at(-1);
      const gcs = events.filter((e) => e.event === 'gc' && e.at >= from && e.at <= to);
      const row = {
        name, index, target: targetName, rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx,
        srv: +usage.serverCores.toFixed(2), foreign: +usage.foreignCores.toFixed(2), hwm: Math.round(processMemory(shop.pid).peakRssMb),
        majors: after.counts.major - before.counts.major, majorMs: after.gcMs.major - before.gcMs.major, minors: after.counts.minor - before.counts.minor, minorMs: after.gcMs.minor - before.gcMs.minor,
        majorsOver8: gcs.filter((e) => e.kind === 'major').length, spaces: after.spaces,
      };
      appendFileSync(out, `${JSON.stringify(row)}\n`);
      console.log(`${name}#${index} ${targetName} ${row.rps} req/s p50 ${row.p50} p99 ${row.p99} | majors ${row.majors} (${row.majorMs} ms) minors ${row.minors} (${row.minorMs} ms) | srv ${row.srv} foreign ${row.foreign} | hwm ${row.hwm} old ${after.spaces.old} new ${after.spaces.new} lo ${after.spaces.large_object}`);
    }
  } finally {
    await shop.stop();
  }
}
