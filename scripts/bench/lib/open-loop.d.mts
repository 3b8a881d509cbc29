// Types for lib/open-loop.mjs, for the test that checks it (test/integration/open-loop.int-spec.ts).
export function seededRandom(seed: number): () => number;
export function poissonArrivals(options: { rate: number; seconds: number; seed?: number }): number[];

export interface OpenLoopRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  [key: string]: unknown;
}

export interface OpenLoopResult<C extends OpenLoopRequest> {
  /** When the loop began, on the performance.now() clock. */
  startedAt: number;
  sent: number;
  seconds: number;
  answered: number;
  statuses: Record<string, number>;
  errors: number;
  timeouts: number;
  lateStarts: number;
  unanswered: number;
  pending: C[];
  latencyMs: { p50: number | null; p90: number | null; p99: number | null; max: number | null };
}

export function openLoop<C extends OpenLoopRequest>(options: {
  url: string;
  rate: number;
  seconds: number;
  seed?: number;
  connections?: number;
  timeoutMs?: number;
  graceMs?: number;
  request: (i: number) => C;
  onResponse?: (status: number, body: string, context: C) => void;
}): Promise<OpenLoopResult<C>>;
