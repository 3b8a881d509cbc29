// Learners at scale (issues 26 and 30): 10,000 enrolments on 20 buyers' licences, made in SQL after the catalogue is
// generated, each learner signed in; the progress report and the records targets; and the paced load of the
// reports 10,000 people watching would send, checked afterwards for lost reports. docs/adr/0013-benchmarks.md.
import { createHash, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import pg from 'pg';
import { backgroundActivity, sampleWaits, waitsBetween } from './pg-waits.mjs';
import { openLoop } from './open-loop.mjs';

export const LEARNERS = 10_000;
const BUYERS = 20;
const COURSES = 10;
/** Every buyer holds one licence per course; 10 × 50 seats = 500 learners each. */
const SEATS = LEARNERS / BUYERS / COURSES;
/** The course films' length: long enough that the bench's reports never reach the end. */
export const FILM_SECONDS = 1800;
/** What a player reports every 30 s of playback (ADR 0047): a report every 30 s each at 10,000 learners ≈ 333/s. */
export const REPORT_EVERY_SECONDS = 30;
/**
 * The records buyer's reads while the learners report (issue 30 item 2 names both): the JSON and the page, each this
 * many a second, Poisson arrivals. 5 a second each is ten people refreshing one 500-learner buyer's records every 2 s,
 * more than one buyer does. More a second would load the reports they run beside, so the bench runs longer instead:
 * a 60 s run has ~300 reads of each, and their p99 is the third slowest, not the slowest as in a 20 s run.
 */
export const RECORDS_READS_PER_SECOND = 5;

// The session store's own rules (identity: secret-tokens.ts, platform/http/xsrf.ts): a random token for the cookie,
// its SHA-256 stored, and the XSRF header a signed-in browser sends derived from the token.
const sha256Hex = (text) => createHash('sha256').update(text).digest('hex');
const xsrfFor = (token) => createHash('sha256').update(`xsrf:${token}`).digest('base64url');

/**
 * Courses on 10 generated online products (the generator replaced the demo ones and their courses), 20 buyers with
 * 10 licences of 50 seats each, and 10,000 learners who accepted their seats, each with a session. The first buyer's
 * learners have mostly passed (400 certificates, some expired, a few revoked): their records page is the one measured;
 * a tenth of everyone else's have passed. The enrolled learners last reported an hour ago at the film's start.
 */
export async function prepareLearners(databaseUrl) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query('begin');
    const { rows: courses } = await db.query(`
      select distinct on (p.id) p.id as product_id, o.id as option_id from products p
      join product_options o on o.product_id = p.id and o.kind = 'online_access' and o.active
      where p.status = 'published' order by p.id, o.id limit $1`, [COURSES]);
    if (courses.length < COURSES) throw new Error(`The bench catalogue has ${courses.length} online products; the learners need ${COURSES}.`);
    const productIds = courses.map((c) => c.product_id);
    await db.query(`
      insert into training_courses (product_id, duration_seconds, pass_mark, validity_months)
      select unnest($1::int[]), $2, 80, 12`, [productIds, FILM_SECONDS]);
    await db.query(`
      insert into training_chapters (product_id, position, title, start_second)
      select p, n, 'Chapter ' || n, (n - 1) * 600 from unnest($1::int[]) p, generate_series(1, 3) n`, [productIds]);
    await db.query(`
      insert into training_questions (product_id, position, text)
      select p, n, 'Question ' || n || ' of the course?' from unnest($1::int[]) p, generate_series(1, 5) n`, [productIds]);
    await db.query(`
      insert into training_answers (question_id, position, text, correct)
      select q.id, n, 'Answer ' || n, n = 1 from training_questions q, generate_series(1, 3) n where q.product_id = any($1::int[])`, [productIds]);

    // Buyers first (ids in order), then learners: learner i holds a seat of buyer i / 500, course (i / 50) % 10.
    const { rows: buyers } = await db.query(`
      insert into users (email, first_name, last_name, company_name, role, email_verified_at)
      select 'bench.training.buyer.' || b || '@bench.example', 'Training', 'Buyer ' || b, 'Bench Buyer ' || b || ' Ltd', 'customer', now()
      from generate_series(0, $1 - 1) b order by b returning id`, [BUYERS]);
    const { rows: licences } = await db.query(`
      insert into training_licences (order_id, order_line_id, customer_id, product_id, option_id, seats, created_at)
      select 900000 + b * $3 + c, 900000 + b * $3 + c, (($1::int[])[b + 1]), (($2::int[])[c + 1]), (($4::int[])[c + 1]), $5,
             now() - interval '400 days'
      from generate_series(0, $6 - 1) b, generate_series(0, $3 - 1) c order by b, c returning id`,
    [buyers.map((b) => b.id), productIds, COURSES, courses.map((c) => c.option_id), SEATS, BUYERS]);
    await db.query(`
      insert into users (email, first_name, last_name, role, email_verified_at)
      select 'bench.learner.' || i || '@bench.example', 'Learner', 'Number ' || i, 'customer', now() from generate_series(0, $1 - 1) i`, [LEARNERS]);
    // Passed: 400 of the first buyer's 500 (i % 5 <> 4), one in ten of everyone else's (i % 10 = 0).
    await db.query(`
      insert into training_enrolments (licence_id, email, name, user_id, status, invited_at, enrolled_at, completed_at, score, certificate_code,
                                       position_seconds, watched_seconds, watched_ranges, last_progress_at)
      select ($1::int[])[i / $2 + 1], u.email, 'Learner Number ' || i, u.id, case when passed then 'completed' else 'enrolled' end,
             now() - interval '400 days', now() - interval '399 days', case when passed then done end, case when passed then 80 + i % 21 end,
             case when passed then upper(substr(md5('bench-certificate-' || i), 1, 12)) end,
             case when passed then $3::int else 0 end, case when passed then $3::int else 0 end,
             case when passed then jsonb_build_array(jsonb_build_array(0, $3::int)) else '[]'::jsonb end,
             case when passed then done else now() - interval '1 hour' end
      from generate_series(0, $4 - 1) i
      join users u on u.email = 'bench.learner.' || i || '@bench.example'
      cross join lateral (select i < $5 and i % 5 <> 4 or i >= $5 and i % 10 = 0 as passed,
                                 now() - make_interval(days => 1 + (i * 37) % 540) as done) p`,
    [licences.map((l) => l.id), SEATS, FILM_SECONDS, LEARNERS, LEARNERS / BUYERS]);
    // Their certificates, as CertificateService.issue writes them (12 months' validity: completions over 13 months
    // ago have expired); every 50th of the first buyer's is revoked.
    await db.query(`
      insert into training_certificates (code, enrolment_id, user_id, learner_name, product_id, course_title, score, completed_at, expires_at,
                                         revoked_at, revoked_reason, issued_at)
      select e.certificate_code, e.id, e.user_id, e.name, l.product_id, p.title, e.score, e.completed_at, e.completed_at + interval '12 months',
             case when e.id % 50 = 0 then e.completed_at + interval '1 day' end, case when e.id % 50 = 0 then 'Issued in error' end, e.completed_at
      from training_enrolments e join training_licences l on l.id = e.licence_id join products p on p.id = l.product_id
      where e.status = 'completed' and l.customer_id = any($1::int[])`, [buyers.map((b) => b.id)]);

    const signedIn = await signIn(db);
    await db.query('commit');
    await db.query('vacuum analyze users, sessions, training_licences, training_enrolments, training_certificates, training_courses, training_questions, training_answers, training_chapters');

    const counts = (await db.query(`
      select count(*)::int as enrolments, count(*) filter (where status = 'completed')::int as completed,
             (select count(*)::int from training_certificates where enrolment_id is not null) as certificates
      from training_enrolments`)).rows[0];
    return { counts, ...(await learnersOf(db, signedIn, buyers[0].id)) };
  } catch (error) {
    await db.query('rollback').catch(() => {});
    throw error;
  } finally {
    await db.end();
  }
}

/** A session per bench buyer and learner, as SessionService.issue stores it (remembered: 365 days); the cookie and XSRF header of each. */
async function signIn(db) {
  const { rows: people } = await db.query(`
    select u.id from users u where u.email like 'bench.training.buyer.%@bench.example' or u.email like 'bench.learner.%@bench.example' order by u.id`);
  const tokens = people.map(() => randomBytes(32).toString('base64url'));
  await db.query(`
    insert into sessions (user_id, token_hash, remember, created_at, last_used_at, expires_at, user_agent, ip)
    select user_id, token_hash, true, now(), now(), now() + interval '365 days', 'shop-bench', '127.0.0.1'
    from unnest($1::int[], $2::text[]) as s (user_id, token_hash)`, [people.map((p) => p.id), tokens.map(sha256Hex)]);
  const tokenOf = new Map(people.map((p, i) => [p.id, tokens[i]]));
  return (userId) => ({ cookie: `shop_session=${tokenOf.get(userId)}`, xsrf: xsrfFor(tokenOf.get(userId)), userId });
}

/** The enrolled learners in the bench's order, signed in, their reports' generator, and the records buyer. */
async function learnersOf(db, signedIn, recordsBuyerId) {
  const { rows: enrolled } = await db.query(`
    select e.id, e.user_id from training_enrolments e where e.status = 'enrolled' and e.email like 'bench.learner.%' order by md5(e.id::text)`);
  const learners = enrolled.map((row) => ({ enrolmentId: row.id, ...signedIn(row.user_id) }));
  return { recordsBuyer: { ...signedIn(recordsBuyerId), learners: SEATS * COURSES }, learners, nextReport: reporter(learners) };
}

/**
 * The learners of a bench database made earlier, signed in afresh (their tokens were not kept): for
 * scripts/bench/profile.mjs, which profiles the learner targets without making the database again.
 */
export async function signInLearners(databaseUrl) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const signedIn = await signIn(db);
    const { rows: [buyer] } = await db.query(`select id from users where email = 'bench.training.buyer.0@bench.example'`);
    if (!buyer) throw new Error('The bench database has no learners: run `make bench` with the learner targets first.');
    return await learnersOf(db, signedIn, buyer.id);
  } finally {
    await db.end();
  }
}

/**
 * The next report of each learner in turn: position advancing 30 s from the last report sent (the shop's and the
 * baseline's reports share the positions: they write the same rows), so the watched-time rule merges a new stretch
 * every time. A learner reaching the film's end starts again (re-watching credits nothing, but is still checked).
 */
function reporter(learners) {
  const positions = new Map();
  let next = 0;
  return () => {
    const learner = learners[next++ % learners.length];
    const from = positions.get(learner.enrolmentId) ?? 0;
    const to = from + REPORT_EVERY_SECONDS;
    positions.set(learner.enrolmentId, to >= FILM_SECONDS ? 0 : to);
    return { learner, report: { position: to, watched_from: from, watched_to: to } };
  };
}

const progressRequest = (learner, report) => ({
  method: 'POST', path: `/api/learn/${learner.enrolmentId}/progress`,
  headers: { cookie: learner.cookie, 'x-xsrf-token': learner.xsrf, 'content-type': 'application/json' },
  body: JSON.stringify(report),
});

/**
 * The learner targets: a progress report, each request a different learner's, and the 500-learner buyer's records
 * (the JSON and the SSR page). Their baselines are the shop's statements through a raw pool (baseline-server.mjs).
 */
export function learnerTargets({ nextReport, recordsBuyer }, shopUrl, baselineUrl) {
  const buyer = { cookie: recordsBuyer.cookie };
  return [
    { name: 'api-progress', server: 'shop', url: shopUrl, paths: ['/api/learn'], baseline: 'pg-progress',
      request: () => {
        const { learner, report } = nextReport();
        return progressRequest(learner, report);
      } },
    { name: 'api-records', server: 'shop', url: shopUrl, paths: ['/api/account/training-records'], baseline: 'pg-records',
      request: (path) => ({ method: 'GET', path, headers: buyer }) },
    { name: 'records-page', server: 'shop', url: shopUrl, paths: ['/account/training'], baseline: 'pg-records',
      request: (path) => ({ method: 'GET', path, headers: buyer }) },
    // The baseline has no sessions: it is told whose report it is, as the shop learns it from the session.
    { name: 'pg-progress', server: 'baselines', url: baselineUrl, paths: ['/pg/learn'],
      request: () => {
        const { learner, report } = nextReport();
        return { method: 'POST', path: `/pg/learn/${learner.enrolmentId}/progress?user=${learner.userId}`, headers: { 'content-type': 'application/json' }, body: JSON.stringify(report) };
      } },
    { name: 'pg-records', server: 'baselines', url: baselineUrl, paths: [`/pg/records?customer=${recordsBuyer.userId}`] },
  ];
}

/** The waits over the whole run, around each of the slowest answers (from when it was due to its answer), and the
 * background processes' work, with when in the run it happened. */
function explainWaits(samples, result) {
  return {
    whole: waitsBetween(samples, result.startedAt, Infinity),
    slowest: result.slowest.map(({ dueAtS, dueAtMs, ms }) => {
      const from = result.startedAt + dueAtMs;
      return { dueAtS, ms, ...waitsBetween(samples, from, from + ms) };
    }),
    // At most 100 spells in the bench's JSON (a checkpoint's write delays alone make one every second).
    background: backgroundActivity(samples, result.startedAt).slice(0, 100),
  };
}

/** The records buyer's two open loops: `GET /api/account/training-records` and the page `/account/training`, signed in. */
function recordsReaders(shopUrl, buyer, { rate, seconds, seed }) {
  const read = (path) => () => ({ method: 'GET', path, headers: { cookie: buyer.cookie } });
  return [
    openLoop({ url: shopUrl, rate, seconds, seed, connections: 10, request: read('/api/account/training-records') }),
    openLoop({ url: shopUrl, rate, seconds, seed: seed + 1, connections: 10, request: read('/account/training') }),
  ];
}

/** What the budgets and the report need of one reader's loop. */
function readsSummary(result, rate) {
  const { sent, answered, statuses, errors, timeouts, unanswered, latencyMs, slowest } = result;
  return { rate, sent, answered, statuses, errors, timeouts, unanswered, latencyMs, slowest: slowest.slice(0, 5) };
}

/** Per enrolment: the seconds its merged ranges cover and its position, as stored. */
async function watchedState(db, ids) {
  const { rows } = await db.query(`
    select e.id, e.position_seconds,
           coalesce((select sum((r ->> 1)::numeric - (r ->> 0)::numeric) from jsonb_array_elements(e.watched_ranges) r), 0)::float8 as covered
    from training_enrolments e where e.id = any($1::int[])`, [ids]);
  return new Map(rows.map((row) => [row.id, { position: row.position_seconds, covered: row.covered }]));
}

/**
 * Learners at scale (issue 30 item 2): reports at the rate 10,000 people watching send them (one every 30 s each,
 * ~333/s) for `seconds`, over every enrolled learner in turn; latency, answers by status, and then, in SQL, whether
 * every report the shop answered 2xx left its effect: each enrolment's covered seconds grew by exactly what the
 * answers said was credited, and its position is the last one reported.
 */
export async function measureLearnersAtScale(shopUrl, databaseUrl, { learners, nextReport, recordsBuyer }, { seconds, warmUpSeconds = 3, rate = Math.round(LEARNERS / REPORT_EVERY_SECONDS), recordsRate = RECORDS_READS_PER_SECOND }) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const ids = learners.map((l) => l.enrolmentId);
    // A warm-up at the same rate, as the other targets are warmed up first: without it the first 0.1 s (the shop's
    // pool, the prepared statements on each new connection, JIT) was the whole of the p99 in one run (ADR 0013, session
    // 38). The measured loop opens its own client connections again, which on loopback costs little. Its reports are
    // real ones, in each learner's order; the check below starts from the state after it.
    let warmUpStatuses = {};
    if (warmUpSeconds > 0) {
      const request = () => {
        const { learner, report } = nextReport();
        return progressRequest(learner, report);
      };
      const [reports] = await Promise.all([
        openLoop({ url: shopUrl, rate, seconds: warmUpSeconds, seed: 2, connections: 100, request }),
        ...recordsReaders(shopUrl, recordsBuyer, { rate: recordsRate, seconds: warmUpSeconds, seed: 20 }),
      ]);
      warmUpStatuses = reports.statuses;
    }
    const before = await watchedState(db, ids);
    // BENCH_PG_WAITS=1: what PostgreSQL's backends waited on meanwhile, to explain a tail (lib/pg-waits.mjs).
    const waits = process.env.BENCH_PG_WAITS === '1' ? await sampleWaits(databaseUrl) : null;
    const sent = new Map(); // enrolment → { credited: sum of what the 2xx answers said, position: last 2xx position, reports }
    // Open loop, Poisson arrivals (lib/open-loop.mjs, ADR 0070): 10,000 players each reporting every 30 s at their own
    // moment, not autocannon's burst of the whole second's reports at the top of each second.
    // The sampler is stopped even when the load fails: its connection would otherwise keep the bench's process alive.
    // The buyer's reads run beside the reports, each its own open loop and connections: a slow records page waits for
    // its own, never holds a report back, and its latency is charged with the reports' load on the shop.
    const records = Promise.all(recordsReaders(shopUrl, recordsBuyer, { rate: recordsRate, seconds, seed: 30 }));
    records.catch(() => {}); // awaited below; if the reports' loop fails first, its error is the one to see
    const result = await openLoop({
      url: shopUrl, rate, seconds, connections: 100,
      request: () => {
        const { learner, report } = nextReport();
        return { ...progressRequest(learner, report), learner, report };
      },
      onResponse: (status, body, context) => {
        if (status < 200 || status >= 300) return;
        const answer = JSON.parse(body);
        const mine = sent.get(context.learner.enrolmentId) ?? { credited: 0, position: null, reports: 0 };
        mine.credited += answer.credited;
        mine.position = context.report.position;
        mine.reports += 1;
        sent.set(context.learner.enrolmentId, mine);
      },
    }).finally(() => waits?.stop());
    const [recordsJson, recordsPage] = await records;
    const samples = waits ? await waits.stop() : null;
    const pgWaits = samples ? explainWaits(samples, result) : null;
    // BENCH_PG_WAITS_OUT=<file>: every sample, its time in ms from the run's start, for a closer look.
    if (samples && process.env.BENCH_PG_WAITS_OUT) {
      writeFileSync(process.env.BENCH_PG_WAITS_OUT, JSON.stringify({ startedAtEpochMs: Math.round(performance.timeOrigin + result.startedAt), slowest: result.slowest, samples: samples.map(({ at, rows }) => ({ ms: Math.round((at - result.startedAt) * 10) / 10, rows })) }));
    }
    // Reports still unanswered after the grace period: their effect may or may not be stored yet.
    const pending = new Set(result.pending.map((context) => context.learner.enrolmentId));
    const after = await watchedState(db, [...sent.keys()]);
    const lost = [];
    let credited = 0;
    for (const [id, mine] of sent) {
      credited += mine.credited;
      const grew = after.get(id).covered - before.get(id).covered;
      // Credits are kept to 0.1 s, a rounding per report at most. A report still in flight when the load stopped may
      // have added more than the answers heard said (and moved the position on): only less would be a lost report.
      const unheard = pending.has(id);
      const tolerance = 0.051 * mine.reports;
      if (grew < mine.credited - tolerance || (!unheard && (grew > mine.credited + tolerance || after.get(id).position !== mine.position))) {
        lost.push({ enrolment: id, answered: mine.credited, stored: grew, position: after.get(id).position, reported: mine.position });
      }
    }
    const ok = Object.entries(result.statuses).filter(([status]) => status.startsWith('2')).reduce((sum, [, n]) => sum + n, 0);
    return {
      learners: learners.length, rate, seconds: result.seconds, sent: result.sent, reports: result.answered, reportsPerSec: result.answered / result.seconds,
      statuses: result.statuses, errors: result.errors, timeouts: result.timeouts, unanswered: result.unanswered, lateStarts: result.lateStarts, slowest: result.slowest, clientLoopDelayMs: result.clientLoopDelayMs, pgWaits, warmUpSeconds, warmUpStatuses,
      // From the moment each report was due to its answer: a wait for a free connection or a busy shop counts.
      latencyMs: result.latencyMs,
      enrolmentsReported: sent.size, answered2xx: ok, creditedSeconds: Math.round(credited), lost: lost.length, lostExamples: lost.slice(0, 5),
      records: { buyerLearners: recordsBuyer.learners, json: readsSummary(recordsJson, recordsRate), page: readsSummary(recordsPage, recordsRate) },
    };
  } finally {
    await db.end();
  }
}
