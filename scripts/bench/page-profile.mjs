// Where a page's Total Blocking Time goes (issue 30 item 5): one cold view in Chromium under the Web Vitals stage's
// Slow 4G and 4× CPU slowdown, with V8's sampling profiler on, against a shop already running (the Web Vitals
// database: `bin/shop serve` with DATABASE_URL=…/shop_bench_vitals). Prints the busy time by script, then every
// stretch of 50 ms or more without an idle sample (a long task, roughly), by the first frames below the root.
// `(program)` is the browser's own work (parsing, style, layout); TBT counts only the stretches after FCP.
//   node scripts/bench/page-profile.mjs http://localhost:3901/category/online-training     DEPTH=4 for deeper frames
import { setTimeout as sleep } from 'node:timers/promises';
import { launchChromium, throttledPage } from './lib/web-vitals.mjs';
import { SLOW_4G } from './lib/web-vitals-metrics.mjs';

const [url] = process.argv.slice(2);
if (!url) {
  console.error('usage: node scripts/bench/page-profile.mjs <page url>');
  process.exit(2);
}
const depth = Number(process.env.DEPTH ?? 3);
const browser = await launchChromium();
// The Web Vitals stage's own page: a fresh context (cold cache, the phone's screen, its observers), Slow 4G, CPU slowed.
// The profiler itself makes V8 collect source positions (as the Runtime domain does, ADR 0097): the profile shows
// where the time goes, not how much TBT a visitor's browser pays.
const { page } = await throttledPage(browser, new URL(url).origin, null, true);
await page.send('Profiler.enable');
await page.send('Profiler.setSamplingInterval', { interval: 200 });
await page.send('Profiler.start');
await page.goto(url);
await sleep(6000);
const { profile } = await page.send('Profiler.stop');
await browser.close();

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const fileOf = (frame) => (frame.url || `(${frame.functionName})`).split('/').pop();
const ms = (us) => `${(us / 1000).toFixed(1).padStart(7)} ms`;
const top = (map, n) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n).map(([key, us]) => `${ms(us)} ${key}`).join('\n');

const byFile = new Map();
profile.samples.forEach((id, i) => {
  const file = fileOf(byId.get(id).callFrame);
  byFile.set(file, (byFile.get(file) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
});
console.log(`${url}: busy time by script (Slow 4G, CPU ${SLOW_4G.cpuSlowdown}× slower)\n${top(byFile, 15)}`);

let clock = profile.startTime;
const times = profile.samples.map((_, i) => (clock += profile.timeDeltas[i]));
const isIdle = (id) => byId.get(id).callFrame.functionName === '(idle)';
let start = null;
profile.samples.forEach((id, i) => {
  const last = i === profile.samples.length - 1;
  if (!isIdle(id) && start === null) start = i;
  if ((isIdle(id) || last) && start !== null) {
    if (times[i] - times[start] >= 50_000) printStretch(start, i);
    start = null;
  }
});

function printStretch(from, to) {
  const byFrames = new Map();
  for (let i = from; i < to; i++) {
    const frames = [];
    for (let id = profile.samples[i]; id !== undefined; id = parent.get(id)) {
      const frame = byId.get(id).callFrame;
      frames.push(`${frame.functionName || '(anonymous)'}@${fileOf(frame)}:${frame.lineNumber}`);
    }
    const key = frames.reverse().slice(1, depth + 1).join(' > ');
    byFrames.set(key, (byFrames.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
  }
  console.log(`\nbusy ${((times[to] - times[from]) / 1000).toFixed(0)} ms from ${((times[from] - profile.startTime) / 1000).toFixed(0)} ms\n${top(byFrames, 10)}`);
}
