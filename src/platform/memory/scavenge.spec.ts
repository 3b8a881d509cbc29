import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { noteStreamedBytes, SCAVENGE_EVERY_BYTES, scavengingAsItFlows } from './scavenge.js';

const MiB = 1024 * 1024;

/**
 * How many minor collections (scavenges) V8 reports for `work`, waiting up to 5 s for `expected` of them: entries
 * arrive asynchronously, late on a busy machine. Without our calls there would be none here: the work allocates
 * almost no JS objects.
 */
async function scavengesFor(work: () => Promise<void> | void, expected: number): Promise<number> {
  let minor = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if ((entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR) minor += 1;
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  try {
    await work();
    for (let waited = 0; minor < expected && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
  } finally {
    observer.disconnect();
  }
  return minor;
}

describe('scavenging large streams', () => {
  it('runs a minor collection each time 16 MiB more have streamed', async () => {
    expect(SCAVENGE_EVERY_BYTES).toBe(16 * MiB);
    const count = await scavengesFor(() => {
      for (let i = 0; i < 48; i++) noteStreamedBytes(MiB);
    }, 3);
    expect(count).toBeGreaterThanOrEqual(3);
  });

  it('passes a stream through unchanged while counting it', async () => {
    const chunks = Array.from({ length: 40 }, (_, i) => Buffer.alloc(MiB, i));
    const received: Buffer[] = [];
    const count = await scavengesFor(
      () => pipeline(Readable.from(chunks), scavengingAsItFlows(), new Writable({
        write(chunk: Buffer, _encoding, done) {
          received.push(chunk);
          done();
        },
      })),
      2,
    );
    expect(Buffer.concat(received).equals(Buffer.concat(chunks))).toBe(true);
    expect(count).toBeGreaterThanOrEqual(2); // 40 MiB: two scavenges at least
  });
});
