export const RECORDS_STORE = Symbol('RecordsStore');

/**
 * One completion with its certificate, a row of the training records: a learner who passed an online course on the
 * buyer's licence, or a delegate who attended an open course on the buyer's order (ADR 0049).
 */
export interface TrainingRecordRow {
  source: 'enrolment' | 'delegate';
  /** The enrolment's or the delegate's id. */
  id: number;
  name: string | null;
  email: string;
  courseTitle: string;
  /**
   * The timestamps as ISO 8601 text in UTC with milliseconds (`2026-11-30T08:27:27.175Z`, what `toISOString` writes):
   * the records are only shown and compared, and a Date per value cost more than the rest of the row (ADR 0083).
   */
  completedAt: string;
  score: number | null;
  certificateCode: string;
  expiresAt: string | null;
  revokedAt: string | null;
  /** The licence's option, or the attended session's course option: what a refresher buys again (ADR 0052). */
  optionId: number;
}

/** The buyer's training records (completions on their licences and attendances on their orders, each with its certificate), plain SQL. */
export interface RecordsStore {
  /**
   * The customer's records, by expiry (soonest first, never-expiring last) when `expiringBefore` is given — then only
   * unrevoked certificates expiring between `now` and it — else newest completion first. `page` pages the CSV.
   */
  forCustomer(customerId: number, filter: { now: Date; expiringBefore: Date | null }, page: { offset: number; limit: number }): Promise<TrainingRecordRow[]>;
  /**
   * One page of `forCustomer` with how many records the filter has in all, in one statement (ADR 0065). `total` is
   * null when the page is past the end: the statement returned no row to carry it.
   */
  pageForCustomer(customerId: number, filter: { now: Date; expiringBefore: Date | null }, page: { offset: number; limit: number }): Promise<{ rows: TrainingRecordRow[]; total: number | null }>;
  /** How many records `forCustomer` has under the filter, for a page past the end (its "N records" and page links). */
  countForCustomer(customerId: number, filter: { now: Date; expiringBefore: Date | null }): Promise<number>;
}
