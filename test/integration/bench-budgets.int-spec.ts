import { evaluateBudgets, recordsRead, type ReadsSummary } from '../../scripts/bench/lib/budgets.mjs';

// ADR 0082: the records buyer's reads while the learners report are held to a p99 and to every answer being a 200.
const reads = (overrides: Partial<ReadsSummary> = {}): ReadsSummary => ({
  rate: 5, sent: 100, answered: 100, statuses: { 200: 100 }, errors: 0, timeouts: 0, unanswered: 0,
  latencyMs: { p50: 8, p99: 40, max: 45 }, ...overrides,
});
const scale = (json: ReadsSummary) => ({ records: { buyerLearners: 500, json, page: reads() } });

describe('bench budgets: the records read while the learners report', () => {
  it('holds when every read answered 200 within the p99 budget, and names the figures', () => {
    const result = recordsRead(scale(reads()), 'json', 'GET /api/account/training-records', 50);
    expect(result.holds).toBe(true);
    expect(result.name).toContain('500-learner buyer, 5/s');
    expect(result.detail).toContain('p99 40.0 ms');
  });

  it('falls short on a p99 over the budget', () => {
    expect(recordsRead(scale(reads({ latencyMs: { p50: 8, p99: 83, max: 83 } })), 'json', 'JSON', 50).holds).toBe(false);
  });

  it('falls short when a read failed, timed out, went unanswered or answered other than 200', () => {
    expect(recordsRead(scale(reads({ statuses: { 200: 99, 500: 1 } })), 'json', 'JSON', 50).holds).toBe(false);
    expect(recordsRead(scale(reads({ answered: 99, statuses: { 200: 99 }, timeouts: 1 })), 'json', 'JSON', 50).holds).toBe(false);
    expect(recordsRead(scale(reads({ answered: 99, statuses: { 200: 99 }, unanswered: 1 })), 'json', 'JSON', 50).holds).toBe(false);
    expect(recordsRead(scale(reads({ errors: 1 })), 'json', 'JSON', 50).holds).toBe(false);
  });

  it('says "not measured" for a bench from before the records were read meanwhile', () => {
    const result = recordsRead({}, 'page', 'Page /account/training', 120);
    expect(result.holds).toBe(false);
    expect(result.detail).toBe('not measured in this bench');
    expect(recordsRead(null, 'page', 'Page', 120).holds).toBe(false);
  });

  it('lists both records budgets as not measured when a bench had no learners phase at all', () => {
    const bench = { summary: [], searchDb: [], learnersAtScale: null, client: [], shop: { peakRssMb: 100 }, settings: { products: 10_000 } };
    const records = evaluateBudgets(bench, null).filter((budget) => budget.name.includes('while the learners report'));
    expect(records.map((budget) => [budget.holds, budget.detail])).toEqual([[false, 'not measured in this bench'], [false, 'not measured in this bench']]);
  });
});

describe('bench budgets: an absolute p99 names the machine it was measured on', () => {
  const c50 = (target: string, reqPerSec: number, p99: number, baseline: string | null = null) => ({
    target, connections: 50, reqPerSec, latencyMs: { p50: 1, p99 }, non2xx: 0, errors: 0, baseline, baselineReqPerSec: baseline ? 300 : null, ratio: baseline ? reqPerSec / 300 : null,
  });
  const bench = (summary: unknown[]) => ({ summary, searchDb: [], learnersAtScale: null, client: [], shop: { peakRssMb: 100 }, settings: { products: 10_000 } });
  const p99Of = (budgets: ReturnType<typeof evaluateBudgets>) => budgets.find((budget) => budget.name === 'GET /api/products (category): p99 ≤ 25 ms at c50')!;

  it('adds the bare baseline\'s c50 rate and p99 from the same run', () => {
    const budget = p99Of(evaluateBudgets(bench([c50('api-products', 1864, 105, 'pg-products'), c50('fastify-json', 10_496, 11)]), null));
    expect(budget.holds).toBe(false);
    expect(budget.detail).toBe('p99 105.0 ms (this machine: bare fastify-json 10496 req/s at c50, p99 11.0 ms)');
  });

  it('says nothing of the machine when the bench had no bare baseline', () => {
    expect(p99Of(evaluateBudgets(bench([c50('api-products', 5000, 20, 'pg-products')]), null))).toEqual(expect.objectContaining({ holds: true, detail: 'p99 20.0 ms' }));
  });
});
