// Where a page's time goes: starts the built shop with `--inspect` on the bench database, profiles it
// through the inspector (the V8 sampling profiler `--cpu-prof` uses, but started after the warm-up so
// start-up is not in it) while one or more targets of the bench are loaded (by name: home, category,
// product, api-health, api-progress, ...), and prints the self time by package and the costliest functions.
//   node scripts/bench/profile.mjs category product     (after one `make bench`, which made the database)
//   BENCH_PROFILE_SECONDS=20 BENCH_PROFILE_CONNECTIONS=10
//   BENCH_ORDERS=10000 node scripts/bench/profile.mjs admin-orders   (the shop with history's targets and database)
//   node scripts/bench/profile.mjs --summary var/bench/profiles/CPU.….cpuprofile
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { databaseUrl, loadParameters } from './lib/database.mjs';
import { learnerTargets, signInLearners } from './lib/learners.mjs';
import { acquireLock } from './lib/lock.mjs';
import { measure, warmUp } from './lib/load.mjs';
import { cleanUpOnSignal, startShop } from './lib/processes.mjs';
import { NODE, OUT_DIR, ROOT, settings } from './lib/settings.mjs';
import { ACCOUNTS, fetchCall, historyDatabase, historyTargets, loadHistoryParameters, signIn } from './lib/orders-history.mjs';
import { targetsFor } from './lib/targets.mjs';

const seconds = Number(process.env.BENCH_PROFILE_SECONDS ?? 15);
const connections = Number(process.env.BENCH_PROFILE_CONNECTIONS ?? 10);
const INSPECTOR_PORT = 9303;

/** A Chrome DevTools Protocol session with the shop's inspector, for Profiler.start/stop. */
async function inspector(port) {
  const [{ webSocketDebuggerUrl }] = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  const socket = new WebSocket(webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let id = 0;
  const pending = new Map();
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    pending.get(message.id)?.(message);
    pending.delete(message.id);
  };
  const send = (method, params = {}) => new Promise((resolve, reject) => {
    pending.set(++id, (message) => (message.error ? reject(new Error(message.error.message)) : resolve(message.result)));
    socket.send(JSON.stringify({ id, method, params }));
  });
  return { send, close: () => socket.close() };
}

/** The bucket a frame belongs to: an npm package, a file of ours, or the engine itself. */
function bucketOf(url) {
  if (!url) return '(engine: GC, native, idle)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return 'node core';
  const ours = /\/dist\/(src|web|cli)\/(.*)$/.exec(url);
  if (ours) return ours[1] === 'web' ? 'web (built pages)' : `src/${ours[2].split('/').slice(0, 3).join('/')}`;
  return url;
}

/** The layer a package belongs to; null for node core and natives, which count for whoever called them. */
function layerOf(bucket, functionName) {
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (functionName === '(program)') return 'V8 outside JS (compiling, ICs)';
  if (/^(react|react-dom)$/.test(bucket)) return 'React render';
  if (/^(vike|vike-react|@brillout\/.*|react-streaming)$/.test(bucket)) return 'Vike (routing, hooks, page context, HTML)';
  if (bucket === 'web (built pages)') return 'page code (components, +data, +title...)';
  if (/^(@mikro-orm\/.*|kysely|pg|pg-.*|postgres-.*)$/.test(bucket)) return 'database client (MikroORM, kysely, pg)';
  if (/^(fastify|@fastify\/.*|find-my-way|light-my-request|avvio|@nestjs\/.*|helmet|pino.*|@pinojs\/.*|sonic-boom|cookie|nestjs-pino|reflect-metadata|rxjs|class-.*|fast-.*|safe-.*|path-to-regexp)$/.test(bucket)) {
    return 'HTTP framework (Nest, Fastify, helmet, pino)';
  }
  if (bucket.startsWith('src/')) return 'shop code (src/)';
  return null;
}

export function summariseProfile(file, top = 25) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, { ...node, self: 0 }]));
  profile.samples.forEach((id, index) => (byId.get(id).self += (profile.timeDeltas[index] ?? 0) / 1000));
  const total = [...byId.values()].reduce((sum, node) => sum + node.self, 0);
  const idle = [...byId.values()].filter((node) => node.callFrame.functionName === '(idle)').reduce((sum, node) => sum + node.self, 0);
  const busy = total - idle;

  const key = (frame) => `${frame.functionName || '(anonymous)'} ${bucketOf(frame.url)}${frame.url && !frame.url.includes('node_modules') ? `:${frame.lineNumber + 1}` : ''}`;
  const selfBy = new Map();
  const bucketBy = new Map();
  for (const node of byId.values()) {
    if (node.callFrame.functionName === '(idle)') continue;
    selfBy.set(key(node.callFrame), (selfBy.get(key(node.callFrame)) ?? 0) + node.self);
    const bucket = bucketOf(node.callFrame.url);
    bucketBy.set(bucket, (bucketBy.get(bucket) ?? 0) + node.self);
  }
  // Total (inclusive) time, counted once per stack even when a function recurses.
  const totalBy = new Map();
  const walk = (id, onStack) => {
    const node = byId.get(id);
    let sum = node.self;
    const name = key(node.callFrame);
    const fresh = !onStack.has(name);
    if (fresh) onStack.add(name);
    for (const child of node.children ?? []) sum += walk(child, onStack);
    if (fresh) {
      onStack.delete(name);
      totalBy.set(name, (totalBy.get(name) ?? 0) + sum);
    }
    return sum;
  };
  walk(profile.nodes[0].id, new Set());

  // Layers: each sample goes to the innermost frame that belongs to one (a socket write made by pg is the
  // database client's; JSON serialisation inside Vike is Vike's).
  const parent = new Map();
  for (const node of byId.values()) for (const child of node.children ?? []) parent.set(child, node.id);
  const layerBy = new Map();
  for (const node of byId.values()) {
    if (node.self === 0 || node.callFrame.functionName === '(idle)') continue;
    let layer = null;
    for (let at = node; at && !layer; at = byId.get(parent.get(at.id))) layer = layerOf(bucketOf(at.callFrame.url), at.callFrame.functionName);
    layer ??= 'other (node core, natives)';
    layerBy.set(layer, (layerBy.get(layer) ?? 0) + node.self);
  }

  const pct = (ms) => `${((100 * ms) / busy).toFixed(1).padStart(5)}%`;
  const lines = [`Profile ${path.basename(file)}: ${(busy / 1000).toFixed(1)} s busy of ${(total / 1000).toFixed(1)} s sampled`];
  lines.push('\nBusy time by layer');
  for (const [layer, ms] of [...layerBy].sort((a, b) => b[1] - a[1])) lines.push(`  ${pct(ms)}  ${layer}`);
  lines.push('\nSelf time by package or file (share of busy time)');
  for (const [bucket, ms] of [...bucketBy].sort((a, b) => b[1] - a[1]).slice(0, top)) lines.push(`  ${pct(ms)}  ${bucket}`);
  lines.push('\nFunctions by self time');
  for (const [name, ms] of [...selfBy].sort((a, b) => b[1] - a[1]).slice(0, top)) lines.push(`  ${pct(ms)}  ${name}`);
  lines.push('\nFunctions by total time (self + what they call)');
  for (const [name, ms] of [...totalBy].filter(([name]) => !/^\((root|program|idle)\)/.test(name)).sort((a, b) => b[1] - a[1]).slice(0, top * 2)) {
    lines.push(`  ${pct(ms)}  ${name}`);
  }
  return lines.join('\n');
}

async function profileTargets(names) {
  const release = acquireLock(settings.lockFile);
  const profileDir = path.join(OUT_DIR, 'profiles');
  rmSync(profileDir, { recursive: true, force: true });
  mkdirSync(profileDir, { recursive: true });
  // With BENCH_ORDERS, the shop with history (ADR 0054): its database and its targets (admin-orders, admin-dashboard...).
  const historyUrl = settings.orders ? (() => {
    const at = new URL(databaseUrl(settings));
    at.pathname = `/${historyDatabase(settings, settings.orders)}`;
    return at.toString();
  })() : null;
  const url = historyUrl ?? databaseUrl(settings);
  const shopUrl = `http://127.0.0.1:${settings.shopPort}`;
  let historyTargetsSignedIn = async () => [];
  let targets = [];
  if (historyUrl) {
    const parameters = await loadHistoryParameters(historyUrl).catch((error) => {
      throw new Error(`No history database to profile against (${error.message}); run \`BENCH_ORDERS=${settings.orders} node scripts/bench/orders-history.mjs\` first.`, { cause: error });
    });
    // Signed in once the shop is up: the reads carry the staff's or the customer's token as a bearer.
    historyTargetsSignedIn = async () => {
      const call = fetchCall(shopUrl);
      const tokens = { staff: await signIn(call, ACCOUNTS.staff), customer: await signIn(call, ACCOUNTS.customer) };
      return historyTargets(parameters).filter((target) => names.includes(target.name)).map((target) => ({
        name: target.name, server: 'shop', url: shopUrl, paths: target.paths,
        request: (p) => ({ path: p, headers: { authorization: `Bearer ${tokens[target.as]}`, accept: 'application/json' } }),
      }));
    };
    if (!historyTargets(parameters).some((target) => names.includes(target.name))) throw new Error(`No history target named ${names.join(', ')}.`);
  } else {
    const parameters = await loadParameters(url).catch((error) => {
      throw new Error(`No bench database to profile against (${error.message}); run \`make bench\` (or BENCH_QUICK=1) first.`, { cause: error });
    });
    // The learner targets need their learners signed in again: the bench keeps no tokens.
    const learners = names.some((name) => ['api-progress', 'api-records', 'records-page'].includes(name)) ? learnerTargets(await signInLearners(url), shopUrl, null) : [];
    targets = [...targetsFor(parameters, shopUrl, null), ...learners].filter((target) => names.includes(target.name) && target.server === 'shop');
    if (targets.length === 0) throw new Error(`No shop target named ${names.join(', ')}.`);
  }
  const shop = startShop({
    root: ROOT, node: NODE, settings, databaseUrl: url, dataDir: path.join(OUT_DIR, 'data'), logDir: OUT_DIR,
    extraArgs: [`--inspect=127.0.0.1:${INSPECTOR_PORT}`],
  });
  cleanUpOnSignal(async () => {
    await shop.stop();
    release();
  });
  const file = path.join(profileDir, `${names.join('+')}.cpuprofile`);
  try {
    await shop.ready();
    if (historyUrl) targets = await historyTargetsSignedIn();
    for (const target of targets) {
      // A target that builds its requests (a report, a signed-in read) is warmed up by a short run of those requests.
      if (target.request) await measure({ target, server: shop, ourPids: [shop.pid], database: settings.database, connections, seconds: 5, foreignLimit: Infinity, maxAttempts: 1, log: () => {} });
      else await warmUp({ url: target.url, paths: target.paths, seconds: 5 });
    }
    const session = await inspector(INSPECTOR_PORT);
    await session.send('Profiler.enable');
    await session.send('Profiler.setSamplingInterval', { interval: 500 });
    await session.send('Profiler.start');
    for (const target of targets) {
      const run = await measure({
        target, server: shop, ourPids: [shop.pid], database: settings.database, connections, seconds,
        foreignLimit: Infinity, maxAttempts: 1, log: console.log,
      });
      console.log(`${target.name}: ${run.reqPerSec.toFixed(0)} req/s, p50 ${run.latencyMs.p50} ms, p99 ${run.latencyMs.p99} ms, ${run.non2xx} non-2xx, other processes ${run.foreignCores.toFixed(2)} cores (under the profiler: slower than the bench)`);
    }
    const { profile } = await session.send('Profiler.stop');
    session.close();
    writeFileSync(file, JSON.stringify(profile));
  } finally {
    await shop.stop();
    release();
  }
  console.log(summariseProfile(file));
  console.log(`\nThe profile: ${path.relative(ROOT, file)} (open it in Chrome DevTools → Performance, or speedscope)`);
}

const args = process.argv.slice(2);
const run = args[0] === '--summary' ? async () => console.log(summariseProfile(args[1])) : () => profileTargets(args);
run().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
