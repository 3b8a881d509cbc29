import type { DocumentSeries } from '../../domain/order-process.js';

export const DOCUMENT_COUNTER_STORE = Symbol('DocumentCounterStore');

/** The counters of the gap-free VAT document series; only OrderProcess takes from them (ADR 0036). */
export interface DocumentCounterStore {
  /**
   * The next value of a gap-free series (1, 2, 3, …), taken in the current transaction: concurrent callers wait
   * for each other, and a rollback gives the value back, so no number is skipped or used twice.
   */
  next(series: DocumentSeries): Promise<number>;
}
