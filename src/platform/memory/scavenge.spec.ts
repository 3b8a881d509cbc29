import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { noteStreamedBytes, SCAVENGE_EVERY_BYTES, scavengingAsItFlows } from './scavenge.js';

/** The minor collections (scavenges) V8 reports while `work` runs. */
async function scavengesDuring(work: () => Promise<void> | void): Promise<number> {
  const entries: PerformanceEntry[] = [];
  const observer = new PerformanceObserver((list) => entries.push(...list.getEntries()));
  observer.observe({ entryTypes: ['gc'] });
  try {
    await work();
    await new Promise((resolve) => setTimeout(resolve, 50)); // entries are delivered asynchronously
  } finally {
    observer.disconnect();
  }
  return entries.filter((entry) => (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR).length;
}

describe('scavenging large streams', () => {
  it('runs a minor collection every 16 MiB streamed, and none for less', async () => {
    noteStreamedBytes(SCAVENGE_EVERY_BYTES); // start the count from zero, whatever ran before
    expect(await scavengesDuring(() => noteStreamedBytes(SCAVENGE_EVERY_BYTES - 1))).toBe(0);
    expect(await scavengesDuring(() => noteStreamedBytes(1))).toBeGreaterThanOrEqual(1);
  });

  it('passes a stream through unchanged while counting it', async () => {
    const chunks = Array.from({ length: 40 }, (_, i) => Buffer.alloc(1024 * 1024, i));
    const received: Buffer[] = [];
    const count = await scavengesDuring(() =>
      pipeline(Readable.from(chunks), scavengingAsItFlows(), new Writable({
        write(chunk: Buffer, _encoding, done) {
          received.push(chunk);
          done();
        },
      })),
    );
    expect(Buffer.concat(received).equals(Buffer.concat(chunks))).toBe(true);
    expect(count).toBeGreaterThanOrEqual(2); // 40 MiB: two scavenges of ours at least
  });
});
