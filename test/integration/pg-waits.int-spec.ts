import { backgroundActivity, waitsBetween, type ActivityRow, type WaitSample } from '../../scripts/bench/lib/pg-waits.mjs';

// The bench's wait sampler (scripts/bench/lib/pg-waits.mjs, ADR 0081): what PostgreSQL's backends waited on in a
// window of the run, named so that the write waiting for the WAL is told from the rest.
const row = (backend: string, wait: string | null, query: string | null = null, state: string | null = 'active'): ActivityRow => {
  const [type, event] = wait ? wait.split(':') : [null, null];
  return { backend, state, wait_event_type: type ?? null, wait_event: event ?? null, query };
};
const touch = 'update sessions set last_used_at = $1\n   from (select 1)';

describe('PostgreSQL wait samples', () => {
  const samples: WaitSample[] = [
    { at: 90, rows: [row('checkpointer', 'Timeout:CheckpointWriteDelay', null, null)] }, // before the run began
    { at: 100, rows: [row('client backend', 'IO:WALSync', touch), row('walwriter', 'Activity:WalWriterMain', null, null)] },
    { at: 110, rows: [row('client backend', 'IO:WALSync', touch), row('client backend', 'Client:ClientRead', 'select 1', 'idle in transaction')] },
    { at: 120, rows: [row('client backend', null, 'select s.id from sessions s'), row('checkpointer', 'Timeout:CheckpointWriteDelay')] },
    { at: 130, rows: [row('autovacuum worker', null, 'autovacuum: VACUUM public.sessions', null), row('checkpointer', 'Timeout:CheckpointWriteDelay')] },
    { at: 140, rows: [row('checkpointer', 'Timeout:CheckpointWriteDelay'), row('autovacuum worker', null, 'autovacuum: VACUUM public.sessions', null)] },
    { at: 400, rows: [row('checkpointer', 'Timeout:CheckpointWriteDelay'), row('autovacuum worker', null, 'autovacuum: VACUUM public.sessions', null)] },
  ];

  it('counts the waits inside a window only, naming the statement of a client that waits on something but its client', () => {
    const window = waitsBetween(samples, 100, 120);
    expect(window.samples).toBe(3);
    expect(window.waits).toEqual([
      { what: 'client backend IO:WALSync «update sessions set last_used_at = $1 from (select 1)»', count: 2 },
      { what: 'client backend Client:ClientRead', count: 1 },
      { what: 'client backend on CPU «select s.id from sessions s»', count: 1 },
      { what: 'checkpointer Timeout:CheckpointWriteDelay', count: 1 },
    ]);
    // Idle background processes ('Activity' waits) are not counted.
    expect(window.waits.some(({ what }) => what.startsWith('walwriter'))).toBe(false);
    expect(waitsBetween(samples, 200, 300)).toEqual({ samples: 0, waits: [] });
  });

  it('lists the background processes\' work as spells from the run\'s start, one per unbroken stretch of each, none before it', () => {
    expect(backgroundActivity(samples, 100)).toEqual([
      { what: 'checkpointer Timeout:CheckpointWriteDelay', fromS: 0.02, toS: 0.04 },
      { what: 'autovacuum worker on CPU autovacuum: VACUUM public.sessions', fromS: 0.03, toS: 0.04 },
      { what: 'checkpointer Timeout:CheckpointWriteDelay', fromS: 0.3, toS: 0.3 },
      { what: 'autovacuum worker on CPU autovacuum: VACUUM public.sessions', fromS: 0.3, toS: 0.3 },
    ]);
  });
});
