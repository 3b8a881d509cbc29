// The median of the repetitions per target and concurrency, its ratio to its baseline, and the tables.

const median = (values) => {
  const sorted = values.filter((value) => value !== null && value !== undefined).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** One row per target and concurrency: medians over repetitions, the worst noise, the ratio to the baseline. */
export function summarise(targets, runs) {
  const rows = [];
  for (const target of targets) {
    for (const connections of [...new Set(runs.map((run) => run.connections))]) {
      const mine = runs.filter((run) => run.target === target.name && run.connections === connections);
      if (mine.length === 0) continue;
      rows.push({
        target: target.name,
        server: target.server,
        example: target.paths[0],
        connections,
        repetitions: mine.length,
        reqPerSec: median(mine.map((run) => run.reqPerSec)),
        latencyMs: { p50: median(mine.map((run) => run.latencyMs.p50)), p99: median(mine.map((run) => run.latencyMs.p99)) },
        serverCores: median(mine.map((run) => run.serverCores)),
        databaseCores: median(mine.map((run) => run.databaseCores)),
        reqPerCpuSecond: median(mine.map((run) => run.reqPerCpuSecond)),
        peakRssMb: Math.max(...mine.map((run) => run.peakRssMb)),
        foreignCores: Math.max(...mine.map((run) => run.foreignCores)),
        noisy: mine.some((run) => run.noisy),
        non2xx: mine.reduce((sum, run) => sum + run.non2xx, 0),
        errors: mine.reduce((sum, run) => sum + run.errors + run.timeouts, 0),
        baseline: target.baseline ?? null,
      });
    }
  }
  for (const row of rows) {
    const base = rows.find((other) => other.target === row.baseline && other.connections === row.connections);
    row.baselineReqPerSec = base?.reqPerSec ?? null;
    row.ratio = base?.reqPerSec ? row.reqPerSec / base.reqPerSec : null;
  }
  return rows;
}

const pad = (value, width, left = false) => (left ? String(value).padEnd(width) : String(value).padStart(width));
const num = (value, digits = 0) => (value === null || value === undefined ? '–' : value.toFixed(digits));

export function printTable(rows, log = console.log) {
  const header = [
    pad('target', 14, true), pad('server', 9, true), pad('c', 3), pad('req/s', 7), pad('p50 ms', 7), pad('p99 ms', 7),
    pad('baseline', 14, true), pad('ratio', 6), pad('srv cpu', 8), pad('db cpu', 7), pad('req/cpu-s', 10), pad('RSS MB', 7), pad('noise', 6), ' notes',
  ].join(' ');
  log(header);
  log('-'.repeat(header.length));
  for (const row of rows) {
    const notes = [
      row.noisy ? 'noisy' : '',
      row.non2xx ? `${row.non2xx} non-2xx` : '',
      row.errors ? `${row.errors} errors` : '',
    ].filter(Boolean).join(', ');
    log([
      pad(row.target, 14, true), pad(row.server, 9, true), pad(row.connections, 3), pad(num(row.reqPerSec), 7),
      pad(num(row.latencyMs.p50, 1), 7), pad(num(row.latencyMs.p99, 1), 7), pad(row.baseline ?? '', 14, true),
      pad(row.ratio === null ? '' : `${Math.round(row.ratio * 100)}%`, 6), pad(num(row.serverCores, 2), 8), pad(num(row.databaseCores, 2), 7),
      pad(num(row.reqPerCpuSecond), 10), pad(num(row.peakRssMb), 7), pad(num(row.foreignCores, 2), 6), ` ${notes}`,
    ].join(' '));
  }
  log('c: connections; cpu in cores (1.00 = one core busy); noise: the most CPU other processes used during a kept run (cores).');
}

export function printClient(pages, log = console.log) {
  const kb = (bytes) => (bytes / 1024).toFixed(1);
  log('\nClient: initial JS and CSS per page (kB; gzip at zlib default, brotli at quality 11)');
  log(`${pad('page', 42, true)} ${pad('JS gzip', 8)} ${pad('JS br', 7)} ${pad('files', 5)} ${pad('CSS gzip', 8)} ${pad('CSS br', 7)}`);
  for (const page of pages) {
    log(`${pad(page.pageId, 42, true)} ${pad(kb(page.js.gzip), 8)} ${pad(kb(page.js.brotli), 7)} ${pad(page.js.files, 5)} ${pad(kb(page.css.gzip), 8)} ${pad(kb(page.css.brotli), 7)}`);
  }
}

export function printSearch(results, products, log = console.log) {
  log(`\nSearch in the database at ${products} products (ms; one query at a time, idle server; request = summary`);
  log('(total, facets, walked page), correction when nothing matched, and the ranked page when the walk did not fill');
  log('it; sum = the summary alone). The plans must use the indexes at 100k products; on small tables PostgreSQL');
  log('rightly prefers a scan. req cpu = the backend\'s CPU per request (mean); busy = cores the machine kept busy');
  log('meanwhile (this measurement is ~1 of them): wall times on a busy box are mostly the wait for a core.');
  log(`${pad('term', 18, true)} ${pad('matches', 8)} ${pad('sum p50', 9)} ${pad('sum p95', 9)} ${pad('req p50', 8)} ${pad('req p95', 8)} ${pad('req cpu', 8)} ${pad('busy', 5)} plan`);
  for (const term of results) {
    const corrected = term.correctedTo ? ` (corrected to "${term.correctedTo}")` : '';
    log(`${pad(term.term, 18, true)} ${pad(term.matches, 8)} ${pad(num(term.listMs.p50, 2), 9)} ${pad(num(term.listMs.p95, 2), 9)} ${pad(num(term.requestMs.p50, 2), 8)} ${pad(num(term.requestMs.p95, 2), 8)} ${pad(num(term.requestCpuMs, 2), 8)} ${pad(num(term.busyCores, 1), 5)} ${term.plan.guard}${corrected}`);
  }
}

/** Issue 30 item 2: the paced progress reports of 10,000 learners, and whether any 2xx report was lost. */
export function printLearnersAtScale(result, log = console.log) {
  log(`\nLearners at scale: ${result.learners} enrolled learners, ${result.rate} reports/s asked for ${result.seconds.toFixed(0)} s (open loop, Poisson arrivals; latency from when each report was due)`);
  log(`  ${result.reports} answered (${result.reportsPerSec.toFixed(0)}/s), p50 ${num(result.latencyMs.p50, 1)} ms, p99 ${num(result.latencyMs.p99, 1)} ms, max ${num(result.latencyMs.max, 1)} ms; answers ${JSON.stringify(result.statuses)}${result.errors || result.timeouts || result.unanswered ? `, ${result.errors} errors, ${result.timeouts} timeouts, ${result.unanswered} unanswered` : ''}`);
  // The load tool's own lag: a report that left more than 10 ms after it was due was held back by this side, not the shop.
  if (result.lateStarts) log(`  ${result.lateStarts} of ${result.sent} reports left > 10 ms late (the load tool fell behind)`);
  // Older benches did not keep these.
  const warmUpOther = Object.entries(result.warmUpStatuses ?? {}).filter(([status]) => !status.startsWith('2'));
  if (warmUpOther.length) log(`  the ${result.warmUpSeconds} s warm-up had answers other than 2xx: ${JSON.stringify(result.warmUpStatuses)}`);
  if (result.slowest?.length) log(`  slowest (due at s: ms): ${result.slowest.map(({ dueAtS, ms }) => `${num(dueAtS, 1)}: ${num(ms, 0)}`).join(', ')}`);
  if (result.clientLoopDelayMs) log(`  the load tool's own event-loop delay: p99 ${num(result.clientLoopDelayMs.p99, 1)} ms, max ${num(result.clientLoopDelayMs.max, 1)} ms (sampled every 5 ms, which the figures include; a stall of its own is in every latency it records meanwhile)`);
  if (result.pgWaits) {
    const top = (waits, n) => waits.slice(0, n).map(({ what, count }) => `${what} ×${count}`).join(', ');
    log(`  PostgreSQL's backends over the run (${result.pgWaits.whole.samples} samples of pg_stat_activity): ${top(result.pgWaits.whole.waits, 8)}`);
    for (const slow of result.pgWaits.slowest) log(`    due at ${num(slow.dueAtS, 1)} s, ${num(slow.ms, 0)} ms (${slow.samples} samples): ${top(slow.waits, 5)}`);
    const background = result.pgWaits.background;
    if (background.length) log(`  background work: ${background.slice(0, 20).map((b) => `${b.fromS}–${b.toS} s ${b.what}`).join('; ')}${background.length > 20 ? ` and ${background.length - 20} more` : ''}`);
  }
  log(`  ${result.answered2xx} reports answered 2xx on ${result.enrolmentsReported} enrolments, ${result.creditedSeconds} s credited; lost (stored ≠ answered, in SQL): ${result.lost}${result.lost ? ` e.g. ${JSON.stringify(result.lostExamples)}` : ''}`);
  // Older benches did not read the records meanwhile (ADR 0082).
  for (const [which, label] of [['json', 'records JSON'], ['page', 'records page']]) {
    const reads = result.records?.[which];
    if (!reads) continue;
    log(`  meanwhile the ${result.records.buyerLearners}-learner buyer's ${label}, ${reads.rate}/s asked: ${reads.answered} of ${reads.sent} answered, p50 ${num(reads.latencyMs.p50, 1)} ms, p99 ${num(reads.latencyMs.p99, 1)} ms, max ${num(reads.latencyMs.max, 1)} ms; answers ${JSON.stringify(reads.statuses)}${reads.errors || reads.timeouts || reads.unanswered ? `, ${reads.errors} errors, ${reads.timeouts} timeouts, ${reads.unanswered} unanswered` : ''}`);
  }
}
