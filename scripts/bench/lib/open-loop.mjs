// An open-loop load at a given rate (ADR 0070): requests leave at the moments independent users would send them —
// Poisson arrivals, a seeded random gap before each — whatever the server is doing, and each latency is counted
// from the moment its request was due, so a server that falls behind is charged for the wait (no coordinated
// omission). autocannon's `overallRate` is not that: every connection sends its share of the second at the top of
// each second, so the whole second's requests arrive as one burst, and the p99 measures how long the burst takes to
// drain.
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** A small seeded generator (mulberry32): the same seed gives the same arrivals, run after run. */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The moments (ms from the start) at which `rate` independent senders a second would send, over `seconds`. */
export function poissonArrivals({ rate, seconds, seed = 1 }) {
  const random = seededRandom(seed);
  const arrivals = [];
  let at = 0;
  for (;;) {
    // An exponential gap with mean 1/rate; 1 - random() is in (0, 1], so the log is finite.
    at += (-Math.log(1 - random()) / rate) * 1000;
    if (at >= seconds * 1000) return arrivals;
    arrivals.push(at);
  }
}

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null);

/**
 * Sends `request(i)` ({method, path, headers, body}) at each arrival, over at most `connections` kept-alive
 * connections (a request finding them all busy waits, and the wait counts). `onResponse(status, body, context)` sees
 * every answer; `context` is what `request` returned. Answers are waited for `graceMs` after the last arrival; those
 * still unheard then are `unanswered` (and `pending` names their contexts).
 */
export async function openLoop({ url, rate, seconds, seed = 1, connections = 100, timeoutMs = 10_000, graceMs = 10_000, request, onResponse }) {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const arrivals = poissonArrivals({ rate, seconds, seed });
  const latencies = [];
  /** [ms after the start the request was due, its latency]: where in the run the tail is. */
  const timeline = [];
  const statuses = {};
  const pending = new Set();
  let errors = 0;
  let timeouts = 0;
  let lateStarts = 0; // requests that left more than 10 ms after they were due: the load tool itself fell behind

  const send = (due, context) => new Promise((resolve) => {
    pending.add(context);
    const body = context.body === undefined ? undefined : Buffer.from(context.body);
    const req = http.request({
      agent, host: target.hostname, port: target.port, method: context.method ?? 'GET', path: context.path,
      headers: { ...context.headers, ...(body ? { 'content-length': body.length } : {}) }, timeout: timeoutMs,
    }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => { if (onResponse) chunks.push(chunk); });
      res.on('end', () => {
        latencies.push(performance.now() - due);
        timeline.push([due - started, performance.now() - due]);
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        pending.delete(context);
        // Decoded only for a caller that reads it: a 100 kB page made into a string per answer is the load tool's own work.
        if (onResponse) onResponse(res.statusCode, Buffer.concat(chunks).toString('utf8'), context);
        resolve();
      });
    });
    let timedOut = false;
    req.on('timeout', () => { timedOut = true; timeouts += 1; req.destroy(new Error('timeout')); });
    req.on('error', () => { if (!timedOut) errors += 1; pending.delete(context); resolve(); });
    req.end(body);
  });

  // The load tool's own stalls (its GC, its timers): a latency it records includes them.
  const clientDelay = monitorEventLoopDelay({ resolution: 5 });
  clientDelay.enable();
  const started = performance.now();
  const inFlight = [];
  for (let i = 0; i < arrivals.length; i++) {
    const due = started + arrivals[i];
    const wait = due - performance.now();
    // setTimeout fires no earlier than asked and often ~1 ms late; requests already due go out at once.
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    if (performance.now() - due > 10) lateStarts += 1;
    inFlight.push(send(due, request(i)));
  }
  const sentFor = (performance.now() - started) / 1000;
  let grace;
  await Promise.race([Promise.all(inFlight), new Promise((resolve) => { grace = setTimeout(resolve, graceMs); })]);
  clearTimeout(grace);
  agent.destroy();
  clientDelay.disable();

  const sorted = [...latencies].sort((a, b) => a - b);
  const round = (ms) => (ms === null ? null : Math.round(ms * 10) / 10);
  return {
    // When the loop began, on this process's performance.now() clock: to line other samples up with `slowest`.
    startedAt: started,
    sent: arrivals.length, seconds: sentFor, answered: latencies.length, statuses, errors, timeouts, lateStarts,
    unanswered: pending.size, pending: [...pending],
    clientLoopDelayMs: { p99: round(clientDelay.percentile(99) / 1e6), max: round(clientDelay.max / 1e6) },
    // The ten slowest answers with when in the run they were due: a tail at the start is a cold start, one spell a stall.
    slowest: [...timeline].sort((a, b) => b[1] - a[1]).slice(0, 10).map(([at, ms]) => ({ dueAtS: round(at / 1000), dueAtMs: round(at), ms: round(ms) })),
    latencyMs: { p50: round(percentile(sorted, 50)), p90: round(percentile(sorted, 90)), p99: round(percentile(sorted, 99)), max: round(sorted.at(-1) ?? null) },
  };
}
