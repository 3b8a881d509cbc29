// `make bench`: how close each page and endpoint of the built shop comes to what this machine can do.
// The method, and how to read the output, are in docs/adr/0013-benchmarks.md. Expects a production build.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { evaluateBudgets, evaluateOrdersBudgets, evaluateWebVitalsBudgets, printBudgets } from './lib/budgets.mjs';
import { basketTargets, measureOrders, prepareBuying } from './lib/buying.mjs';
import { clientReport, routerEntryFile, servedAssets } from './lib/client-report.mjs';
import { loadParameters, prepareDatabase } from './lib/database.mjs';
import { LEARNERS, learnerTargets, measureLearnersAtScale, prepareLearners } from './lib/learners.mjs';
import { capturePages } from './lib/fixtures.mjs';
import { acquireLock } from './lib/lock.mjs';
import { measure, settle, warmUp } from './lib/load.mjs';
import { runOrdersHistory } from './lib/orders-history.mjs';
import { processMemory } from './lib/proc.mjs';
import { connectHeapWatch, heapSettings, heapWatchArgs, summariseHeap } from './lib/heap-watch.mjs';
import { cleanUpOnSignal, startBaselines, startShop } from './lib/processes.mjs';
import { printClient, printLearnersAtScale, printSearch, printTable, summarise } from './lib/report.mjs';
import { targetsFor } from './lib/targets.mjs';
import { measureSearch } from './lib/search-db.mjs';
import { NODE, OUT_DIR, ROOT, settings } from './lib/settings.mjs';
import { runWebVitals } from './lib/web-vitals.mjs';

const log = (line) => console.log(line);
const WEB_DIR = path.join(ROOT, 'dist/web');

function gitState() {
  try {
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim().length > 0;
    return { commit, dirty };
  } catch {
    return { commit: null, dirty: null };
  }
}

function copyTo(file, name) {
  copyFileSync(file, path.join(OUT_DIR, name));
  return `var/bench/${name}`;
}

async function main() {
  const releaseLock = acquireLock(settings.lockFile);
  mkdirSync(OUT_DIR, { recursive: true });
  const startedAt = new Date();
  log(`Bench ${settings.quick ? '(QUICK: 1 repetition of 2 s — for the harness, not for figures)' : ''}: ${settings.products} products, ${settings.repetitions} repetition(s) of ${settings.durationSeconds} s at c${settings.connections.join('/c')}`);
  if (!existsSync(path.join(ROOT, 'dist/src/main.js')) || !existsSync(path.join(WEB_DIR, 'server/entry.mjs'))) {
    throw new Error('No build: run `make bench` (it builds for production first).');
  }

  log('Database: recreating, migrating, generating the catalogue...');
  const database = await prepareDatabase(ROOT, settings, log);
  log(`  ${database.counts.products} products (${database.counts.published} published), ${database.counts.categories} categories, ${database.counts.options} options in ${database.generateSeconds.toFixed(1)} s by ${database.generator}`);
  const parameters = await loadParameters(database.url);

  log('Search: database time per term...');
  const searchDb = await measureSearch(database.url, parameters.searchTerms, { runs: settings.quick ? 10 : 50 });
  printSearch(searchDb, database.counts.products, log);

  const client = clientReport(WEB_DIR);
  const shopUrl = `http://127.0.0.1:${settings.shopPort}`;
  const baselineUrl = `http://127.0.0.1:${settings.baselinePort}`;
  const targets = targetsFor(parameters, shopUrl, baselineUrl);

  log(`\nStarting the shop (bin/shop serve${settings.shopNodeArgs.length ? ` ${settings.shopNodeArgs.join(' ')}` : ''}, NODE_ENV=production)...`);
  const shop = startShop({ root: ROOT, settings, databaseUrl: database.url, dataDir: database.dataDir, logDir: OUT_DIR, extraArgs: [...settings.shopNodeArgs, ...heapWatchArgs()] });
  let baselines;
  let heapWatch = null;
  let vitalsShop;
  cleanUpOnSignal(async () => {
    await Promise.allSettled([baselines?.stop(), shop.stop(), vitalsShop?.stop()]);
    releaseLock();
  });
  try {
    await shop.ready();
    const routes = Object.fromEntries(['home', 'category', 'search', 'product'].map((route) => {
      const target = targets.find((t) => t.baseline === `react-${route}`);
      return [route, target.paths];
    }));
    const fixtures = await capturePages(shopUrl, routes);
    for (const problem of fixtures.problems) log(`  page capture: ${problem}`);
    const fixturesFile = path.join(OUT_DIR, 'fixtures.json');
    writeFileSync(fixturesFile, JSON.stringify({ ...fixtures, staticFile: routerEntryFile(WEB_DIR) }));
    const served = {};
    for (const [route, paths] of Object.entries(routes)) {
      const response = await fetch(`${shopUrl}${paths[0]}`);
      if (response.ok) served[route] = servedAssets(await response.text(), path.join(WEB_DIR, 'client'));
    }

    log('Buying: guests with baskets for the basket targets...');
    const buying = await prepareBuying(shopUrl, database.url);
    targets.push(...basketTargets(buying, shopUrl));
    log(`Learners: ${LEARNERS} enrolments on 20 buyers' licences, every learner signed in...`);
    const learners = await prepareLearners(database.url);
    log(`  ${learners.counts.enrolments} enrolments (${learners.counts.completed} passed, ${learners.counts.certificates} certificates); the records buyer has ${learners.recordsBuyer.learners} learners`);
    targets.push(...learnerTargets(learners, shopUrl, baselineUrl));

    baselines = startBaselines({ root: ROOT, node: NODE, settings, databaseUrl: database.url, fixturesFile, logDir: OUT_DIR });
    await baselines.ready();
    const available = targets.filter((target) => {
      if (settings.only && !settings.only.includes(target.name)) return false;
      const route = target.name.startsWith('react-') && target.name.slice('react-'.length).replace(/-miss$/, '');
      if (route && fixtures.pages[route].length === 0) {
        log(`  no ${target.name} baseline: the shop rendered no ${route} page to copy`);
        return false;
      }
      return true;
    });

    if (heapSettings.enabled) {
      heapWatch = await connectHeapWatch({ outDir: OUT_DIR, log, expectedPid: shop.pid });
      log(`  live heap after the fixtures: ${(await heapWatch.check('start')).usedMb} MB (BENCH_HEAP=1)`);
    }
    const servers = { shop, baselines };
    const ourPids = [shop.pid, baselines.pid];
    const runs = [];
    for (let repetition = 0; repetition < settings.repetitions; repetition++) {
      // Interleaved: every target once per repetition, starting from a different one each time, so a
      // slow minute on the machine touches every target a little rather than one target a lot.
      const offset = Math.floor((repetition * available.length) / settings.repetitions);
      const order = [...available.slice(offset), ...available.slice(0, offset)];
      log(`\nRepetition ${repetition + 1} of ${settings.repetitions}`);
      for (const target of order) {
        await warmUp({ url: target.url, paths: target.paths, seconds: settings.warmupSeconds, request: target.request });
        for (const connections of settings.connections) {
          const run = await measure({
            target, server: servers[target.server], ourPids, database: settings.database, connections,
            seconds: settings.durationSeconds, foreignLimit: settings.foreignCpuLimit, maxAttempts: settings.maxAttempts, log,
          });
          runs.push({ target: target.name, connections, repetition, ...run });
          log(`  ${target.name.padEnd(14)} c${String(connections).padEnd(3)} ${run.reqPerSec.toFixed(0).padStart(6)} req/s  p99 ${String(run.latencyMs.p99).padStart(5)} ms${run.non2xx ? `  ${run.non2xx} non-2xx` : ''}${run.noisy ? '  (noisy)' : ''}`);
        }
        if (heapWatch && target.server === 'shop') {
          const sample = await heapWatch.check(`r${repetition + 1}-${target.name}`);
          log(`  ${''.padEnd(14)} live heap ${sample.usedMb} MB`);
        }
      }
    }

    let orders = null;
    if (!settings.only || settings.only.includes('orders')) {
      log('\nPlacing orders: 20 customers at once, each adding a line then checking out (only checkout timed)');
      orders = await measureOrders(shopUrl, buying, { seconds: settings.quick ? 3 : 15 });
      log(`  ${orders.ordersPerSec.toFixed(1)} orders/s (${orders.placed} in ${orders.seconds.toFixed(1)} s), p50 ${orders.latencyMs.p50} ms, p99 ${orders.latencyMs.p99} ms, answers ${JSON.stringify(orders.statuses)}`);
    }

    let learnersAtScale = null;
    if (!settings.only || settings.only.includes('learners')) {
      // 60 s, not 20: the records buyer's reads come 5 a second, and of ~100 reads a "p99" was the slowest one (51.1 ms
      // against 50 in session 51, with p50 11.7 ms); of ~300 it is the third slowest.
      const seconds = settings.quick ? 5 : 60;
      log(`\nLearners at scale: progress reports at the rate ${LEARNERS} people watching send them (one every 30 s each) for ${seconds} s`);
      await settle({ server: shop, ourPids, database: settings.database });
      learnersAtScale = await measureLearnersAtScale(shopUrl, database.url, learners, { seconds, warmUpSeconds: settings.warmupSeconds });
      printLearnersAtScale(learnersAtScale, log);
    }

    if (heapWatch) await heapWatch.check('end');
    const shopMemory = processMemory(shop.pid);
    heapWatch?.close();
    await baselines.stop();
    await shop.stop();

    // Core Web Vitals in Chromium (issue 30 item 5, ADR 0058): the demo shop on a database of its own, the servers above
    // stopped — a page's TBT is the CPU the browser got. `make bench-web-vitals` runs this stage alone.
    let webVitals = null;
    if (settings.webVitalsRuns > 0 && !settings.only) {
      log('');
      webVitals = await runWebVitals({ root: ROOT, settings, outDir: OUT_DIR, runs: settings.webVitalsRuns, log, onShop: (started) => { vitalsShop = started; } });
    }

    // Vike's own cost per page, in-process, without HTTP or the database (scripts/bench/vike-overhead.mjs).
    log('\nVike renderPage against a bare React render of the same page, CPU per page (in-process, memoised services)');
    const overhead = spawnSync(NODE, [path.join(ROOT, 'scripts/bench/vike-overhead.mjs'), '--seconds', settings.quick ? '2' : '8'], {
      cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, NODE_ENV: 'production' },
    });
    const vikeOverhead = overhead.status === 0 ? JSON.parse(readFileSync(path.join(OUT_DIR, 'vike-overhead.json'), 'utf8')).results : null;

    const summary = summarise(available, runs);
    const bench = {
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version },
      git: gitState(),
      settings,
      database: { generator: database.generator, counts: database.counts, generateSeconds: database.generateSeconds },
      shop: {
        peakRssMb: shopMemory?.peakRssMb ?? Math.max(...runs.map((run) => run.peakRssMb)),
        heap: heapWatch ? { summary: summariseHeap(heapWatch.samples), samples: heapWatch.samples, snapshot: heapWatch.snapshotFile } : null,
      },
      summary,
      runs,
      searchDb,
      orders,
      learnersAtScale,
      vikeOverhead,
      webVitals,
      client,
      served,
      capture: { problems: fixtures.problems },
    };
    // Search at 100k comes from the last large bench when this one is smaller (as `make bench-check` does).
    const largeFile = path.join(OUT_DIR, 'last-large.json');
    bench.budgets = evaluateBudgets(bench, existsSync(largeFile) ? JSON.parse(readFileSync(largeFile, 'utf8')) : null);

    log('\nResults: medians of the repetitions');
    printTable(summary, log);
    printSearch(searchDb, database.counts.products, log);
    if (learnersAtScale) printLearnersAtScale(learnersAtScale, log);
    printClient(client.filter((page) => /^\/web\/pages\/(index|category|products)/.test(page.pageId)), log);
    log(`\nShop peak RSS: ${bench.shop.peakRssMb.toFixed(0)} MB`);
    if (bench.shop.heap) {
      const heap = bench.shop.heap.summary;
      log(`Shop live heap after full collections: first ${heap.firstMb} MB, highest ${heap.maxMb} MB, last ${heap.lastMb} MB; at the end of each repetition ${Object.values(heap.endOfRepetitionMb).join(', ')} MB`);
    }

    const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
    const file = path.join(OUT_DIR, `bench-${settings.products}-${stamp}${settings.quick ? '-quick' : ''}.json`);
    writeFileSync(file, `${JSON.stringify(bench, null, 2)}\n`);
    // `make bench-check` reads last.json: only a bench of every target may replace it.
    const written = [path.relative(ROOT, file)];
    if (!settings.only) written.push(copyTo(file, 'last.json'));
    if (settings.products >= 100_000 && !settings.quick) written.push(copyTo(file, 'last-large.json'));
    log(`\nWritten: ${written.join(', ')}`);
    printBudgets(bench.budgets, log);
    if (webVitals) printBudgets(evaluateWebVitalsBudgets(webVitals), log, 'Budgets of Core Web Vitals (issue 30)');
    // A shop with history (ADR 0054): on its own kept database, after the catalogue bench's servers stopped.
    if (settings.orders) {
      await runOrdersHistory({ root: ROOT, settings, orders: settings.orders, log });
      printBudgets(evaluateOrdersBudgets(OUT_DIR), log, 'Budgets of a shop with history (issue 30)');
    }
  } finally {
    await baselines?.stop();
    await shop.stop();
    releaseLock();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
