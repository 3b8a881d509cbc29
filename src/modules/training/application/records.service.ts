import { Inject, Injectable } from '@nestjs/common';
import { spreadsheetRecord } from '../../../shared/csv.js';
import { pageOf, type Page } from '../../../shared/pagination.js';
import { StockService } from '../../catalogue/index.js';
import { certificateStatus } from '../domain/certificate.js';
import { offersRefresher, refresherPath } from '../domain/refresher-reminders.js';
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
  /**
   * For a valid certificate expiring within 60 days: the product page with the licence's option preselected, to buy
   * refresher seats (ADR 0052); null otherwise. Not in the CSV.
   */
  refresher_url: string | null;
}

export const RECORD_CSV_COLUMNS = ['name', 'email', 'course', 'completed_at', 'score', 'expires_at', 'certificate_code', 'status'] as const;
const DAY_MS = 86_400_000;
const CSV_BATCH = 500;
/**
 * The JSON API's page when the caller does not ask (its old cap) and the most it may ask for (ADR 0062): the CSV
 * streams every row.
 */
export const RECORDS_LIST_LIMIT = 2000;

/**
 * The buyer's training records (product.md "Training records", ADR 0047): who completed which course, when, the
 * score, the certificate and whether it is still valid — what an employer shows an inspector — filterable to those
 * expiring soon, as JSON and CSV.
 */
@Injectable()
export class RecordsService {
  constructor(
    @Inject(RECORDS_STORE) private readonly store: RecordsStore,
    private readonly stock: StockService,
  ) {}

  /**
   * One page of the records (`/account/training?page=N`, ADR 0057; the JSON API, ADR 0062): a buyer with 500 learners
   * has hundreds, and the page used to render and serialise them all. The page carries its total (one statement, ADR
   * 0065); only a page past the end, which has no row to carry it, counts in a second.
   */
  async page(customerId: number, expiringWithinDays: number | null, page: number, perPage: number, now = new Date()): Promise<Page<TrainingRecordView>> {
    const filter = filterOf(expiringWithinDays, now);
    const { rows, total } = await this.store.pageForCustomer(customerId, filter, { offset: (page - 1) * perPage, limit: perPage });
    return pageOf(await this.views(rows, now), total ?? (await this.store.countForCustomer(customerId, filter)), page, perPage);
  }

  private async views(rows: TrainingRecordRow[], now: Date): Promise<TrainingRecordView[]> {
    const certificates = rows.map(certificateOf);
    const refresher = certificates.map((certificate) => offersRefresher(certificate, now));
    // One catalogue read for the options of the rows due a refresher (none when nothing expires soon).
    const options = await this.stock.describe(rows.filter((_, i) => refresher[i]).map((row) => row.optionId));
    return rows.map((row, i) => {
      const option = refresher[i] ? options.get(row.optionId) : undefined;
      return toView(row, certificateStatus(certificates[i]!, now), option ? refresherPath(option.productSlug, option.forSale ? option.id : null) : null);
    });
  }

  /** The same rows as CSV for spreadsheets (formula-safe), header first, read in batches as written. */
  async *csv(customerId: number, expiringWithinDays: number | null, now = new Date()): AsyncGenerator<string> {
    yield spreadsheetRecord(RECORD_CSV_COLUMNS);
    const filter = filterOf(expiringWithinDays, now);
    for (let offset = 0; ; offset += CSV_BATCH) {
      const batch = await this.store.forCustomer(customerId, filter, { offset, limit: CSV_BATCH });
      if (batch.length > 0) yield batch.map((row) => { const view = toView(row, certificateStatus(certificateOf(row), now), null); return spreadsheetRecord(RECORD_CSV_COLUMNS.map((c) => view[c])); }).join('');
      if (batch.length < CSV_BATCH) return;
    }
  }
}

const filterOf = (days: number | null, now: Date) => ({ now, expiringBefore: days === null ? null : new Date(now.getTime() + days * DAY_MS) });

/** The dates the certificate rules read, as Dates: only the expiry and the revocation, parsed once per row. */
function certificateOf(row: TrainingRecordRow): { expiresAt: Date | null; revokedAt: Date | null } {
  return { expiresAt: row.expiresAt === null ? null : new Date(row.expiresAt), revokedAt: row.revokedAt === null ? null : new Date(row.revokedAt) };
}

/** The row as the API answers it: its timestamps are already the API's ISO text (the store makes them). */
function toView(row: TrainingRecordRow, status: TrainingRecordView['status'], refresherUrl: string | null): TrainingRecordView {
  return {
    name: row.name, email: row.email, course: row.courseTitle, completed_at: row.completedAt, score: row.score,
    expires_at: row.expiresAt, certificate_code: row.certificateCode, status, refresher_url: refresherUrl,
  };
}
