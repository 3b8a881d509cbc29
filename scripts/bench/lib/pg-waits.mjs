// What PostgreSQL's backends were waiting on while a load ran (issue 30 item 2: the learners' tail after
// `api-progress`, ADR 0081). A second connection samples `pg_stat_activity` every `everyMs`; afterwards
// `waitsBetween` names the waits seen in a window (the whole run, or around one slow answer) and `backgroundActivity`
// lists what the background processes did, with when.
// The sampler costs one small query per sample on its own connection: ~100 a second, measurable but small beside the
// load it watches, and only when asked for (BENCH_PG_WAITS=1).
import pg from 'pg';

const SAMPLE = `
  select coalesce(backend_type, '?') as backend, state, wait_event_type, wait_event, left(query, 60) as query
  from pg_stat_activity
  where pid <> pg_backend_pid() and (state is distinct from 'idle' or backend_type <> 'client backend')`;

/** Starts sampling; `stop()` answers the samples as `{ at, rows }`, `at` on this process's performance.now() clock. */
export async function sampleWaits(databaseUrl, { everyMs = 10 } = {}) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const samples = [];
  let running = true;
  let failure = null;
  // A dropped connection must not end the bench (its shop and lock are cleaned up only on a normal exit): the
  // sampling stops, and the samples so far are kept and said to be cut short.
  client.on('error', (error) => {
    failure ??= error;
  });
  const loop = (async () => {
    while (running && !failure) {
      const sent = performance.now();
      try {
        const { rows } = await client.query(SAMPLE);
        // Stamped halfway between sending and answer: the moment the snapshot was most likely taken.
        samples.push({ at: (sent + performance.now()) / 2, rows });
      } catch (error) {
        failure ??= error;
        break;
      }
      const wait = everyMs - (performance.now() - sent);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  })();
  let stopped = null;
  return {
    /** Ends the sampling and answers the samples; a second call answers the same (a `finally` may call it first). */
    stop() {
      stopped ??= (async () => {
        running = false;
        await loop;
        await client.end().catch(() => {});
        if (failure) console.error(`The wait sampler stopped early: ${failure.message}`);
        return samples;
      })();
      return stopped;
    },
  };
}

// A background process has no state: without a wait event it is working, as a client that is 'active' is.
const wait = (row) => (row.wait_event ? `${row.wait_event_type}:${row.wait_event}` : row.state === 'active' || row.state === null ? 'on CPU' : row.state);
// A client's wait names its statement too (which write waits for the WAL), except while it only waits for its client.
const key = (row) => `${row.backend} ${wait(row)}${row.backend === 'client backend' && row.wait_event_type !== 'Client' && row.query ? ` «${row.query.replace(/\s+/g, ' ').trim()}»` : ''}`;

/** Counts of backend × wait seen in the samples between `from` and `to` (ms, the samples' clock), most first. */
export function waitsBetween(samples, from, to) {
  const counts = new Map();
  let n = 0;
  for (const sample of samples) {
    if (sample.at < from || sample.at > to) continue;
    n += 1;
    for (const row of sample.rows) if (row.wait_event_type !== 'Activity') counts.set(key(row), (counts.get(key(row)) ?? 0) + 1);
  }
  return { samples: n, waits: [...counts].sort((a, b) => b[1] - a[1]).map(([what, count]) => ({ what, count })) };
}

/** Backends other than the clients' (autovacuum, checkpointer, WAL writer…) that were busy at some point, with when. */
export function backgroundActivity(samples, origin) {
  const spells = [];
  const open = new Map(); // what → its latest spell, so that two processes busy at once each keep one spell
  for (const sample of samples) {
    const ms = sample.at - origin;
    if (ms < 0) continue; // before the run began
    for (const row of sample.rows) {
      // Background processes idle in their main loop wait on an 'Activity' event; anything else is work.
      if (row.backend === 'client backend' || row.wait_event_type === 'Activity') continue;
      const what = `${key(row)}${row.query ? ` ${row.query}` : ''}`;
      const spell = open.get(what);
      if (spell && ms - spell.toMs < 50) spell.toMs = ms;
      else {
        const started = { what, fromMs: ms, toMs: ms };
        spells.push(started);
        open.set(what, started);
      }
    }
  }
  return spells.map((s) => ({ what: s.what, fromS: Math.round(s.fromMs) / 1000, toS: Math.round(s.toMs) / 1000 }));
}
