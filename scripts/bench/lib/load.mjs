// One measured run: autocannon against a target whose path changes on every request, with /proc read
// meanwhile; a run during which other processes used more than a tenth of a core is repeated.
import autocannon from 'autocannon';
import { setTimeout as sleep } from 'node:timers/promises';
import { startSampling } from './proc.mjs';

/**
 * Where each list of paths goes on: a run continues where the last one (the warm-up, the other concurrency)
 * stopped, so a cache-miss target never asks again for what a run a few seconds before made the shop cache.
 */
const positions = new WeakMap();

/** `request(path)` (optional) makes each request: method, headers and body besides the path (the basket targets). */
export function fire({ url, paths, connections, duration, request }) {
  let next = positions.get(paths) ?? 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections,
        duration,
        // A fresh path per request (category, product, search term...), in a fixed order.
        requests: [{
          method: 'GET',
          setupRequest: (base) => {
            const path = paths[next++ % paths.length];
            positions.set(paths, next % paths.length);
            return request ? { ...base, ...request(path) } : { ...base, path };
          },
        }],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/** A short run whose figures are thrown away: JIT, caches and connection pools settle first. */
export async function warmUp({ url, paths, seconds, request }) {
  await fire({ url, paths, connections: 50, duration: seconds, request });
}

/**
 * Waits until the server and its database are idle: when autocannon stops, requests it gave up on may
 * still be running (slow pages pile up at c50), and their work must not be billed to the next run.
 */
export async function settle({ server, ourPids, database, timeoutSeconds = 60 }) {
  const deadline = Date.now() + timeoutSeconds * 1000;
  while (Date.now() < deadline) {
    const stop = startSampling({ serverPid: server.pid, ourPids, database });
    await sleep(500);
    const usage = stop();
    if (usage.ourCores + usage.databaseCores < 0.05) return true;
  }
  return false;
}

// Runs in a row that stayed noisy through every attempt: on a box that is busy for a long stretch, repeating
// only triples the bench's length, so after three such runs each run gets one attempt until one is quiet.
let noisyStreak = 0;

export async function measure({ target, server, ourPids, database, connections, seconds, foreignLimit, maxAttempts, log }) {
  const attempts = [];
  const allowed = noisyStreak >= 3 ? 1 : maxAttempts;
  for (let attempt = 1; attempt <= allowed; attempt++) {
    if (!(await settle({ server, ourPids, database }))) log(`    ${target.name}: the server was still busy after 60 s; measuring anyway`);
    const stop = startSampling({ serverPid: server.pid, ourPids, database });
    const result = await fire({ url: target.url, paths: target.paths, connections, duration: seconds, request: target.request });
    const usage = stop();
    const requests = result.requests.total;
    const cpuSeconds = usage.serverCpuSeconds + usage.databaseCpuSeconds;
    const run = {
      reqPerSec: requests / result.duration,
      latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
      requests,
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      serverCores: usage.serverCores,
      databaseCores: usage.databaseCores,
      clientCores: usage.clientCores,
      foreignCores: usage.foreignCores,
      reqPerCpuSecond: cpuSeconds > 0 ? requests / cpuSeconds : null,
      peakRssMb: usage.peakRssMb,
    };
    attempts.push(run);
    if (usage.foreignCores <= foreignLimit) break;
    log(`    ${target.name} c${connections}: other processes used ${usage.foreignCores.toFixed(2)} cores; ${attempt < allowed ? 'repeating' : 'keeping the quietest attempt'}`);
  }
  const best = attempts.reduce((quietest, run) => (run.foreignCores < quietest.foreignCores ? run : quietest));
  noisyStreak = best.foreignCores > foreignLimit ? noisyStreak + 1 : 0;
  return { ...best, attempts: attempts.length, noisy: best.foreignCores > foreignLimit };
}
