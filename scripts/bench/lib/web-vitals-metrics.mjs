// The pure arithmetic of the Core Web Vitals stage (issue 30 item 5, ADR 0058): the throttling profile, the targets,
// and how LCP, CLS and TBT are reduced from what the browser's PerformanceObservers saw. No browser here, so the
// rules are unit-tested (test/integration/web-vitals-metrics.int-spec.ts).

/** Issue 30's targets, Google's "good" thresholds. */
export const WEB_VITALS_TARGETS = { lcpMs: 2500, cls: 0.1, tbtMs: 200 };

// Lighthouse's "Slow 4G" (mobileSlow4G in GoogleChrome/lighthouse core/config/constants.js): 150 ms RTT, 1.6 Mbps
// down, 750 kbps up, CPU 4× slower. Applied through DevTools (packet-level throttling it is not), Lighthouse scales
// the latency by 3.75 and the throughputs by 0.9 (DEVTOOLS_RTT_ADJUSTMENT_FACTOR, DEVTOOLS_THROUGHPUT_ADJUSTMENT_FACTOR,
// crbug.com/721112): per-request latency stands in for the round trips of DNS, TCP, TLS and the request itself.
const RTT_ADJUSTMENT = 3.75;
const THROUGHPUT_ADJUSTMENT = 0.9;
export const SLOW_4G = {
  rttMs: 150,
  latencyMs: 150 * RTT_ADJUSTMENT,
  downloadKbps: 1.6 * 1024 * THROUGHPUT_ADJUSTMENT,
  uploadKbps: 750 * THROUGHPUT_ADJUSTMENT,
  cpuSlowdown: 4,
};

/** CDP's Network.emulateNetworkConditions takes bytes per second. */
export function networkConditions(profile = SLOW_4G) {
  const bytesPerSecond = (kbps) => (kbps * 1024) / 8;
  return {
    offline: false,
    latency: profile.latencyMs,
    downloadThroughput: bytesPerSecond(profile.downloadKbps),
    uploadThroughput: bytesPerSecond(profile.uploadKbps),
  };
}

// Lighthouse's mobile screen (a Moto G Power) and its user agent, so the pages take their phone layout.
export const MOBILE_SCREEN = { width: 412, height: 823, deviceScaleFactor: 1.75 };
export const MOBILE_USER_AGENT = 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36';

/** A task longer than this blocks input; only what exceeds it counts (Lighthouse's BLOCKING_TIME_THRESHOLD). */
export const BLOCKING_THRESHOLD_MS = 50;

/**
 * Total blocking time over [from, to] (ms since navigation start), as Lighthouse computes it: each long task is first
 * clipped to the window (work before FCP is not blocking: nobody can interact with a blank page), then what exceeds
 * 50 ms of the clipped task counts.
 */
export function totalBlockingTime(longTasks, from, to) {
  if (!(to > from)) return 0;
  let sum = 0;
  for (const task of longTasks) {
    const start = Math.max(task.startTime, from);
    const end = Math.min(task.startTime + task.duration, to);
    if (end - start > BLOCKING_THRESHOLD_MS) sum += end - start - BLOCKING_THRESHOLD_MS;
  }
  return sum;
}

/**
 * Cumulative layout shift as Chrome reports it since 2021 (and the web-vitals package computes it): shifts without
 * recent input grouped into session windows — a window ends after a 1 s gap or 5 s from its first shift — and the
 * largest window's sum is the page's CLS.
 */
export function cumulativeLayoutShift(shifts) {
  let largest = 0;
  let current = 0;
  let first = null;
  let previous = null;
  for (const shift of [...shifts].filter((s) => !s.hadRecentInput).sort((a, b) => a.startTime - b.startTime)) {
    if (first !== null && shift.startTime - previous < 1000 && shift.startTime - first < 5000) {
      current += shift.value;
    } else {
      current = shift.value;
      first = shift.startTime;
    }
    previous = shift.startTime;
    largest = Math.max(largest, current);
  }
  return largest;
}

/** The page's LCP: the last candidate the browser reported (it stops reporting at the first input). */
export function largestContentfulPaint(candidates) {
  if (candidates.length === 0) return null;
  return candidates.reduce((last, entry) => (entry.startTime >= last.startTime ? entry : last));
}

/** The median of numbers (the mean of the middle two for an even count); null for none. */
export function median(values) {
  const sorted = values.filter((value) => typeof value === 'number' && Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * One page's figures from what its observers recorded in one view: FCP, LCP (and its element), CLS, and TBT between FCP
 * and the end of the observation (`observedUntil`: the load event followed by a quiet spell with no long task).
 */
export function summariseView(observed) {
  const fcp = observed.paints.find((paint) => paint.name === 'first-contentful-paint')?.startTime ?? null;
  const lcp = largestContentfulPaint(observed.lcp);
  return {
    fcpMs: fcp,
    lcpMs: lcp?.startTime ?? null,
    lcpElement: lcp?.element ?? null,
    cls: cumulativeLayoutShift(observed.shifts),
    tbtMs: fcp === null ? null : totalBlockingTime(observed.longTasks, fcp, observed.observedUntil),
    longTasks: observed.longTasks.length,
  };
}

/** A page's median over its views, figure by figure (each figure's own median, not the figures of one median view). */
export function medianOfViews(views) {
  const of = (key) => median(views.map((view) => view[key]));
  return {
    runs: views.length,
    fcpMs: of('fcpMs'),
    lcpMs: of('lcpMs'),
    cls: of('cls'),
    tbtMs: of('tbtMs'),
    bytes: of('bytes'),
    requests: of('requests'),
    lcpElement: views.map((view) => view.lcpElement).find(Boolean) ?? null,
  };
}

/** Whether a page's medians meet the targets, figure by figure. */
export function meetsTargets(page, targets = WEB_VITALS_TARGETS) {
  return {
    lcp: page.lcpMs !== null && page.lcpMs <= targets.lcpMs,
    cls: page.cls !== null && page.cls <= targets.cls,
    tbt: page.tbtMs !== null && page.tbtMs <= targets.tbtMs,
  };
}
