import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { DueCertificate, ReminderStore } from '../../application/ports/reminder-store.port.js';

interface DueRow {
  code: string; learner_name: string; email: string; course_title: string; expires_at: Date | string; product_id: number | string;
  customer_id: number | string; option_id: number | string;
}

/**
 * The refresher sweep in plain SQL: certificates of online courses (certificate → enrolment → licence → buyer). The
 * filter matches the partial index `training_certificates_reminder_due_index` (migration 20261128001400).
 */
@Injectable()
export class SqlReminderStore implements ReminderStore {
  constructor(private readonly em: EntityManager) {}

  async due(window: { after: Date; until: Date }, limit: number): Promise<DueCertificate[]> {
    const rows = await this.query<DueRow>(
      `select c.code, c.learner_name, e.email, c.course_title, c.expires_at, c.product_id, l.customer_id, l.option_id
       from training_certificates c
       join training_enrolments e on e.id = c.enrolment_id
       join training_licences l on l.id = e.licence_id
       where c.reminded_at is null and c.revoked_at is null and c.expires_at is not null and c.expires_at > ? and c.expires_at <= ?
       order by l.customer_id, c.expires_at, c.code
       limit ?`,
      [window.after, window.until, limit],
    );
    return rows.map((row) => ({
      code: row.code, learnerName: row.learner_name, learnerEmail: row.email, courseTitle: row.course_title, expiresAt: new Date(row.expires_at),
      productId: Number(row.product_id), customerId: Number(row.customer_id), optionId: Number(row.option_id),
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
