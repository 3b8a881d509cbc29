import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { escapeLike } from '../../../../shared/like-pattern.js';
import type { EnrolmentStatus } from '../../domain/licence-rules.js';
import type {
  InvitationRow, LearnerPageQuery, LearnerRow, LicenceRow, LicenceStore, LicenceWithLearners, NewInvitation, NewLicence,
} from '../../application/ports/licence-store.port.js';

type Row = Record<string, unknown>;

const LICENCE_COLUMNS = 'l.id, l.order_id, l.customer_id, l.product_id, l.option_id, l.seats, l.revoked_at, l.created_at';
const LEARNER_COLUMNS = `e.id as e_id, e.licence_id as e_licence_id, e.email as e_email, e.name as e_name, e.user_id as e_user_id,
  e.status as e_status, e.invited_at as e_invited_at, e.invitation_expires_at as e_invitation_expires_at, e.enrolled_at as e_enrolled_at,
  e.completed_at as e_completed_at, e.score as e_score, e.certificate_code as e_certificate_code, e.watched_seconds as e_watched_seconds`;
// The seat-holding states, written once (domain/licence-rules.ts SEAT_HOLDING_STATUSES).
const HOLDING = `('invited', 'enrolled', 'completed')`;
// A licence's learners (not the withdrawn) and seats taken, counted on the (licence_id, status) index.
const COUNTS = `select count(*) filter (where c.status <> 'withdrawn') as learner_count, count(*) filter (where c.status in ${HOLDING}) as seats_used
  from training_enrolments c where c.licence_id = l.id`;

/** Licences and seats in plain SQL; every write runs in the service's transaction (ADR 0040). */
@Injectable()
export class SqlLicenceStore implements LicenceStore {
  constructor(private readonly em: EntityManager) {}

  async createForOrder(licences: readonly NewLicence[]): Promise<number> {
    if (licences.length === 0) return 0;
    // One statement for all the order's lines; a line that already has its licence (the `paid` that follows an order
    // placed on account, a redelivered webhook) is skipped by the unique order_line_id.
    const rows = await this.query<{ id: number }>(
      `insert into training_licences (order_id, order_line_id, customer_id, product_id, option_id, seats)
       select * from unnest(?::int[], ?::int[], ?::int[], ?::int[], ?::int[], ?::int[])
       on conflict (order_line_id) do nothing
       returning id`,
      (['orderId', 'orderLineId', 'customerId', 'productId', 'optionId', 'seats'] as const).map((key) => intArray(licences.map((l) => l[key]))),
    );
    return rows.length;
  }

  async revokeForOrder(orderId: number, at: Date): Promise<{ licences: number; seats: number }> {
    const licences = await this.query<{ id: number }>(
      'update training_licences set revoked_at = coalesce(revoked_at, ?) where order_id = ? returning id',
      [at, orderId],
    );
    if (licences.length === 0) return { licences: 0, seats: 0 };
    const seats = await this.query<{ id: number }>(
      `update training_enrolments set status = 'revoked'
       where licence_id = any(?::int[]) and status in ('invited', 'enrolled')
       returning id`,
      [intArray(licences.map((l) => Number(l.id)))],
    );
    return { licences: licences.length, seats: seats.length };
  }

  async revokeSeatsOfLine(orderLineId: number, seats: number, at: Date): Promise<number> {
    // The licence's row lock, as invitations take it: nobody takes a seat while the count shrinks.
    const [licence] = await this.query<{ id: number; seats: number }>(
      'select id, seats from training_licences where order_line_id = ? and revoked_at is null for update', [orderLineId],
    );
    if (!licence) return 0;
    const holders = await this.query<{ id: number; status: string }>(
      `select id, status from training_enrolments where licence_id = ? and status in ('invited', 'enrolled', 'completed')
       order by case status when 'invited' then 0 when 'enrolled' then 1 else 2 end, invited_at desc, id desc`,
      [licence.id],
    );
    const completed = holders.filter((holder) => holder.status === 'completed').length;
    const left = Math.max(Number(licence.seats) - seats, completed);
    const excess = holders.length - left;
    const revoked = excess > 0 ? holders.filter((holder) => holder.status !== 'completed').slice(0, excess).map((holder) => Number(holder.id)) : [];
    if (revoked.length > 0) await this.query(`update training_enrolments set status = 'revoked' where id = any(?::int[])`, [intArray(revoked)]);
    await this.query(
      left === 0 ? 'update training_licences set revoked_at = ? where id = ?' : 'update training_licences set seats = ? where id = ?',
      [left === 0 ? at : left, licence.id],
    );
    return revoked.length;
  }

  async listForCustomer(customerId: number, learnerLimit: number | null): Promise<LicenceWithLearners[]> {
    // Each licence's counts and its first `learnerLimit` learners (all when null: `limit null` is no limit), so a
    // buyer's 10 licences of 50 seats are 10 × 10 rows on the page, not 500 (ADR 0057).
    const rows = await this.query<Row>(
      `select ${LICENCE_COLUMNS}, ${LEARNER_COLUMNS}, n.learner_count, n.seats_used
       from training_licences l
       cross join lateral (${COUNTS}) n
       left join lateral (
         select * from training_enrolments e where e.licence_id = l.id and e.status <> 'withdrawn' order by e.id limit ?
       ) e on true
       where l.customer_id = ?
       order by l.id desc, e.id`,
      [learnerLimit, customerId],
    );
    const byId = new Map<number, LicenceWithLearners>();
    for (const row of rows) {
      const id = Number(row.id);
      let entry = byId.get(id);
      if (!entry) byId.set(id, (entry = { licence: toLicence(row), learners: [], ...countsOf(row) }));
      if (row.e_id !== null) entry.learners.push(toLearner(row));
    }
    return [...byId.values()];
  }

  async findForCustomer(customerId: number, licenceId: number, learners: LearnerPageQuery): Promise<(LicenceWithLearners & { matching: number }) | null> {
    const [licence] = await this.query<Row>(
      `select ${LICENCE_COLUMNS}, n.learner_count, n.seats_used from training_licences l cross join lateral (${COUNTS}) n where l.id = ? and l.customer_id = ?`,
      [licenceId, customerId],
    );
    if (!licence) return null;
    // A search reads one licence's rows on the (licence_id, status) index, at most its seats and the seats given back:
    // a contains-match over those needs no index of its own (ADR 0062).
    const term = learners.search?.trim();
    const pattern = term ? `%${escapeLike(term)}%` : null;
    const where = `e.licence_id = ? and e.status <> 'withdrawn'${pattern ? ' and (e.email ilike ? or e.name ilike ?)' : ''}`;
    const params = pattern ? [licenceId, pattern, pattern] : [licenceId];
    const rows = await this.query<Row>(`select ${LEARNER_COLUMNS} from training_enrolments e where ${where} order by e.id offset ? limit ?`, [...params, learners.offset, learners.limit]);
    const counts = countsOf(licence);
    const matching = pattern ? Number((await this.query<Row>(`select count(*) as n from training_enrolments e where ${where}`, params))[0]?.n ?? 0) : counts.learnerCount;
    return { licence: toLicence(licence), learners: rows.map(toLearner), ...counts, matching };
  }

  async lockForCustomer(customerId: number, licenceId: number): Promise<LicenceRow | null> {
    const [row] = await this.query<Row>(`select ${LICENCE_COLUMNS} from training_licences l where l.id = ? and l.customer_id = ? for update`, [licenceId, customerId]);
    return row ? toLicence(row) : null;
  }

  async seatHolders(licenceId: number): Promise<string[]> {
    const rows = await this.query<{ email: string }>(`select email from training_enrolments where licence_id = ? and status in ${HOLDING}`, [licenceId]);
    return rows.map((row) => row.email);
  }

  async insertInvitations(licenceId: number, invitations: readonly NewInvitation[]): Promise<LearnerRow[]> {
    const rows = await this.query<Row>(
      `insert into training_enrolments as e (licence_id, email, status, invitation_token_hash, invited_at, invitation_expires_at)
       select ?, email, 'invited', hash, invited_at, expires_at
       from unnest(?::text[], ?::text[], ?::timestamptz[], ?::timestamptz[]) as i (email, hash, invited_at, expires_at)
       returning ${LEARNER_COLUMNS}`,
      [
        licenceId, textArray(invitations.map((i) => i.email)), textArray(invitations.map((i) => i.tokenHash)),
        textArray(invitations.map((i) => i.invitedAt.toISOString())), textArray(invitations.map((i) => i.expiresAt.toISOString())),
      ],
    );
    return rows.map(toLearner);
  }

  async findLearner(licenceId: number, learnerId: number): Promise<LearnerRow | null> {
    const [row] = await this.query<Row>(`select ${LEARNER_COLUMNS} from training_enrolments e where e.id = ? and e.licence_id = ?`, [learnerId, licenceId]);
    return row ? toLearner(row) : null;
  }

  async withdraw(learnerId: number): Promise<void> {
    // The link dies with the seat: acceptance reads the status (withdrawn → 410), and the hash stays so the
    // landing page can say why rather than "unknown link".
    await this.query(`update training_enrolments set status = 'withdrawn' where id = ?`, [learnerId]);
  }

  async findInvitation(tokenHash: string, lock: boolean): Promise<InvitationRow | null> {
    const [row] = await this.query<Row>(
      `select ${LICENCE_COLUMNS}, ${LEARNER_COLUMNS}
       from training_enrolments e join training_licences l on l.id = e.licence_id
       where e.invitation_token_hash = ?${lock ? ' for update of l' : ''}`,
      [tokenHash],
    );
    return row ? { ...toLearner(row), licence: toLicence(row) } : null;
  }

  async userHoldsSeat(licenceId: number, userId: number, exceptLearnerId: number): Promise<boolean> {
    const rows = await this.query<{ id: number }>(
      `select id from training_enrolments where licence_id = ? and user_id = ? and id <> ? and status in ${HOLDING} limit 1`,
      [licenceId, userId, exceptLearnerId],
    );
    return rows.length > 0;
  }

  async enrol(learnerId: number, userId: number, name: string, at: Date): Promise<void> {
    await this.query(`update training_enrolments set status = 'enrolled', user_id = ?, name = ?, enrolled_at = ? where id = ?`, [userId, name, at, learnerId]);
  }

  async listForLearner(userId: number): Promise<Array<{ learner: LearnerRow; licence: LicenceRow }>> {
    const rows = await this.query<Row>(
      `select ${LICENCE_COLUMNS}, ${LEARNER_COLUMNS}
       from training_enrolments e join training_licences l on l.id = e.licence_id
       where e.user_id = ? and e.status in ('enrolled', 'completed')
       order by e.enrolled_at desc, e.id desc`,
      [userId],
    );
    return rows.map((row) => ({ learner: toLearner(row), licence: toLicence(row) }));
  }

  private query<R>(sql: string, params: unknown[]): Promise<R[]> {
    return this.em.getConnection().execute<R[]>(sql, params, 'all', this.em.getTransactionContext());
  }
}

const intArray = (values: readonly number[]) => `{${values.map((v) => Math.trunc(v)).join(',')}}`;
// A PostgreSQL array literal of quoted strings (addresses may hold characters the literal gives meaning to).
const textArray = (values: readonly string[]) => `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
const date = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));

const countsOf = (row: Row) => ({ learnerCount: Number(row.learner_count), seatsUsed: Number(row.seats_used) });

function toLicence(row: Row): LicenceRow {
  return {
    id: Number(row.id), orderId: Number(row.order_id), customerId: Number(row.customer_id), productId: Number(row.product_id),
    optionId: Number(row.option_id), seats: Number(row.seats), revokedAt: date(row.revoked_at), createdAt: date(row.created_at)!,
  };
}

function toLearner(row: Row): LearnerRow {
  return {
    id: Number(row.e_id), licenceId: Number(row.e_licence_id), email: String(row.e_email), name: (row.e_name as string | null) ?? null,
    userId: row.e_user_id === null ? null : Number(row.e_user_id), status: row.e_status as EnrolmentStatus,
    invitedAt: date(row.e_invited_at)!, invitationExpiresAt: date(row.e_invitation_expires_at), enrolledAt: date(row.e_enrolled_at),
    completedAt: date(row.e_completed_at), score: row.e_score === null ? null : Number(row.e_score),
    certificateCode: (row.e_certificate_code as string | null) ?? null, watchedSeconds: Number(row.e_watched_seconds ?? 0),
  };
}
