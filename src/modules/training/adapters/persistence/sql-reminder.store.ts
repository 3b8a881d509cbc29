import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { DueCertificate, ReminderStore } from '../../application/ports/reminder-store.port.js';

interface DueRow {
  code: string; learner_name: string; email: string; course_title: string; expires_at: Date | string; product_id: number | string;
  customer_id: number | string; option_id: number | string; kind: 'online' | 'course';
}

/** Due, as both branches read it: the partial index `training_certificates_reminder_due_index` answers it. */
const DUE = 'c.reminded_at is null and c.revoked_at is null and c.expires_at is not null and c.expires_at > ? and c.expires_at <= ?';

/**
 * The refresher sweep in plain SQL: certificates of online courses (certificate → enrolment → licence → buyer) and
 * of open-course attendance (certificate → delegate → place → buyer, the session's option). Each branch's filter
 * matches the partial index `training_certificates_reminder_due_index` (migration 20261128001400).
 */
@Injectable()
export class SqlReminderStore implements ReminderStore {
  constructor(private readonly em: EntityManager) {}

  async due(window: { after: Date; until: Date }, limit: number): Promise<DueCertificate[]> {
    const rows = await this.query<DueRow>(
      `select * from (
         select c.code, c.learner_name, e.email, c.course_title, c.expires_at, c.product_id, l.customer_id, l.option_id, 'online' as kind
         from training_certificates c
         join training_enrolments e on e.id = c.enrolment_id
         join training_licences l on l.id = e.licence_id
         where ${DUE}
         union all
         select c.code, c.learner_name, d.email, c.course_title, c.expires_at, c.product_id, p.customer_id, s.option_id, 'course' as kind
         from training_certificates c
         join training_delegates d on d.certificate_code = c.code
         join training_session_places p on p.id = d.place_id
         join training_sessions s on s.id = p.session_id
         where ${DUE}
       ) due
       order by customer_id, expires_at, code
       limit ?`,
      [window.after, window.until, window.after, window.until, limit],
    );
    return rows.map((row) => ({
      code: row.code, learnerName: row.learner_name, learnerEmail: row.email, courseTitle: row.course_title, expiresAt: new Date(row.expires_at),
      productId: Number(row.product_id), customerId: Number(row.customer_id), optionId: Number(row.option_id),
      kind: row.kind === 'course' ? 'course' : 'online',
    }));
  }

  async claim(codes: readonly string[], at: Date): Promise<string[]> {
    if (codes.length === 0) return [];
    const rows = await this.query<{ code: string }>(
      `update training_certificates set reminded_at = ?
       where code in (${codes.map(() => '?').join(', ')}) and reminded_at is null and revoked_at is null
       returning code`,
      [at, ...codes],
    );
    return rows.map((row) => row.code);
  }

  private query<T>(sql: string, params: unknown[]): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(sql, params, 'all', this.em.getTransactionContext());
  }
}
