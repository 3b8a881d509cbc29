import { Inject, Injectable } from '@nestjs/common';
import { spreadsheetRecord } from '../../../shared/csv.js';
import { certificateStatus } from '../domain/certificate.js';
import { RECORDS_STORE, type RecordsStore, type TrainingRecordRow } from './ports/records-store.port.js';

/** `GET /api/account/training-records`: one completion (person × course) with its certificate's state. */
export interface TrainingRecordView {
  name: string | null;
  email: string;
  course: string;
  completed_at: string;
  score: number | null;
  expires_at: string | null;
  certificate_code: string;
  status: 'valid' | 'expired' | 'revoked';
}

export const RECORD_CSV_COLUMNS = ['name', 'email', 'course', 'completed_at', 'score', 'expires_at', 'certificate_code', 'status'] as const;
const DAY_MS = 86_400_000;
const CSV_BATCH = 500;
/** The JSON list is for a page: a buyer with more completions downloads the CSV. */
export const RECORDS_LIST_LIMIT = 2000;

/**
 * The buyer's training records (product.md "Training records", ADR 0047): who completed which course, when, the
 * score, the certificate and whether it is still valid — what an employer shows an inspector — filterable to those
 * expiring soon, as JSON and CSV.
 */
@Injectable()
export class RecordsService {
  constructor(@Inject(RECORDS_STORE) private readonly store: RecordsStore) {}

  async list(customerId: number, expiringWithinDays: number | null, now = new Date()): Promise<TrainingRecordView[]> {
    const rows = await this.store.forCustomer(customerId, filterOf(expiringWithinDays, now), { offset: 0, limit: RECORDS_LIST_LIMIT });
    return rows.map((row) => toView(row, now));
  }

  /** The same rows as CSV for spreadsheets (formula-safe), header first, read in batches as written. */
  async *csv(customerId: number, expiringWithinDays: number | null, now = new Date()): AsyncGenerator<string> {
    yield spreadsheetRecord(RECORD_CSV_COLUMNS);
    const filter = filterOf(expiringWithinDays, now);
    for (let offset = 0; ; offset += CSV_BATCH) {
      const batch = await this.store.forCustomer(customerId, filter, { offset, limit: CSV_BATCH });
      if (batch.length > 0) yield batch.map((row) => { const view = toView(row, now); return spreadsheetRecord(RECORD_CSV_COLUMNS.map((c) => view[c])); }).join('');
      if (batch.length < CSV_BATCH) return;
    }
  }
}

const filterOf = (days: number | null, now: Date) => ({ now, expiringBefore: days === null ? null : new Date(now.getTime() + days * DAY_MS) });

function toView(row: TrainingRecordRow, now: Date): TrainingRecordView {
  return {
    name: row.name, email: row.email, course: row.courseTitle, completed_at: row.completedAt.toISOString(), score: row.score,
    expires_at: row.expiresAt?.toISOString() ?? null, certificate_code: row.certificateCode, status: certificateStatus(row, now),
  };
}
