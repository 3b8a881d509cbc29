// Types for lib/pg-waits.mjs, for the test that checks it (test/integration/pg-waits.int-spec.ts).
export interface ActivityRow {
  backend: string;
  state: string | null;
  wait_event_type: string | null;
  wait_event: string | null;
  query: string | null;
}
export interface WaitSample {
  at: number;
  rows: ActivityRow[];
}
export function sampleWaits(databaseUrl: string, options?: { everyMs?: number }): Promise<{ stop(): Promise<WaitSample[]> }>;
export function waitsBetween(samples: WaitSample[], from: number, to: number): { samples: number; waits: Array<{ what: string; count: number }> };
export function backgroundActivity(samples: WaitSample[], origin: number): Array<{ what: string; fromS: number; toS: number }>;
