import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { escapeLike } from '../../../../shared/like-pattern.js';
import type { CertificateRecord, CertificateSearch, CertificateStore } from '../../application/ports/certificate-store.port.js';

interface CertificateRow {
  code: string; enrolment_id: number | null; delegate_ref: string | null; user_id: number | null; learner_name: string; product_id: number;
  course_title: string; accreditation: string | null; score: number | null; completed_at: Date | string; expires_at: Date | string | null;
  revoked_at: Date | string | null; revoked_reason: string | null; issued_at: Date | string;
}

const date = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

/** Certificates in plain SQL; the code is the primary key, so a clash of random codes is a refused insert. */
@Injectable()
export class SqlCertificateStore implements CertificateStore {
  constructor(private readonly em: EntityManager) {}

  async insert(c: CertificateRecord): Promise<boolean> {
    const rows = await this.query<{ code: string }>(
      `insert into training_certificates (code, enrolment_id, delegate_ref, user_id, learner_name, product_id, course_title, accreditation, score,
         completed_at, expires_at, issued_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (code) do nothing returning code`,
      [c.code, c.enrolmentId, c.delegateRef, c.userId, c.learnerName, c.productId, c.courseTitle, c.accreditation, c.score, c.completedAt, c.expiresAt, c.issuedAt]);
    return rows.length === 1;
  }

  async find(code: string): Promise<CertificateRecord | null> {
    const [row] = await this.query<CertificateRow>('select * from training_certificates where code = ?', [code]);
    return row ? toRecord(row) : null;
  }

  async revoke(code: string, reason: string, at: Date): Promise<boolean> {
    const rows = await this.query<{ code: string }>(
      'update training_certificates set revoked_at = ?, revoked_reason = ? where code = ? and revoked_at is null returning code', [at, reason, code]);
    return rows.length === 1;
  }

  async search(query: CertificateSearch): Promise<{ rows: CertificateRecord[]; total: number }> {
    const term = query.search?.trim();
    const pattern = term ? `%${escapeLike(term)}%` : null;
    const where = pattern ? 'where code ilike ? or learner_name ilike ? or course_title ilike ?' : '';
    const params = pattern ? [pattern, pattern, pattern] : [];
    const [count] = await this.query<{ total: string | number }>(`select count(*) as total from training_certificates ${where}`, params);
    const rows = await this.query<CertificateRow>(
      `select * from training_certificates ${where} order by issued_at desc, code limit ? offset ?`, [...params, query.limit, query.offset]);
    return { rows: rows.map(toRecord), total: Number(count?.total ?? 0) };
  }

  private query<T>(sql: string, params: unknown[]): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(sql, params, 'all', this.em.getTransactionContext());
  }
}

function toRecord(row: CertificateRow): CertificateRecord {
  return {
    code: row.code, enrolmentId: row.enrolment_id === null ? null : Number(row.enrolment_id), delegateRef: row.delegate_ref,
    userId: row.user_id === null ? null : Number(row.user_id), learnerName: row.learner_name, productId: Number(row.product_id),
    courseTitle: row.course_title, accreditation: row.accreditation, score: row.score === null ? null : Number(row.score),
    completedAt: new Date(row.completed_at), expiresAt: date(row.expires_at), revokedAt: date(row.revoked_at), revokedReason: row.revoked_reason,
    issuedAt: new Date(row.issued_at),
  };
}
