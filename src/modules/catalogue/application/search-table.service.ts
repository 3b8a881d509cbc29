import { Inject, Injectable } from '@nestjs/common';
import { SEARCH_TABLE_MAINTENANCE, type SearchTableMaintenance } from './ports/search-table-maintenance.port.js';

export interface ReclusterResult {
  rows: number;
  /** Share of rows out of category-set order before (0–1). */
  driftBefore: number;
  /** Whether it re-clustered (false: the drift was at or below the threshold). */
  reclustered: boolean;
  /** Share out of order afterwards; null when it did not re-cluster. */
  driftAfter: number | null;
  milliseconds: number;
}

/**
 * Keeps the search table in category-set order (ADR 0053): CLUSTER orders it once, rows written later go wherever
 * there is room, so a catalogue edited row by row drifts. Operators re-cluster at night or after a bulk change
 * (`shop catalogue:recluster`, ADR 0063); with a threshold it only rewrites a table that has drifted, as CLUSTER
 * holds an exclusive lock on it (searches wait, ~1 s at 100k rows).
 */
@Injectable()
export class SearchTableService {
  constructor(@Inject(SEARCH_TABLE_MAINTENANCE) private readonly table: SearchTableMaintenance) {}

  /** Measures the drift; re-clusters and analyses when it is above `ifDriftedAbove` (0–1), or always without one. */
  async recluster(options: { ifDriftedAbove?: number } = {}): Promise<ReclusterResult> {
    const started = performance.now();
    const before = await this.table.measureOrder();
    const driftBefore = share(before.outOfOrder, before.rows);
    if (options.ifDriftedAbove !== undefined && driftBefore <= options.ifDriftedAbove) {
      return { rows: before.rows, driftBefore, reclustered: false, driftAfter: null, milliseconds: Math.round(performance.now() - started) };
    }
    await this.table.reclusterAndAnalyze();
    const after = await this.table.measureOrder();
    return {
      rows: after.rows, driftBefore, reclustered: true, driftAfter: share(after.outOfOrder, after.rows),
      milliseconds: Math.round(performance.now() - started),
    };
  }
}

const share = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);
