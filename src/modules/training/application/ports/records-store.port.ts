export const RECORDS_STORE = Symbol('RecordsStore');

/** One completion on a buyer's licence with its certificate: a row of the training records. */
export interface TrainingRecordRow {
  enrolmentId: number;
  name: string | null;
  email: string;
  courseTitle: string;
  completedAt: Date;
  score: number | null;
  certificateCode: string;
  expiresAt: Date | null;
  revokedAt: Date | null;
  /** The licence's option: what a refresher buys again (ADR 0052). */
  optionId: number;
}

/** The buyer's training records (completions on their licences, with the certificate each earned), plain SQL. */
export interface RecordsStore {
  /**
   * The customer's records, by expiry (soonest first, never-expiring last) when `expiringBefore` is given — then only
   * unrevoked certificates expiring between `now` and it — else newest completion first. `page` pages the CSV.
   */
  forCustomer(customerId: number, filter: { now: Date; expiringBefore: Date | null }, page: { offset: number; limit: number }): Promise<TrainingRecordRow[]>;
}
