import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { PreparedStatement } from '../../../../platform/persistence/index.js';
import type { RecordsStore, TrainingRecordRow } from '../../application/ports/records-store.port.js';

type Row = Record<string, unknown>;

/**
 * Training records in one statement: a buyer's licences → their completed learners, and (ADR 0049) the buyer's
 * course places → their attended delegates, each joined to the certificate it earned. An attended delegate stays in
 * the records whatever later happens to the order; staff revoke the certificate when it must no longer count.
 */
@Injectable()
export class SqlRecordsStore implements RecordsStore {
  constructor(private readonly em: EntityManager) {}

  async forCustomer(customerId: number, filter: { now: Date; expiringBefore: Date | null }, page: { offset: number; limit: number }): Promise<TrainingRecordRow[]> {
    return (await this.ordered(customerId, filter, page, false)).map(toRow);
  }

  async pageForCustomer(customerId: number, filter: { now: Date; expiringBefore: Date | null }, page: { offset: number; limit: number }): Promise<{ rows: TrainingRecordRow[]; total: number | null }> {
    const rows = await this.ordered(customerId, filter, page, true);
    return { rows: rows.map(toRow), total: rows.length > 0 ? Number(rows[0]!.total) : page.offset === 0 ? 0 : null };
  }

  /**
   * The records in their order, one page. With `counted`, each row also carries the count of every row the filter
   * matched (a window over the whole union, evaluated before `offset … limit`): the page and its total in one statement
   * and one pass over the union, where a separate `count(*)` ran the union a second time (ADR 0065).
   */
  private ordered(customerId: number, filter: { now: Date; expiringBefore: Date | null }, page: { offset: number; limit: number }, counted: boolean): Promise<Row[]> {
    if (filter.expiringBefore === null) return (counted ? RECORDS_PAGE : RECORDS_BATCH).all(this.em, [customerId, customerId, page.offset, page.limit]);
    // Expiring within N days: a range whose best plan depends on its width, so planned for its values each time.
    const { sql, params } = recordsOf(customerId, filter, counted ? ', count(*) over () as total' : '');
    return this.em.getConnection().execute<Row[]>(`${sql}\n       order by ${EXPIRING_ORDER}\n       offset ? limit ?`, [...params, page.offset, page.limit], 'all', this.em.getTransactionContext());
  }

  async countForCustomer(customerId: number, filter: { now: Date; expiringBefore: Date | null }): Promise<number> {
    const { sql, params } = recordsOf(customerId, filter);
    const [row] = await this.em.getConnection().execute<Row[]>(`select count(*) as n from (${sql}) counted`, params, 'all', this.em.getTransactionContext());
    return Number(row?.n ?? 0);
  }
}

const toRow = (row: Row): TrainingRecordRow => ({
  source: row.source === 'delegate' ? 'delegate' : 'enrolment', id: Number(row.id), name: (row.name as string | null) ?? null, email: String(row.email),
  courseTitle: String(row.course_title), completedAt: String(row.completed_iso), score: row.score === null ? null : Number(row.score),
  certificateCode: String(row.code), expiresAt: (row.expires_iso as string | null) ?? null,
  revokedAt: (row.revoked_iso as string | null) ?? null, optionId: Number(row.option_id),
});

/**
 * A timestamp as the API writes it (`Date.prototype.toISOString`'s form: UTC, milliseconds, `Z`), made by PostgreSQL.
 * Parsing PostgreSQL's own text into a Date and writing it out again cost ~1.2 ms of the shop's CPU per 450 records,
 * in one synchronous stretch that every request arriving meanwhile waited for (ADR 0083). `MS` truncates the
 * microseconds, as the Date did.
 */
const isoOf = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/**
 * What the statement returns: the union's columns, with its three timestamps as ISO text only. The raw timestamps stay
 * in the union for the filter and the order, but are not returned: writing them out too (`r.*`) cost PostgreSQL ~1 ms
 * more per 400 records (300 executions through psql: 5.5 against 4.5 ms each; ADR 0083).
 */
const RETURNED_COLUMNS = `r.source, r.id, r.name, r.email, r.course_title, r.score, r.code, r.option_id, ${isoOf('r.completed_at')} as completed_iso, ${isoOf('r.expires_at')} as expires_iso, ${isoOf('r.revoked_at')} as revoked_iso`;

/** The records' statement without its order: the page reads it with `offset … limit`, the count wraps it. */
function recordsOf(customerId: number, filter: { now: Date; expiringBefore: Date | null }, extra = ''): { sql: string; params: unknown[] } {
  const expiring = filter.expiringBefore !== null;
  return {
    sql: recordsSql(expiring, extra),
    params: [customerId, customerId, ...(expiring ? [filter.now, filter.expiringBefore] : [])],
  };
}

function recordsSql(expiring: boolean, extra = ''): string {
  return `select ${RETURNED_COLUMNS}${extra} from (
         select 'enrolment' as source, e.id, e.name, e.email, c.course_title, c.completed_at, c.score, c.code, c.expires_at, c.revoked_at, l.option_id
         from training_licences l
         join training_enrolments e on e.licence_id = l.id and e.status = 'completed'
         join training_certificates c on c.code = e.certificate_code
         where l.customer_id = ?
         union all
         select 'delegate' as source, d.id, d.name, d.email, c.course_title, c.completed_at, c.score, c.code, c.expires_at, c.revoked_at, s.option_id
         from training_session_places p
         join training_sessions s on s.id = p.session_id
         join training_delegates d on d.place_id = p.id and d.attended_at is not null
         join training_certificates c on c.code = d.certificate_code
         where p.customer_id = ?
       ) r
       ${expiring ? 'where r.revoked_at is null and r.expires_at > ? and r.expires_at <= ?' : ''}`;
}

const NEWEST_ORDER = 'r.completed_at desc, r.source, r.id desc';
const EXPIRING_ORDER = 'r.expires_at, r.source, r.id';

/**
 * Every record of a buyer, a page with its total (the JSON API and /account/training) or a CSV batch, as prepared
 * statements (ADR 0079): the union of two three-way joins cost PostgreSQL ~2 ms to plan, against ~1 ms to run for the
 * 400 records of a 500-learner buyer, on every request. Its plan does not depend on the values: the buyer's licences
 * and places, then their completed learners and attended delegates by index, sorted in memory (no index could give
 * the certificate's order through two joins), so one generic plan serves every buyer. The expiring filter is not
 * prepared: a generic plan for its range chose the certificates' expiry index whatever the window's width.
 */
const RECORDS_PAGE = new PreparedStatement<Row>('training_records_page', `${recordsSql(false, ', count(*) over () as total')}
       order by ${NEWEST_ORDER}
       offset ? limit ?`);
const RECORDS_BATCH = new PreparedStatement<Row>('training_records_batch', `${recordsSql(false)}
       order by ${NEWEST_ORDER}
       offset ? limit ?`);
