// BENCH_HEAP=1: the shop's live heap after each target, over V8's inspector (ADR 0085). After a target's load the bench
// asks the shop for two full collections and reads the heap used afterwards, so a heap that grows from one repetition
// to the next (a leak, or caches that keep filling) shows as a series rather than as a crash 34 minutes in (ADR 0084).
// BENCH_HEAP_SNAPSHOT_MB=<n> also writes one heap snapshot, the first time the live heap passes n MB, to name what
// holds it (open it in Chromium's DevTools, Memory tab).
//
// Off by default: the inspector's port is open on 127.0.0.1 for the bench's life (any local user could attach to the
// shop meanwhile), and each check stops the shop's thread for a full collection (~50–150 ms), which the next target's
// warm-up absorbs.
import { createWriteStream } from 'node:fs';
import path from 'node:path';

export const heapSettings = {
  enabled: process.env.BENCH_HEAP === '1',
  inspectPort: Number(process.env.BENCH_HEAP_INSPECT_PORT ?? 9239),
  snapshotAboveMb: process.env.BENCH_HEAP_SNAPSHOT_MB ? Number(process.env.BENCH_HEAP_SNAPSHOT_MB) : null,
};

/** The node flag that opens the shop's inspector, when the watch is on. */
export function heapWatchArgs(settings = heapSettings) {
  return settings.enabled ? [`--inspect=127.0.0.1:${settings.inspectPort}`] : [];
}

/**
 * Connects to the shop's inspector (after the shop is ready). `check(label)` forces two full collections and returns
 * `{ label, usedMb, totalMb }`; the series is kept in `samples`.
 */
export async function connectHeapWatch({ settings = heapSettings, outDir, log, expectedPid }) {
  const listing = await fetch(`http://127.0.0.1:${settings.inspectPort}/json/list`).then((response) => response.json());
  const socket = new WebSocket(listing[0].webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', () => reject(new Error('the shop\'s inspector refused the connection')), { once: true });
  });
  let nextId = 1;
  const pending = new Map();
  let onChunk = null;
  // A shop that dies mid-check (what this watch is for) must fail the bench, not leave it waiting for an answer.
  let closed = false;
  socket.addEventListener('close', () => {
    closed = true;
    for (const { reject } of pending.values()) reject(new Error('the shop\'s inspector closed (did the shop die?)'));
    pending.clear();
  });
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(event.data);
    if (message.id && pending.has(message.id)) {
      const { resolve, reject } = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) reject(new Error(message.error.message));
      else resolve(message.result);
    } else if (message.method === 'HeapProfiler.addHeapSnapshotChunk') {
      onChunk?.(message.params.chunk);
    }
  });
  const call = (method, params = {}) => new Promise((resolve, reject) => {
    if (closed) return reject(new Error('the shop\'s inspector closed (did the shop die?)'));
    const id = nextId++;
    pending.set(id, { resolve, reject });
    socket.send(JSON.stringify({ id, method, params }));
  });

  // When the port was already taken, node only logs that its inspector could not start: the watch would then read
  // whatever process holds the port. It must be the shop it was started with.
  const { result } = await call('Runtime.evaluate', { expression: 'process.pid' });
  if (expectedPid !== undefined && result.value !== expectedPid) {
    socket.close();
    throw new Error(`port ${settings.inspectPort} belongs to process ${result.value}, not the shop (${expectedPid}): set BENCH_HEAP_INSPECT_PORT`);
  }

  const samples = [];
  let snapshotFile = null;
  const mb = (bytes) => Math.round((bytes / 2 ** 20) * 10) / 10;

  async function snapshot(label) {
    const file = path.join(outDir, `heap-${label.replace(/[^a-z0-9-]+/gi, '_')}.heapsnapshot`);
    const out = createWriteStream(file);
    onChunk = (chunk) => out.write(chunk);
    await call('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    onChunk = null;
    await new Promise((resolve) => out.end(resolve));
    return file;
  }

  return {
    samples,
    async check(label) {
      // Two collections: the first may leave objects whose finalisers free more on the second.
      await call('HeapProfiler.collectGarbage');
      await call('HeapProfiler.collectGarbage');
      const usage = await call('Runtime.getHeapUsage');
      const sample = { label, usedMb: mb(usage.usedSize), totalMb: mb(usage.totalSize) };
      samples.push(sample);
      if (settings.snapshotAboveMb !== null && !snapshotFile && sample.usedMb > settings.snapshotAboveMb) {
        snapshotFile = await snapshot(label);
        log?.(`  heap snapshot (${sample.usedMb} MB live > ${settings.snapshotAboveMb} MB): ${path.relative(process.cwd(), snapshotFile)}`);
      }
      return sample;
    },
    get snapshotFile() { return snapshotFile; },
    close() { socket.close(); },
  };
}

/** The series in a few lines: first, lowest, highest and last live heap, and the last value of each repetition. */
export function summariseHeap(samples) {
  if (samples.length === 0) return null;
  const used = samples.map((sample) => sample.usedMb);
  const byRepetition = {};
  for (const sample of samples) {
    const repetition = /^r(\d+)/.exec(sample.label)?.[1];
    if (repetition) byRepetition[repetition] = sample.usedMb;
  }
  return {
    firstMb: used[0],
    minMb: Math.min(...used),
    maxMb: Math.max(...used),
    lastMb: used.at(-1),
    endOfRepetitionMb: byRepetition,
  };
}
