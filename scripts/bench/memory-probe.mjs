// Is the machine's memory slower at times? A probe to run beside a whole bench (ADR 0013, sessions 48–49): session 47
// found every process's CPU per request rising ~25 minutes into a bench, the bare baselines too, while a probe whose
// work fits in the CPU's caches (a 64 kB hash) read no slower. This one chases pointers through a buffer far larger
// than any cache, so each step is a trip to memory: if a neighbour on the host (or anything else) makes memory slower,
// its nanoseconds per step rise. Beside it, the same chase through 8 MB (fits the 32 MB L3 of this machine's EPYC,
// unless something else fills it) and a loop that stays in L1, as the hash probe did. It costs ~6% of one core,
// enough for the bench to count it as foreign CPU and repeat runs: use it for a question about the machine, not for figures.
//   node scripts/bench/memory-probe.mjs [out.jsonl] [megabytes=128]
// One JSON line per second: { at, chaseNs, l3Ns, cachedNs } (CPU nanoseconds per step, so time off the CPU does not count).
import { appendFileSync } from 'node:fs';

const out = process.argv[2] ?? 'var/bench/memory-probe.jsonl';
const megabytes = Number(process.argv[3] ?? 128);
const size = (megabytes * 1024 * 1024) / 4;

/** Sattolo's shuffle: one cycle through every slot, in an order the prefetcher cannot guess. */
function cycle(slots) {
  const next = new Int32Array(slots);
  for (let i = 0; i < slots; i++) next[i] = i;
  for (let i = slots - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * i);
    const swap = next[i];
    next[i] = next[j];
    next[j] = swap;
  }
  return next;
}
const memory = { next: cycle(size), position: 0 };
const l3 = { next: cycle((8 * 1024 * 1024) / 4), position: 0 };
const small = new Int32Array(4096); // 16 kB: stays in L1
for (let i = 0; i < small.length; i++) small[i] = (i * 2654435761) >>> 20;

/** CPU nanoseconds per step of `steps` dependent loads through a cycle. */
function chase(buffer, steps) {
  const before = process.cpuUsage();
  const next = buffer.next;
  let p = buffer.position;
  for (let i = 0; i < steps; i++) p = next[p];
  buffer.position = p;
  const used = process.cpuUsage(before);
  return ((used.user + used.system) * 1000) / steps;
}
let sink = 0;
/** CPU nanoseconds per step of the same dependent loop, inside 16 kB. */
function cached(steps) {
  const before = process.cpuUsage();
  let p = 0;
  for (let i = 0; i < steps; i++) p = (small[p & 4095] + i) & 4095;
  sink += p;
  const used = process.cpuUsage(before);
  return ((used.user + used.system) * 1000) / steps;
}

chase(memory, 200_000); // JIT
chase(l3, 2_000_000); // and brings the 8 MB into the caches
cached(2_000_000);
const round = (value, digits) => Math.round(value * 10 ** digits) / 10 ** digits;
setInterval(() => {
  const line = { at: new Date().toISOString(), chaseNs: round(chase(memory, 50_000), 1), l3Ns: round(chase(l3, 100_000), 1), cachedNs: round(cached(4_000_000), 2) };
  appendFileSync(out, `${JSON.stringify(line)}\n`);
}, 1000);
process.on('SIGTERM', () => process.exit(sink === -1 ? 1 : 0));
