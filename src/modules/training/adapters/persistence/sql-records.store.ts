import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { RecordsStore, TrainingRecordRow } from '../../application/ports/records-store.port.js';

type Row = Record<string, unknown>;

/** Training records: a buyer's licences → their completed learners → the certificate each earned, one statement. */
@Injectable()
export class SqlRecordsStore implements RecordsStore {
  constructor(private readonly em: EntityManager) {}

  async forCustomer(customerId: number, filter: { now: Date; expiringBefore: Date | null }, page: { offset: number; limit: number }): Promise<TrainingRecordRow[]> {
    const expiring = filter.expiringBefore !== null;
    const rows = await this.em.getConnection().execute<Row[]>(
      `select e.id, e.name, e.email, c.course_title, c.completed_at, c.score, c.code, c.expires_at, c.revoked_at, l.option_id
       from training_licences l
       join training_enrolments e on e.licence_id = l.id and e.status = 'completed'
       join training_certificates c on c.code = e.certificate_code
       where l.customer_id = ?
       ${expiring ? 'and c.revoked_at is null and c.expires_at > ? and c.expires_at <= ?' : ''}
       order by ${expiring ? 'c.expires_at, e.id' : 'c.completed_at desc, e.id desc'}
       offset ? limit ?`,
      [customerId, ...(expiring ? [filter.now, filter.expiringBefore] : []), page.offset, page.limit],
      'all', this.em.getTransactionContext(),
    );
    return rows.map((row: Row) => ({
      enrolmentId: Number(row.id), name: (row.name as string | null) ?? null, email: String(row.email), courseTitle: String(row.course_title),
      completedAt: new Date(row.completed_at as string), score: row.score === null ? null : Number(row.score), certificateCode: String(row.code),
      expiresAt: row.expires_at ? new Date(row.expires_at as string) : null, revokedAt: row.revoked_at ? new Date(row.revoked_at as string) : null,
      optionId: Number(row.option_id),
    }));
  }
}
