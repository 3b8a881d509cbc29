// Types for lib/heap-watch.mjs, for the test that checks it (test/integration/heap-watch.int-spec.ts).
export interface HeapSettings {
  enabled: boolean;
  inspectPort: number;
  snapshotAboveMb: number | null;
}
export interface HeapSample {
  label: string;
  usedMb: number;
  totalMb: number;
}
export const heapSettings: HeapSettings;
export function heapWatchArgs(settings?: HeapSettings): string[];
export function connectHeapWatch(options: { settings?: HeapSettings; outDir: string; log?: (line: string) => void; expectedPid?: number }): Promise<{
  samples: HeapSample[];
  check(label: string): Promise<HeapSample>;
  readonly snapshotFile: string | null;
  close(): void;
}>;
export function summariseHeap(samples: HeapSample[]): {
  firstMb: number;
  minMb: number;
  maxMb: number;
  lastMb: number;
  endOfRepetitionMb: Record<string, number>;
} | null;
