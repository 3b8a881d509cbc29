/** What one chunk of synthetic orders added. */
export interface SyntheticOrderChunk {
  orders: number;
  lines: number;
  invoices: number;
  creditNotes: number;
}

/**
 * Writes synthetic orders for benchmarks in set-based SQL (INSERT … SELECT … FROM generate_series), a chunk per
 * transaction; each chunk takes its invoice and credit-note numbers from `document_counters` in the same
 * transaction, so the series stay gap-free.
 */
export interface SyntheticOrderStore {
  /** Options of published products that can be ordered. */
  countOrderableOptions(): Promise<number>;
  /** Makes sure there are at least `wanted` customer accounts, adding synthetic ones; returns how many were added. */
  ensureCustomers(wanted: number): Promise<{ customers: number; added: number }>;
  /** `count` orders placed at random moments of `window`, with 1–5 lines each; `vatRatePercent` as the shop charges. */
  insertChunk(count: number, window: { from: Date; to: Date }, vatRatePercent: number): Promise<SyntheticOrderChunk>;
  /** Fresh planner statistics after a bulk load. */
  analyse(): Promise<void>;
}

export const SYNTHETIC_ORDER_STORE = Symbol('SYNTHETIC_ORDER_STORE');
