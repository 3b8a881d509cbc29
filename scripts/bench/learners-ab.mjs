// A/B of the learners' phase (issue 30 item 2) under shop flags, on the database a bench left behind (run
// `BENCH_ONLY=learners make bench` first): each variant is a fresh shop (bin/shop serve, production, with
// lib/gc-log-preload.mjs); it is first aged as a whole bench ages it (each catalogue target in AGE_TARGETS for
// AGE_SECONDS at c50, which fills the caches and grows the old generation), then the learners report at ~333/s for
// `seconds` with the records buyer's reads beside them, exactly as in the bench. One run's tail moves more between
// runs than the effects sought (ADR 0082, ADR 0013 session 55), so give an order like A,B,B,A,A,B.
// usage: node scripts/bench/learners-ab.mjs <variants.json> <order> [seconds=60]
//   variants.json as for gc-ab.mjs: { "A": {}, "P1": { "args": ["--v8-pool-size=1"] } }
//   AGE_TARGETS (default the six miss targets; "" for none), AGE_SECONDS (default 10), SNAPSHOT_AFTER_AGE (below)
// One JSON line per run goes to LEARNERS_AB_OUT (default var/bench/learners-ab.jsonl).
import { readFileSync, appendFileSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const lib = (name) => import(path.join(ROOT, 'scripts/bench/lib', name));
const { databaseUrl, loadParameters } = await lib('database.mjs');
const { processMemory } = await lib('proc.mjs');
const { fire, settle } = await lib('load.mjs');
const { startVariantShop } = await lib('processes.mjs');
const { targetsFor } = await lib('targets.mjs');
const { settings } = await lib('settings.mjs');
const { measureLearnersAtScale, signInLearners } = await lib('learners.mjs');

const [variantsFile, orderText, secondsText = '60'] = process.argv.slice(2);
if (!variantsFile || !orderText) {
  console.error('usage: node scripts/bench/learners-ab.mjs <variants.json> <order, e.g. A,B,B,A> [seconds=60]');
  process.exit(2);
}
const variants = JSON.parse(readFileSync(variantsFile, 'utf8'));
const ageTargets = (process.env.AGE_TARGETS ?? 'api-products-miss,api-search-miss,api-product-miss,category-miss,search-page-miss,product-miss')
  .split(',').filter(Boolean);
const ageSeconds = Number(process.env.AGE_SECONDS ?? 10);
const url = databaseUrl(settings);
const parameters = await loadParameters(url);
const logDir = path.join(ROOT, 'var/bench/learners-ab');
mkdirSync(logDir, { recursive: true });
const out = process.env.LEARNERS_AB_OUT ?? path.join(ROOT, 'var/bench/learners-ab.jsonl');
const shopUrl = `http://127.0.0.1:${settings.shopPort}`;
/**
 * SNAPSHOT_AFTER_AGE=1: the aged shop's heap, written by node (`--heapsnapshot-signal`, added to every variant's flags)
 * into var/bench/heap/Heap.*.heapsnapshot; scripts/bench/heap-summary.mjs reads it. Node writes it on the shop's own
 * thread, so once the file exists, the next answer from the shop means it is complete.
 */
const snapshotDir = path.join(ROOT, 'var/bench/heap');
const snapshotArgs = process.env.SNAPSHOT_AFTER_AGE === '1' ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${snapshotDir}`] : [];
mkdirSync(snapshotDir, { recursive: true });
async function snapshotOf(pid) {
  const before = new Set(readdirSync(snapshotDir));
  process.kill(pid, 'SIGUSR2');
  let file;
  while (!(file = readdirSync(snapshotDir).find((f) => f.endsWith('.heapsnapshot') && !before.has(f)))) await new Promise((r) => setTimeout(r, 100));
  await fetch(`${shopUrl}/api/ready`);
  console.log(`heap snapshot var/bench/heap/${file} (${(statSync(path.join(snapshotDir, file)).size / 1e6).toFixed(0)} MB)`);
}
const gcEvents = (file) => readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line));

for (const [index, name] of orderText.split(',').entries()) {
  const variant = variants[name];
  if (!variant) throw new Error(`no variant ${name} in ${variantsFile}`);
  const { shop, diag } = startVariantShop({ root: ROOT, variant: { ...variant, args: [...snapshotArgs, ...(variant.args ?? [])] }, name, index, settings, databaseUrl: url, logDir });
  try {
    await shop.ready();
    const targets = targetsFor(parameters, shopUrl, 'http://127.0.0.1:1');
    for (const targetName of ageTargets) {
      const target = targets.find((t) => t.name === targetName);
      if (!target) throw new Error(`no target ${targetName} (lib/targets.mjs)`);
      await fire({ url: target.url, paths: target.paths, connections: 50, duration: ageSeconds, request: target.request });
    }
    if (snapshotArgs.length > 0) await snapshotOf(shop.pid);
    // Fresh sessions each run: the tokens of the bench that made the database were not kept.
    const learners = await signInLearners(url);
    await settle({ server: shop, ourPids: [shop.pid], database: settings.database });
    const from = Date.now();
    const result = await measureLearnersAtScale(shopUrl, url, learners, { seconds: Number(secondsText), warmUpSeconds: settings.warmupSeconds });
    const to = Date.now();
    await new Promise((r) => setTimeout(r, 1100));
    const events = gcEvents(diag);
    const majors = events.filter((e) => e.event === 'gc' && e.kind === 'major' && e.at >= from && e.at <= to);
    const over = (ms) => result.slowest.filter((s) => s.ms > ms).length;
    const row = {
      name, index, args: variant.args ?? [],
      reports: { sent: result.sent, ok: result.answered2xx, lost: result.lost, ...result.latencyMs, over50InSlowest: over(50) },
      recordsJson: result.records.json.latencyMs, recordsPage: result.records.page.latencyMs,
      clientLoopDelayMs: result.clientLoopDelayMs,
      shopStallsOver30ms: events.filter((e) => e.event === 'lag' && e.t >= from && e.t <= to).length,
      majorsOver8ms: majors.length, majorPauseMs: majors.map((e) => Math.round(e.ms * 10) / 10),
      hwm: Math.round(processMemory(shop.pid).peakRssMb),
    };
    appendFileSync(out, `${JSON.stringify(row)}\n`);
    console.log(`${name}#${index} reports p50 ${row.reports.p50} p99 ${row.reports.p99} max ${row.reports.max} (${row.reports.ok}/${row.reports.sent} ok, ${row.reports.lost} lost) | records JSON p99 ${row.recordsJson.p99} max ${row.recordsJson.max} | page p99 ${row.recordsPage.p99} max ${row.recordsPage.max} | client loop max ${row.clientLoopDelayMs?.max} | shop stalls ${row.shopStallsOver30ms} | majors>8ms ${row.majorsOver8ms} [${row.majorPauseMs.join(', ')}] | hwm ${row.hwm}`);
  } finally {
    await shop.stop();
  }
}
