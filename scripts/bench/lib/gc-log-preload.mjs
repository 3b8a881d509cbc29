// An `--import` for the shop (scripts/bench/gc-ab.mjs, or BENCH_NODE_ARGS="--import <this file>" for a whole bench):
// one JSON line per event to DIAG_OUT, with epoch times — event-loop stalls of 30 ms or more, GC pauses of 8 ms or
// more, and every second the heap spaces and the running count and time of each kind of GC (ADR 0090).
import { appendFileSync } from 'node:fs';
import { PerformanceObserver, constants } from 'node:perf_hooks';
import v8 from 'node:v8';
// The shop runs from the repository's root; var/ is git-ignored.
const out = process.env.DIAG_OUT ?? 'var/bench/shop-gc.jsonl';
const write = (o) => appendFileSync(out, JSON.stringify({ t: Date.now(), ...o }) + '\n');
write({ event: 'start', pid: process.pid });
const kinds = { [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major', [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor', [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental', [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb' };
const counts = { major: 0, minor: 0, incremental: 0, weakcb: 0 };
const ms = { major: 0, minor: 0, incremental: 0, weakcb: 0 };
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    const k = kinds[e.detail?.kind] ?? 'other';
    counts[k] = (counts[k] ?? 0) + 1; ms[k] = (ms[k] ?? 0) + e.duration;
    if (e.duration >= 8) write({ event: 'gc', kind: k, ms: Math.round(e.duration * 10) / 10, at: Math.round(performance.timeOrigin + e.startTime) });
  }
}).observe({ entryTypes: ['gc'] });
let last = performance.now();
setInterval(() => {
  const now = performance.now();
  const lag = now - last - 20;
  if (lag >= 30) write({ event: 'lag', ms: Math.round(lag) });
  last = now;
}, 20).unref();
setInterval(() => {
  const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name.replace('_space', ''), Math.round(s.space_used_size / 1e5) / 10]));
  const m = process.memoryUsage();
  write({ event: 'mem', rss: Math.round(m.rss / 1e6), ext: Math.round(m.external / 1e6), spaces, counts: { ...counts }, gcMs: Object.fromEntries(Object.entries(ms).map(([k, v]) => [k, Math.round(v)])) });
}, 1000).unref();
