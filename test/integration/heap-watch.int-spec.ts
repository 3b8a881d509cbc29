import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connectHeapWatch, heapWatchArgs, summariseHeap, type HeapSettings } from '../../scripts/bench/lib/heap-watch.mjs';

// ADR 0085: BENCH_HEAP=1 reads the shop's live heap over V8's inspector after each target. Checked here against a real
// node process with its inspector open: one that holds ~40 MB until told to let go, so a collection can be seen.
const PORT = 9349;
const settings = (snapshotAboveMb: number | null): HeapSettings => ({ enabled: true, inspectPort: PORT, snapshotAboveMb });
const HOLDER = `
  let held = Array.from({ length: 40 }, () => new Array(128 * 1024).fill(1.5));
  process.stdin.on('data', () => { held = null; process.stdout.write('released\\n'); });
  process.stdout.write('holding\\n');`;

let child: ChildProcess;
let outDir: string;
const nextLine = () => new Promise<string>((resolve) => child.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())));

beforeEach(async () => {
  outDir = mkdtempSync(path.join(tmpdir(), 'heap-watch-'));
  child = spawn(process.execPath, [...heapWatchArgs(settings(null)), '-e', HOLDER], { stdio: ['pipe', 'pipe', 'ignore'] });
  expect(await nextLine()).toBe('holding');
});

afterEach(async () => {
  // Gone before the next test's process opens the same inspector port.
  if (child.exitCode === null && child.signalCode === null) {
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill();
    });
  }
  rmSync(outDir, { recursive: true, force: true });
});

describe('bench heap watch (BENCH_HEAP=1)', () => {
  it('opens no inspector unless asked', () => {
    expect(heapWatchArgs({ ...settings(null), enabled: false })).toEqual([]);
    expect(heapWatchArgs(settings(null))).toEqual([`--inspect=127.0.0.1:${PORT}`]);
  });

  it('reads the heap that survives a full collection: what is held counts, what was let go does not', async () => {
    const watch = await connectHeapWatch({ settings: settings(null), outDir, expectedPid: child.pid });
    try {
      const holding = await watch.check('r1-holding');
      child.stdin!.write('go\n');
      expect(await nextLine()).toBe('released');
      const released = await watch.check('r1-released');
      // 40 arrays of 128k doubles: ~40 MB, gone after the collections the check forces.
      expect(holding.usedMb).toBeGreaterThan(38);
      expect(released.usedMb).toBeLessThan(holding.usedMb - 35);
      expect(summariseHeap(watch.samples)).toEqual({
        firstMb: holding.usedMb, minMb: released.usedMb, maxMb: holding.usedMb, lastMb: released.usedMb, endOfRepetitionMb: { 1: released.usedMb },
      });
      expect(watch.snapshotFile).toBeNull();
    } finally {
      watch.close();
    }
  });

  it('refuses a port that belongs to another process than the one it was told to watch', async () => {
    await expect(connectHeapWatch({ settings: settings(null), outDir, expectedPid: child.pid! + 1 })).rejects.toThrow(/belongs to process \d+, not the shop/);
  });

  it('fails a check when the process dies, instead of waiting for an answer', async () => {
    const watch = await connectHeapWatch({ settings: settings(null), outDir, expectedPid: child.pid });
    child.kill('SIGKILL');
    await expect(watch.check('r1-after-death')).rejects.toThrow(/inspector closed/);
  });

  it('writes one heap snapshot the first time the live heap passes the line, and no more', async () => {
    const lines: string[] = [];
    const watch = await connectHeapWatch({ settings: settings(20), outDir, log: (line) => lines.push(line) });
    try {
      await watch.check('r1-first');
      await watch.check('r1-second');
      expect(watch.snapshotFile).toBe(path.join(outDir, 'heap-r1-first.heapsnapshot'));
      // A snapshot is JSON with the heap's nodes: one that names the held arrays' constructor.
      const snapshot = JSON.parse(readFileSync(watch.snapshotFile!, 'utf8')) as { snapshot: { node_count: number }; strings: string[] };
      expect(snapshot.snapshot.node_count).toBeGreaterThan(1000);
      expect(snapshot.strings).toContain('Array');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('heap snapshot');
    } finally {
      watch.close();
    }
  });
});
