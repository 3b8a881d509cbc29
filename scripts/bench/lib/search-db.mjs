// Database time of a search, measured in the database's own terms: the shop's own statements of
// `GET /api/products?search=`, in the shop's order (its searchProducts over its SqlCatalogueReads, lib/shop-sql.mjs),
// run one at a time on an idle server (p50/p95 over many runs per term, the no-match term included, with the
// shop's correction of a term that found nothing), and the plans: the summary (total, facets and the walked
// page) and the ranked page must use the full-text GIN index of product_search, and neither may scan
// product_search or products sequentially — a scan would pass at 10k products and fail at 100k.
import { correctableWords, pgReads, searchProducts, statementsOf } from './shop-sql.mjs';
import { NO_MATCH_TERM, withClient } from './database.mjs';
import { machineBusySeconds, processRunSeconds } from './proc.mjs';

const SEARCH_INDEX = 'product_search_document_index';
const SCANNED = ['product_search', 'products'];

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

/**
 * The summary runs inside `catalogue_search_summary` (ADR 0069), where EXPLAIN of the call would show a function
 * scan and nothing of its statement. Its statement (the function's one `return query`, written with $1…$n) is
 * prepared on its own with the function's argument types and explained as the function runs it: one generic plan.
 */
const SUMMARY_FUNCTION = 'catalogue_search_summary';

async function explainable(client, query) {
  if (!query.text.includes(`${SUMMARY_FUNCTION}(`)) return { text: query.text, values: query.values, done: async () => {} };
  const { rows: [fn] } = await client.query(
    'select prosrc, array(select unnest(proargtypes::oid[])::regtype::text) as types from pg_proc where proname = $1', [SUMMARY_FUNCTION]);
  const statement = /return query([\s\S]*);\s*end\s*$/i.exec(fn.prosrc)?.[1];
  if (!statement) throw new Error(`${SUMMARY_FUNCTION} is no longer one \`return query\`: teach search-db.mjs to explain it.`);
  await client.query('set plan_cache_mode = force_generic_plan');
  await client.query(`prepare search_summary_statement (${fn.types.join(', ')}) as ${statement}`);
  // EXPLAIN EXECUTE takes no bound parameters: the call's values go in as literals.
  const literal = (value) => (value === null || value === undefined ? 'null' : client.escapeLiteral(String(value)));
  return {
    text: `execute search_summary_statement (${fn.types.map((type, i) => `${literal(query.values[i])}::${type}`).join(', ')})`,
    values: [],
    done: async () => {
      await client.query('deallocate search_summary_statement');
      await client.query('reset plan_cache_mode');
    },
  };
}

async function explain(client, recorded) {
  const query = await explainable(client, recorded);
  const explained = await client.query(`explain (analyze, buffers, format json) ${query.text}`, query.values).finally(query.done);
  const plan = explained.rows[0]['QUERY PLAN'][0];
  const nodes = planNodes(plan.Plan);
  return {
    executionMs: plan['Execution Time'],
    indexes: [...new Set(nodes.map((node) => node['Index Name']).filter(Boolean))],
    seqScans: [...new Set(nodes.filter((node) => node['Node Type'] === 'Seq Scan').map((node) => node['Relation Name']))],
    text: describePlan(plan.Plan),
  };
}

/**
 * Per term: p50/p95 of the summary statement alone and of the whole request's queries; the plan guard. Beside the
 * wall times, the backend's own CPU per request (from /proc, when PostgreSQL runs on this machine, as the bench's
 * does): on a box other work keeps busy the wall times are mostly the wait for a core, the CPU is what the
 * statements cost (ADR 0061). `busyCores` is what the whole machine was doing meanwhile.
 */
export async function measureSearch(url, terms, { runs }) {
  return withClient(url, async (client) => {
    const results = [];
    const backend = (await client.query('select pg_backend_pid() as pid')).rows[0].pid;
    const backendCpu = () => processRunSeconds(backend);
    let spent = 0;
    const reads = pgReads(client, (_statement, ms) => {
      spent += ms;
    });
    // One `GET /api/products?search=term`: first page, relevance order (ProductBrowseService.listProducts).
    const walk = { offset: 0, limit: 24 };
    const request = (term) => searchProducts(reads, { search: term }, 'relevance', walk.offset, walk.limit);
    const only = async (read) => (await statementsOf(read))[0];
    for (const term of terms) {
      for (let i = 0; i < 3; i++) await request(term); // warm the cache and the plans
      // The term the page is read for: the corrected one when there is one.
      const flow = await request(term);
      const searched = { search: flow.correctedSearch ?? term };
      const list = [];
      const whole = [];
      // The backend's CPU to the nanosecond (/proc/PID/schedstat), summed over the runs.
      let cpuSeconds = 0;
      const machineBefore = machineBusySeconds();
      const wallBefore = performance.now();
      for (let i = 0; i < runs; i++) {
        spent = 0;
        await reads.searchSummary(searched, walk);
        list.push(spent);
        spent = 0;
        const before = backendCpu();
        await request(term);
        const after = backendCpu();
        if (before !== null && after !== null) cpuSeconds += after - before;
        whole.push(spent);
      }
      const busyCores = (machineBusySeconds() - machineBefore) / ((performance.now() - wallBefore) / 1000);
      const summary = await reads.searchSummary(searched, walk);
      const summaryPlan = await explain(client, await only((recorded) => recorded.searchSummary(searched, walk)));
      const rankedPlan = await explain(client, await only((recorded) => recorded.searchPage(searched, walk.offset, walk.limit)));
      const scans = (name, plan) => plan.seqScans.filter((table) => SCANNED.includes(table)).map((table) => `${name}: sequential scan of ${table}`);
      const problems = [
        ...(summaryPlan.indexes.includes(SEARCH_INDEX) ? [] : [`summary: ${SEARCH_INDEX} unused`]),
        ...(rankedPlan.indexes.includes(SEARCH_INDEX) ? [] : [`ranked page: ${SEARCH_INDEX} unused`]),
        ...scans('summary', summaryPlan), ...scans('ranked page', rankedPlan),
      ];
      // The correction's plan is reported, not guarded: search_words holds the title vocabulary (hundreds of
      // words whatever the catalogue's size), which PostgreSQL rightly scans; its time is in the request's p95.
      const suggest = flow.correctedSearch || (summary.total === 0 && correctableWords(term).length > 0)
        ? await explain(client, await only((recorded) => recorded.suggestWords(correctableWords(term))))
        : null;
      results.push({
        term,
        noMatch: term === NO_MATCH_TERM,
        matches: flow.correctedSearch ? 0 : summary.total,
        correctedTo: flow.correctedSearch,
        listMs: { p50: percentile(list, 50), p95: percentile(list, 95), max: Math.max(...list) },
        requestMs: { p50: percentile(whole, 50), p95: percentile(whole, 95), max: Math.max(...whole) },
        requestCpuMs: backendCpu() === null ? null : (1000 * cpuSeconds) / runs,
        busyCores,
        plan: { guard: problems.length === 0 ? 'ok' : problems.join(', '), summary: summaryPlan, ranked: rankedPlan, walked: summary.page?.length === walk.limit, suggest },
      });
    }
    return results;
  });
}
