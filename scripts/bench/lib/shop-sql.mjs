// The shop's own catalogue statements and search flow, for the raw-`pg` baseline and the search measurement:
// SqlCatalogueReads (src/modules/catalogue/adapters/persistence/sql-catalogue.reads.ts) and the search's steps
// (application/product-search.ts), imported from the build in dist/ (`make bench` builds it; any `make build`
// will do for search-db.mjs). Neither loads Nest or MikroORM, so the baseline stays a bare process. The shop
// runs these statements through MikroORM's connection; here each goes to a `pg` client or pool.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './settings.mjs';

async function compiled(file) {
  const at = path.join(ROOT, 'dist/src/modules/catalogue', file);
  if (!existsSync(at)) {
    throw new Error(`No build of the shop (${path.relative(ROOT, at)} is missing): run \`make build\`; the bench runs the shop's compiled SQL.`);
  }
  return import(pathToFileURL(at).href);
}

const { SqlCatalogueReads } = await compiled('adapters/persistence/sql-catalogue.reads.js');
export const { correctableWords, namedFacets, searchProducts } = await compiled('application/product-search.js');

/**
 * MikroORM's `?` placeholders as pg's `$n`. The shop's statements hold no other question mark (MikroORM would
 * take one for a parameter too); a count that does not match the parameters says one crept in.
 */
export function numbered(sql, params) {
  let n = 0;
  const text = sql.replace(/\?/g, () => `$${++n}`);
  if (n !== params.length) throw new Error(`${n} placeholders for ${params.length} parameters in:\n${sql}`);
  return { text, values: params };
}

/**
 * The shop's catalogue reads (listSummary, productPage, searchSummary, searchPage, suggestWords…) over a `pg`
 * client or pool. `onQuery(statement, ms)`, when given, hears of each statement and its round trip.
 */
export function pgReads(db, onQuery) {
  return new SqlCatalogueReads(async (sql, params) => {
    const statement = numbered(sql, params);
    if (!onQuery) return (await db.query(statement.text, statement.values)).rows;
    const started = performance.now();
    const { rows } = await db.query(statement.text, statement.values);
    onQuery(statement, performance.now() - started);
    return rows;
  });
}

/** The statements `read(reads)` sends, recorded and not run (each answers no rows): what EXPLAIN is given. */
export async function statementsOf(read) {
  const statements = [];
  await read(new SqlCatalogueReads(async (sql, params) => {
    statements.push(numbered(sql, params));
    return [];
  }));
  return statements;
}
