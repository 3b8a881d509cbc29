import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { COMMIT_WITHOUT_FLUSH, PreparedStatement } from '../../../../platform/persistence/index.js';
import type { EnrolmentStatus } from '../../domain/licence-rules.js';
import type { WatchedRange } from '../../domain/watched-time.js';
import type {
  EnrolmentForLearning, EnrolmentForReport, LearningStore, NewAttempt, ProgressToSave,
} from '../../application/ports/learning-store.port.js';

type Row = Record<string, unknown>;

/**
 * A progress report's two statements, ~333 a second at 10,000 learners (ADR 0056): planned once per connection
 * (ADR 0074). `xmin` is the row version's transaction id: every update of the row gives it a new one (ADR 0060).
 */
const REPORT_READ_SQL = `
  select e.id, e.user_id, e.name, e.status, l.product_id, e.position_seconds, e.watched_seconds, e.watched_ranges,
         e.last_progress_at, e.completed_at, e.score, e.certificate_code, c.duration_seconds, e.xmin::text as version
  from training_enrolments e join training_licences l on l.id = e.licence_id
  left join training_courses c on c.product_id = l.product_id
  where e.id = ? and e.user_id = ? and e.status in ('enrolled', 'completed')`;
const REPORT_READ = new PreparedStatement<Row>('learner_report_read', REPORT_READ_SQL);
/**
 * The update commits without waiting for its WAL to reach the disk (`synchronous_commit` off for its own transaction,
 * ADR 0075): at ~333 a second the reports queued behind the disk's flushes (p99 0.2–0.5 s, waits in `WALSync`). A
 * database crash may forget the last fraction of a second of reports; the next report (30 s on) is credited against
 * the `last_progress_at` that did reach the disk, so the watched time is credited then, not lost. The row's integrity
 * is PostgreSQL's as ever: nothing half-written, only the most recent commits possibly undone.
 */
const PROGRESS_SAVE_IF_UNCHANGED = new PreparedStatement<{ id: number }>('learner_progress_save', `
  update training_enrolments set position_seconds = ?, watched_seconds = ?, watched_ranges = ?::jsonb, last_progress_at = ?
  from ${COMMIT_WITHOUT_FLUSH}
  where id = ? and xmin = ?::xid returning id`);

/** Watched time and attempts in plain SQL; writes run in the service's transaction, under the enrolment's row lock. */
@Injectable()
export class SqlLearningStore implements LearningStore {
  constructor(private readonly em: EntityManager) {}

  async findForLearner(userId: number, enrolmentId: number, lock: boolean): Promise<EnrolmentForLearning | null> {
    const [row] = await this.query<Row>(
      `select e.id, e.user_id, e.name, e.status, l.product_id, e.position_seconds, e.watched_seconds, e.watched_ranges,
              e.last_progress_at, e.completed_at, e.score, e.certificate_code
       from training_enrolments e join training_licences l on l.id = e.licence_id
       where e.id = ? and e.user_id = ? and e.status in ('enrolled', 'completed')
       ${lock ? 'for update of e' : ''}`,
      [enrolmentId, userId],
    );
    return row ? toEnrolment(row) : null;
  }

  async findForReport(userId: number, enrolmentId: number, lock: boolean): Promise<EnrolmentForReport | null> {
    const [row] = lock ? await this.query<Row>(`${REPORT_READ_SQL} for update of e`, [enrolmentId, userId]) : await REPORT_READ.all(this.em, [enrolmentId, userId]);
    if (!row) return null;
    return {
      enrolment: toEnrolment(row),
      duration: row.duration_seconds === null || row.duration_seconds === undefined ? null : Number(row.duration_seconds),
      version: String(row.version),
    };
  }

  async saveProgress(enrolmentId: number, p: ProgressToSave): Promise<void> {
    await this.query(
      'update training_enrolments set position_seconds = ?, watched_seconds = ?, watched_ranges = ?::jsonb, last_progress_at = ? where id = ?',
      [p.position, p.watchedSeconds, JSON.stringify(p.ranges), p.at, enrolmentId],
    );
  }

  async saveProgressIfUnchanged(enrolmentId: number, version: string, p: ProgressToSave): Promise<boolean> {
    const rows = await PROGRESS_SAVE_IF_UNCHANGED.all(this.em, [p.position, p.watchedSeconds, JSON.stringify(p.ranges), p.at, enrolmentId, version]);
    return rows.length === 1;
  }

  async attemptTimes(enrolmentId: number, since: Date): Promise<Date[]> {
    const rows = await this.query<{ attempted_at: string | Date }>(
      'select attempted_at from training_attempts where enrolment_id = ? and attempted_at > ? order by attempted_at',
      [enrolmentId, since],
    );
    return rows.map((row) => new Date(row.attempted_at));
  }

  async insertAttempt(a: NewAttempt): Promise<void> {
    await this.query('insert into training_attempts (enrolment_id, attempted_at, score, passed, answers) values (?, ?, ?, ?, ?::jsonb)', [
      a.enrolmentId, a.at, a.score, a.passed, JSON.stringify(a.answers),
    ]);
  }

  async complete(enrolmentId: number, r: { at: Date; score: number; certificateCode: string }): Promise<void> {
    await this.query(`update training_enrolments set status = 'completed', completed_at = ?, score = ?, certificate_code = ? where id = ?`, [
      r.at, r.score, r.certificateCode, enrolmentId,
    ]);
  }

  private query<R>(sql: string, params: unknown[]): Promise<R[]> {
    return this.em.getConnection().execute<R[]>(sql, params, 'all', this.em.getTransactionContext());
  }
}

const date = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));

function toEnrolment(row: Row): EnrolmentForLearning {
  const ranges = typeof row.watched_ranges === 'string' ? JSON.parse(row.watched_ranges) : row.watched_ranges;
  return {
    id: Number(row.id), userId: Number(row.user_id), name: (row.name as string | null) ?? null, status: row.status as EnrolmentStatus,
    productId: Number(row.product_id), positionSeconds: Number(row.position_seconds), watchedSeconds: Number(row.watched_seconds),
    watchedRanges: Array.isArray(ranges) ? (ranges as WatchedRange[]) : [], lastProgressAt: date(row.last_progress_at),
    completedAt: date(row.completed_at), score: row.score === null ? null : Number(row.score), certificateCode: (row.certificate_code as string | null) ?? null,
  };
}
