import type { SearchTableMaintenance, SearchTableOrder } from './ports/search-table-maintenance.port.js';
import { SearchTableService } from './search-table.service.js';

/** A table that is `outOfOrder` rows out of order until it is re-clustered. */
function table(rows: number, outOfOrder: number): SearchTableMaintenance & { reclustered: number } {
  let current: SearchTableOrder = { rows, outOfOrder };
  return {
    reclustered: 0,
    measureOrder: async () => current,
    async reclusterAndAnalyze() {
      this.reclustered += 1;
      current = { rows, outOfOrder: 0 };
    },
  };
}

describe('re-clustering the search table (ADR 0063)', () => {
  it('always re-clusters without a threshold, and reports the drift before and after', async () => {
    const drifted = table(1000, 120);
    expect(await new SearchTableService(drifted).recluster()).toMatchObject({ rows: 1000, driftBefore: 0.12, reclustered: true, driftAfter: 0 });
    expect(drifted.reclustered).toBe(1);
  });

  it('re-clusters only above the threshold, leaving a table at or below it alone', async () => {
    const atThreshold = table(1000, 50);
    expect(await new SearchTableService(atThreshold).recluster({ ifDriftedAbove: 0.05 })).toMatchObject({ driftBefore: 0.05, reclustered: false, driftAfter: null });
    expect(atThreshold.reclustered).toBe(0);
    const above = table(1000, 51);
    expect(await new SearchTableService(above).recluster({ ifDriftedAbove: 0.05 })).toMatchObject({ reclustered: true, driftAfter: 0 });
    expect(above.reclustered).toBe(1);
  });

  it('counts an empty table as in order', async () => {
    expect(await new SearchTableService(table(0, 0)).recluster({ ifDriftedAbove: 0 })).toMatchObject({ rows: 0, driftBefore: 0, reclustered: false });
  });
});
