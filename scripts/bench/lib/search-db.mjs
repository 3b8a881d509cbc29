// Database time of a search, measured in the database's own terms: the exact queries of
// `GET /api/products?search=` run one at a time on an idle server (p50/p95 over many runs per term,
// the no-match term included), and the plan of the listing query, which must use the GIN indexes
// (full text and trigram): a sequential scan would pass at 10k products and fail at 100k.
import { productListQueries } from './catalogue-sql.mjs';
import { NO_MATCH_TERM, withClient } from './database.mjs';

const REQUIRED_INDEXES = ['products_search_document_index', 'products_title_trgm_index'];

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

function planNodes(node, out = []) {
  out.push(node);
  for (const child of node.Plans ?? []) planNodes(child, out);
  return out;
}

function describePlan(node, depth = 0) {
  const what = [node['Node Type'], node['Index Name'] && `using ${node['Index Name']}`, node['Relation Name'] && `on ${node['Relation Name']}`]
    .filter(Boolean).join(' ');
  const line = `${'  '.repeat(depth)}${what} (rows ${node['Actual Rows']}, ${node['Actual Total Time']?.toFixed(2)} ms)`;
  return [line, ...(node.Plans ?? []).map((child) => describePlan(child, depth + 1))].join('\n');
}

/** Per term: p50/p95 of the listing query and of the whole request's four queries; the plan guard. */
export async function measureSearch(url, terms, { runs }) {
  return withClient(url, async (client) => {
    const results = [];
    for (const term of terms) {
      const queries = productListQueries({ search: term });
      const time = async (query) => {
        const started = performance.now();
        await client.query(query.text, query.values);
        return performance.now() - started;
      };
      for (let i = 0; i < 3; i++) await time(queries.list); // warm the cache and the plan
      const list = [];
      const request = [];
      for (let i = 0; i < runs; i++) {
        const listMs = await time(queries.list);
        const facetsMs = (await time(queries.categories)) + (await time(queries.brands)) + (await time(queries.kinds));
        list.push(listMs);
        request.push(listMs + facetsMs);
      }
      const explained = await client.query(`explain (analyze, buffers, format json) ${queries.list.text}`, queries.list.values);
      const plan = explained.rows[0]['QUERY PLAN'][0];
      const nodes = planNodes(plan.Plan);
      const indexes = [...new Set(nodes.map((node) => node['Index Name']).filter(Boolean))];
      const seqScans = nodes.filter((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'products').length;
      const missing = REQUIRED_INDEXES.filter((name) => !indexes.includes(name));
      results.push({
        term,
        noMatch: term === NO_MATCH_TERM,
        matches: (await client.query(queries.list.text, queries.list.values)).rows[0]?.total ?? 0,
        listMs: { p50: percentile(list, 50), p95: percentile(list, 95), max: Math.max(...list) },
        requestMs: { p50: percentile(request, 50), p95: percentile(request, 95), max: Math.max(...request) },
        plan: {
          executionMs: plan['Execution Time'],
          planningMs: plan['Planning Time'],
          indexes,
          guard: missing.length === 0 && seqScans === 0 ? 'ok' : `no GIN: ${[...missing.map((name) => `${name} unused`), ...(seqScans ? ['sequential scan of products'] : [])].join(', ')}`,
          text: describePlan(plan.Plan),
        },
      });
    }
    return results;
  });
}
