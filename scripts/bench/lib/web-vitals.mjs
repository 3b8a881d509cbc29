// Core Web Vitals in a real browser (issue 30 item 5, ADR 0058): Debian's Chromium over the DevTools protocol
// (cdp-browser.mjs: no Runtime domain, as in a visitor's browser; ADR 0097), a phone's screen, Lighthouse's Slow 4G
// and 4× CPU slowdown through CDP, each page loaded in a fresh context (cold cache) N
// times; LCP, CLS, TBT and FCP from the page's own PerformanceObservers, bytes from the network domain.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { launchCdpChromium } from './cdp-browser.mjs';
import { databaseUrl, mustRun, withClient } from './database.mjs';
import { startShop } from './processes.mjs';
import {
  MOBILE_SCREEN, MOBILE_USER_AGENT, SLOW_4G, WEB_VITALS_TARGETS, medianOfViews, meetsTargets, networkConditions, summariseView,
} from './web-vitals-metrics.mjs';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** After the load event, the observation ends once this long passes with no long task and no request in flight. */
export const QUIET_MS = 5000;
/** A view that never settles is cut here (its TBT then counts up to this point). */
const VIEW_TIMEOUT_MS = 45_000;

// The session store's rules (identity: secret-tokens.ts, platform/http/xsrf.ts), as lib/learners.mjs uses them.
const sha256Hex = (text) => createHash('sha256').update(text).digest('hex');
const xsrfFor = (token) => createHash('sha256').update(`xsrf:${token}`).digest('base64url');

/** A session for the user, stored as SessionService.issue stores one; its cookie token. */
async function sessionFor(db, userId) {
  const token = randomBytes(32).toString('base64url');
  await db.query(`
    insert into sessions (user_id, token_hash, remember, created_at, last_used_at, expires_at, user_agent, ip)
    values ($1, $2, true, now(), now(), now() + interval '1 day', 'shop-bench web vitals', '127.0.0.1')`, [userId, sha256Hex(token)]);
  return token;
}

/**
 * The stage's own database, `<BENCH_DATABASE>_vitals`: the demo shop (`db:seed --demo`: 65 products with their
 * pictures, brands' logos, courses with their films, the home page's widgets and blog posts, the demo customer) — the
 * pages as a visitor sees them, images and all, which the bench's generated catalogue (no pictures) is not — and one
 * learner enrolled on a demo course through a licence of the demo customer's.
 */
export async function prepareVitalsDatabase(root, settings, log = console.log) {
  const database = `${settings.database}_vitals`;
  const url = databaseUrl({ ...settings, database });
  await withClient(settings.adminUrl, async (client) => {
    await client.query(`drop database if exists ${database} with (force)`);
    await client.query(`create database ${database}`);
  });
  const dataDir = path.join(root, 'var/bench/vitals-data');
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const env = { DATABASE_URL: url, DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn' };
  mustRun(root, ['db:migrate'], env);
  mustRun(root, ['db:seed', '--demo'], env);
  await withClient(url, async (db) => {
    const { rows: [course] } = await db.query(`
      select c.product_id, o.id as option_id from training_courses c
      join product_options o on o.product_id = c.product_id and o.kind = 'online_access' and o.active
      where c.film_key is not null order by c.product_id, o.id limit 1`);
    if (!course) throw new Error('Web vitals: the demo shop has no online course with a film.');
    const { rows: [licence] } = await db.query(`
      insert into training_licences (order_id, order_line_id, customer_id, product_id, option_id, seats, created_at)
      select 990001, 990001, u.id, $1, $2, 5, now() - interval '1 day' from users u where u.email = 'customer@example.com'
      returning id`, [course.product_id, course.option_id]);
    await db.query(`
      insert into users (email, first_name, last_name, role, email_verified_at)
      values ('bench.vitals.learner@bench.example', 'Lee', 'Learner', 'customer', now())`);
    await db.query(`
      insert into training_enrolments (licence_id, email, name, user_id, status, invited_at, enrolled_at, position_seconds, watched_seconds,
                                       watched_ranges, last_progress_at)
      select $1, u.email, 'Lee Learner', u.id, 'enrolled', now() - interval '1 day', now() - interval '1 day', 0, 0, '[]'::jsonb, now() - interval '1 hour'
      from users u where u.email = 'bench.vitals.learner@bench.example'`, [licence.id]);
    await db.query('vacuum analyze');
  });
  const counts = await withClient(url, async (db) => (await db.query(`
    select (select count(*)::int from products where status = 'published') as products,
           (select count(*)::int from product_images) as images`)).rows[0]);
  log(`  ${database}: the demo shop, ${counts.products} published products with ${counts.images} pictures, and a learner on a course`);
  return { url, dataDir };
}

/**
 * The pages and who looks at them: anonymous catalogue pages (the fullest category, a product with pictures), the demo
 * customer with three lines — one to post, so checkout shows delivery — on the basket and checkout, and the enrolled
 * learner on their course (`/learn/{enrolment}`, the film's player).
 */
export async function preparePages(shopUrl, url) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const one = async (sql, what) => {
      const { rows } = await db.query(sql);
      if (!rows[0]) throw new Error(`Web vitals: the database has no ${what}.`);
      return rows[0];
    };
    const category = await one(`
      select c.slug from categories c join product_categories pc on pc.category_id = c.id
      join products p on p.id = pc.product_id and p.status = 'published' group by c.id order by count(*) desc, c.id limit 1`, 'category with products');
    const product = await one(`
      select p.slug from products p where p.status = 'published'
      order by (select count(*) from product_images i where i.product_id = p.id) desc, p.id limit 1`, 'published product');
    const customer = await one(`select id from users where email = 'customer@example.com'`, 'demo customer (db:seed --demo)');
    const learner = await one(`
      select e.id, e.user_id from training_enrolments e where e.status = 'enrolled' and e.user_id is not null order by e.id limit 1`, 'enrolled learner');
    const options = (await db.query(`
      (select o.id from product_options o join products p on p.id = o.product_id and p.status = 'published'
       where o.active and o.kind = 'physical' and (o.qty is null or o.qty > 100) order by o.id limit 5)
      union all
      (select o.id from product_options o join products p on p.id = o.product_id and p.status = 'published'
       where o.active and o.qty is null and o.kind = 'digital' order by o.id limit 5)`)).rows.map((row) => row.id);
    const customerToken = await sessionFor(db, customer.id);
    const learnerToken = await sessionFor(db, learner.user_id);
    await fillBasket(shopUrl, customerToken, options);
    return [
      { name: 'home', path: '/', token: null },
      { name: 'category', path: `/category/${category.slug}`, token: null },
      { name: 'product', path: `/products/${product.slug}`, token: null },
      { name: 'basket', path: '/basket', token: customerToken },
      { name: 'checkout', path: '/checkout', token: customerToken },
      { name: 'learner', path: `/learn/${learner.id}`, token: learnerToken },
    ];
  } finally {
    await db.end();
  }
}

/** Three lines in the customer's basket, through the basket API as their browser would add them. */
async function fillBasket(shopUrl, token, options) {
  const headers = { accept: 'application/json', 'content-type': 'application/json', cookie: `shop_session=${token}`, 'x-xsrf-token': xsrfFor(token) };
  const basket = await (await fetch(`${shopUrl}/api/basket`, { headers })).json();
  let items = basket.items?.length ?? 0;
  for (const optionId of options) {
    if (items >= 3) break;
    // An option that needs more (a booking, stock) is refused: the next one is taken.
    const added = await fetch(`${shopUrl}/api/basket/items`, { method: 'POST', headers, body: JSON.stringify({ option_id: optionId }) });
    if (added.ok) items++;
  }
  if (items === 0) throw new Error('Web vitals: no line could be added to the demo customer\'s basket.');
}

// Runs in the page before any of its own scripts: the observers of the figures, buffered so nothing is missed.
function observeVitals() {
  const describe = (node) => {
    if (!node || !node.tagName) return null;
    const classes = typeof node.className === 'string' && node.className ? `.${node.className.trim().split(/\s+/).join('.')}` : '';
    const src = node.currentSrc || node.src;
    return `${node.tagName.toLowerCase()}${classes}${src ? ` ${String(src).replace(globalThis.location.origin, '').slice(0, 80)}` : ''}`;
  };
  const seen = { lcp: [], shifts: [], longTasks: [], paints: [] };
  globalThis.__webVitals = seen;
  const observe = (type, record) => {
    try {
      new PerformanceObserver((list) => { for (const entry of list.getEntries()) record(entry); }).observe({ type, buffered: true });
    } catch {
      // an entry type this browser does not know: its list stays empty
    }
  };
  observe('paint', (e) => seen.paints.push({ name: e.name, startTime: e.startTime }));
  observe('largest-contentful-paint', (e) => seen.lcp.push({ startTime: e.startTime, size: e.size, element: describe(e.element) }));
  observe('layout-shift', (e) => seen.shifts.push({
    startTime: e.startTime, value: e.value, hadRecentInput: e.hadRecentInput, sources: (e.sources ?? []).map((s) => describe(s.node)).filter(Boolean),
  }));
  observe('longtask', (e) => seen.longTasks.push({ startTime: e.startTime, duration: e.duration }));
}

/**
 * How fast this machine runs JavaScript just now, unthrottled: Lighthouse's BenchmarkIndex (strings of 100,000
 * characters built per second for half a second; Chrome DevTools' CPU calibration takes ~1,000 for a mid-range phone
 * such as a Pixel 5 and ~264 for the Moto G Power whose screen we emulate). A 4× slowdown of a machine that other
 * work keeps busy is a slower phone than Lighthouse's: this index, beside the figures, says how much slower.
 */
async function benchmarkIndex(browser) {
  const context = await browser.newContext();
  try {
    return await context.page.evaluate(() => {
      const started = performance.now();
      let built = 0;
      while (performance.now() - started < 500) {
        let text = '';
        for (let i = 0; i < 100_000; i++) text += 'a';
        if (text.length === 100_000) built++;
      }
      return Math.round(built / ((performance.now() - started) / 1000));
    });
  } finally {
    await context.close();
  }
}

export async function launchChromium() {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium was not found at ${CHROMIUM_PATH}: install it (apt-get install chromium) or set CHROMIUM_PATH.`);
  return launchCdpChromium({
    executablePath: CHROMIUM_PATH,
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync',
      // More switches for an experiment, e.g. BENCH_CHROMIUM_ARGS='--js-flags=--no-enable-lazy-source-positions'.
      ...(process.env.BENCH_CHROMIUM_ARGS ?? '').split(' ').filter(Boolean)],
  });
}

/** A fresh context: its own cookie jar and HTTP cache (cold), a phone's screen, the visitor's session if any. */
function freshContext(browser, shopUrl, token) {
  return browser.newContext({
    screen: MOBILE_SCREEN, userAgent: MOBILE_USER_AGENT, initScript: observeVitals,
    cookies: token ? [{ name: 'shop_session', value: token, url: shopUrl, httpOnly: true, sameSite: 'Lax' }] : [],
  });
}

/** One view of a page under Slow 4G and 4× CPU: its figures, bytes and requests. */
async function view(page, url, screenshot) {
  let inFlight = 0;
  let bytes = 0;
  let requests = 0;
  let lastNetwork = Date.now();
  const pending = new Set();
  const done = ({ requestId, encodedDataLength }) => {
    if (!pending.delete(requestId)) return;
    inFlight--;
    bytes += encodedDataLength ?? 0;
    lastNetwork = Date.now();
  };
  const onRequest = ({ requestId }) => {
    if (pending.has(requestId)) return; // a redirect continues the same request
    pending.add(requestId);
    inFlight++;
    requests++;
    lastNetwork = Date.now();
  };
  const onFailed = ({ requestId }) => done({ requestId, encodedDataLength: 0 });
  page.on('Network.requestWillBeSent', onRequest);
  page.on('Network.loadingFinished', done);
  page.on('Network.loadingFailed', onFailed);
  try {
    const status = await page.goto(url, { timeoutMs: VIEW_TIMEOUT_MS });
    if (status !== 200) throw new Error(`${url} answered ${status}`);
    // Quiet: no long task ended and no request was in flight for QUIET_MS (wall clock; the page's clock is the same).
    const started = Date.now();
    let observedUntil;
    for (;;) {
      const state = await page.evaluate(() => {
        const tasks = globalThis.__webVitals.longTasks;
        const last = tasks.length ? tasks[tasks.length - 1] : null;
        return { now: performance.now(), lastTaskEnd: last ? last.startTime + last.duration : 0 };
      });
      const sinceTask = state.now - state.lastTaskEnd;
      const sinceNetwork = inFlight > 0 ? 0 : Date.now() - lastNetwork;
      observedUntil = state.now;
      if ((sinceTask >= QUIET_MS && sinceNetwork >= QUIET_MS) || Date.now() - started > VIEW_TIMEOUT_MS) break;
      await sleep(250);
    }
    const observed = await page.evaluate(() => globalThis.__webVitals);
    if (screenshot) await page.screenshot(screenshot);
    return {
      ...summariseView({ ...observed, observedUntil }),
      bytes, requests,
      shifts: observed.shifts.filter((shift) => !shift.hadRecentInput && shift.value >= 0.001),
    };
  } finally {
    page.off('Network.requestWillBeSent', onRequest);
    page.off('Network.loadingFinished', done);
    page.off('Network.loadingFailed', onFailed);
  }
}

/**
 * A fresh context on a throttled page: Slow 4G and the CPU slowdown through CDP. Without scripts, the page's script
 * files are refused (JavaScript itself stays on: the observers are scripts too). With `runtimeDomain`, the page's
 * Runtime domain is enabled as Playwright and an open DevTools enable it: V8 then captures a stack trace at every
 * throw (what the figures were before ADR 0097's last section; for comparison only, a visitor's browser does not).
 */
export async function throttledPage(browser, shopUrl, token, withScripts, { runtimeDomain = false } = {}) {
  const context = await freshContext(browser, shopUrl, token);
  const { page } = context;
  await page.send('Network.enable');
  if (!withScripts) await page.send('Network.setBlockedURLs', { urls: ['*.js', '*.mjs'] });
  await page.send('Network.emulateNetworkConditions', networkConditions(SLOW_4G));
  await page.send('Emulation.setCPUThrottlingRate', { rate: SLOW_4G.cpuSlowdown });
  if (runtimeDomain) await page.send('Runtime.enable');
  return { context, page };
}

const line = (label, v) => `${label} LCP ${fmt(v.lcpMs)} ms, CLS ${v.cls.toFixed(3)}, TBT ${fmt(v.tbtMs)} ms, FCP ${fmt(v.fcpMs)} ms, ${(v.bytes / 1024).toFixed(0)} kB`;

/**
 * Every page `runs` times, interleaved (page after page, round after round, so a busy moment on the machine touches
 * them all a little). Each run is a fresh context (cold cache). Its baseline, in another fresh context, is the same
 * page with its script files refused: the server's HTML, CSS and images alone over the same network — the floor the
 * page's scripts add to (left out with `baseline: false`, as vitals-ab.mjs's runs of script variants do). With `warm`,
 * the page is loaded again in the first context (a repeat view: cached assets). Medians per page.
 */
export async function measureWebVitals({
  shopUrl, pages, runs = 3, warm = false, baseline = true, runtimeDomain = false, screenshotDir = null, log = console.log,
}) {
  const browser = await launchChromium();
  const chromiumVersion = browser.version();
  const benchmarkIndices = [];
  const views = Object.fromEntries(pages.map((page) => [page.name, { cold: [], baseline: [], warm: [] }]));
  if (screenshotDir) mkdirSync(screenshotDir, { recursive: true });
  try {
    for (let run = 0; run < runs; run++) {
      benchmarkIndices.push(await benchmarkIndex(browser));
      for (const target of pages) {
        const url = `${shopUrl}${target.path}`;
        const shot = screenshotDir && run === 0 ? path.join(screenshotDir, `${target.name}.png`) : null;
        const withScripts = await throttledPage(browser, shopUrl, target.token, true, { runtimeDomain });
        const parts = [];
        try {
          const cold = await view(withScripts.page, url, shot);
          views[target.name].cold.push(cold);
          parts.push(line('', cold));
          if (warm) {
            const repeat = await view(withScripts.page, url, null);
            views[target.name].warm.push(repeat);
            parts.push(line('repeat view', repeat));
          }
        } finally {
          await withScripts.context.close();
        }
        if (baseline) {
          const bare = await throttledPage(browser, shopUrl, target.token, false, { runtimeDomain });
          try {
            const withoutScripts = await view(bare.page, url, null);
            views[target.name].baseline.push(withoutScripts);
            parts.push(line('without scripts', withoutScripts));
          } finally {
            await bare.context.close();
          }
        }
        log(`  ${target.name.padEnd(9)} run ${run + 1}:${parts.join(';')}`);
      }
    }
  } finally {
    await browser.close();
  }
  const results = pages.map((target) => {
    const cold = medianOfViews(views[target.name].cold);
    return {
      page: target.name, path: target.path, signedIn: Boolean(target.token),
      ...cold, meets: meetsTargets(cold),
      baseline: baseline ? medianOfViews(views[target.name].baseline) : null,
      warm: warm ? medianOfViews(views[target.name].warm) : null,
      views: views[target.name],
    };
  });
  return {
    at: new Date().toISOString(),
    method: { profile: SLOW_4G, screen: MOBILE_SCREEN, runs, quietMs: QUIET_MS, cache: 'cold (a fresh context per run)', chromium: chromiumVersion,
      runtimeDomain: runtimeDomain ? 'enabled (as Playwright or an open DevTools: a stack trace at every throw)' : 'off (as a visitor\'s browser)' },
    load: { loadavg: os.loadavg(), cpus: os.cpus().length, benchmarkIndices },
    targets: WEB_VITALS_TARGETS,
    results,
  };
}

const fmt = (ms) => (ms === null || ms === undefined ? 'n/a' : ms.toFixed(0));

/** The table `make bench` prints: each page's medians, its baseline (the same page without its scripts) in brackets, the targets. */
export function printWebVitals(report, log = console.log) {
  const { targets, method } = report;
  const mark = (ok) => (ok ? ' ' : '!');
  const pair = (value, baseline, digits = 0) => `${value === null ? 'n/a' : value.toFixed(digits)} (${baseline === null ? 'n/a' : baseline.toFixed(digits)})`;
  log(`\nCore Web Vitals: Chromium ${method.chromium}, ${method.screen.width}×${method.screen.height}, Slow 4G (${method.profile.latencyMs} ms, ${method.profile.downloadKbps.toFixed(0)}/${method.profile.uploadKbps.toFixed(0)} kbps) and CPU ${method.profile.cpuSlowdown}× slower, cold cache, Runtime domain ${method.runtimeDomain?.startsWith('enabled') ? 'ENABLED (a stack trace at every throw; not a visitor\'s browser)' : 'off'}, median of ${method.runs}; load ${report.load.loadavg.map((l) => l.toFixed(2)).join(' ')} on ${report.load.cpus} cores, benchmark index ${report.load.benchmarkIndices.join('/')} unthrottled (4× slower is Lighthouse's Moto G Power, 264, when this is about 1,060)`);
  log('  Each figure with its baseline in brackets: the same page with its script files refused (HTML, CSS and images alone). ! = over the target.');
  log(`  ${'page'.padEnd(9)} ${'LCP ms'.padStart(13)}  ${'CLS'.padStart(13)}  ${'TBT ms'.padStart(10)}  ${'FCP ms'.padStart(11)}  ${'kB'.padStart(9)}  LCP element`);
  log(`  ${'target'.padEnd(9)} ${`≤ ${targets.lcpMs}`.padStart(13)}  ${`≤ ${targets.cls}`.padStart(13)}  ${`≤ ${targets.tbtMs}`.padStart(10)}`);
  for (const r of report.results) {
    const b = r.baseline;
    log(`  ${r.page.padEnd(9)} ${pair(r.lcpMs, b.lcpMs).padStart(12)}${mark(r.meets.lcp)}  ${pair(r.cls, b.cls, 3).padStart(12)}${mark(r.meets.cls)}  ${pair(r.tbtMs, b.tbtMs).padStart(9)}${mark(r.meets.tbt)}  ${pair(r.fcpMs, b.fcpMs).padStart(11)}  ${pair((r.bytes ?? 0) / 1024, (b.bytes ?? 0) / 1024).padStart(9)}  ${r.lcpElement ?? ''}`);
    if (r.warm) log(`  ${'  repeat'.padEnd(9)} ${fmt(r.warm.lcpMs).padStart(12)}   ${r.warm.cls.toFixed(3).padStart(12)}   ${fmt(r.warm.tbtMs).padStart(9)}   ${fmt(r.warm.fcpMs).padStart(11)}  ${((r.warm.bytes ?? 0) / 1024).toFixed(0).padStart(9)}`);
  }
}

/**
 * The stage as `make bench` (after its own shop stopped) and scripts/bench/web-vitals.mjs run it: the demo shop's
 * database made, the production build served on it (`bin/shop serve`, as `make start` runs it), the pages measured,
 * written to var/bench/web-vitals.json (what `make bench-check` reads) and printed. Uses the bench's shop port: the
 * bench's own shop must have stopped.
 */
export async function runWebVitals({ root, settings, outDir, runs, warm = false, runtimeDomain = false, log = console.log, onShop = () => {} }) {
  log('Core Web Vitals: the demo shop on its own database...');
  const { url, dataDir } = await prepareVitalsDatabase(root, settings, log);
  const shop = startShop({ root, settings, databaseUrl: url, dataDir, logDir: outDir, name: 'shop-web-vitals' });
  onShop(shop); // so the caller's Ctrl+C handler can stop it too
  try {
    await shop.ready();
    const shopUrl = `http://127.0.0.1:${settings.shopPort}`;
    const pages = await preparePages(shopUrl, url);
    log(`  ${pages.map((p) => p.path).join(', ')}: ${runs} cold view(s) each, and as many without their scripts (the baseline)${warm ? ', with a repeat view' : ''}`);
    const report = await measureWebVitals({ shopUrl, pages, runs, warm, runtimeDomain, screenshotDir: path.join(outDir, 'web-vitals'), log });
    writeFileSync(path.join(outDir, 'web-vitals.json'), `${JSON.stringify(report, null, 2)}\n`);
    printWebVitals(report, log);
    log('  Written: var/bench/web-vitals.json; the last frame of each page\'s first view in var/bench/web-vitals/');
    return report;
  } finally {
    await shop.stop();
  }
}
