import { SqlCatalogueReads, type SqlRunner } from './sql-catalogue.reads.js';

/** A runner that answers listSummary's one row with the facet counts as the database sends them (JSON text). */
function answering(rows: Array<{ categories: string | null; brands: string | null; kinds: string | null }>) {
  let next = 0;
  const runner: SqlRunner = async <Row,>() => [{ total: 3, page: [], ...rows[next++ % rows.length] }] as Row[];
  return new SqlCatalogueReads(runner);
}

describe('SqlCatalogueReads.listSummary facet counts', () => {
  it('parses each facet and hands out the same array while the database answers the same counts', async () => {
    const reads = answering([
      { categories: '{ "2" : 5, "7" : 1 }', brands: '{ "9" : 6 }', kinds: '{ "1" : 2, "8" : 4 }' },
      { categories: '{ "2" : 5, "7" : 1 }', brands: '{ "9" : 5 }', kinds: null },
    ]);
    const first = await reads.listSummary({}, 'newest', 0, 24);
    expect(first.counts).toEqual({
      categories: [{ id: 2, count: 5 }, { id: 7, count: 1 }],
      brands: [{ id: 9, count: 6 }],
      kinds: [{ id: 'physical', count: 2 }, { id: 'course', count: 4 }],
    });
    const second = await reads.listSummary({ categoryId: 7 }, 'newest', 24, 24);
    expect(second.counts.categories).toBe(first.counts.categories);
    // Counts that changed are other text: never the old array.
    expect(second.counts.brands).toEqual([{ id: 9, count: 5 }]);
    expect(second.counts.kinds).toEqual([]);
    expect(Object.isFrozen(first.counts.categories)).toBe(true);
    expect((await reads.listSummary({}, 'newest', 0, 24)).counts.brands).toBe(first.counts.brands);
  });
});
