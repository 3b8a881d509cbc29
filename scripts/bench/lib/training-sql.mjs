// The training module's own statements for the raw-`pg` baselines of the learner targets (lib/learners.mjs): its SQL
// stores and the records service (with the catalogue's StockService, which names a refresher's option), imported
// from the build (dist/) as lib/shop-sql.mjs imports the catalogue's, and given an EntityManager look-alike whose
// connection sends each statement through a `pg` pool or client. They load @nestjs/common and @mikro-orm/core for
// their decorators only: nothing of either runs per request.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './settings.mjs';
import { numbered } from './shop-sql.mjs';

async function compiled(file, module = 'training') {
  const at = path.join(ROOT, 'dist/src/modules', module, file);
  if (!existsSync(at)) throw new Error(`No build of the shop (${path.relative(ROOT, at)} is missing): run \`make build\`.`);
  return import(pathToFileURL(at).href);
}

const { SqlLearningStore } = await compiled('adapters/persistence/sql-learning.store.js');
const { SqlRecordsStore } = await compiled('adapters/persistence/sql-records.store.js');
// The API's default page (ADR 0062): what GET /api/account/training-records answers without `page`.
const { RecordsService, RECORDS_LIST_LIMIT } = await compiled('application/records.service.js');
export { RECORDS_LIST_LIMIT };
// The records name a refresher's option through the catalogue's StockService (refresher reminders, issue 26).
const { StockService } = await compiled('application/stock.service.js', 'catalogue');
const { SqlStockStore } = await compiled('adapters/persistence/sql-stock.store.js', 'catalogue');
export const { creditReport, assessmentOpen } = await compiled('domain/watched-time.js');

/** What the stores use of MikroORM's EntityManager: `getConnection().execute(sql, params)`, over `db` instead. */
function entityManagerOver(db) {
  const connection = { execute: async (sql, params) => (await db.query(numbered(sql, params))).rows };
  return { getConnection: () => connection, getTransactionContext: () => undefined };
}

/** The training stores and the records service, their statements sent through `db` (a pool, or one client in a transaction). */
export function trainingReads(db) {
  const em = entityManagerOver(db);
  return {
    learning: new SqlLearningStore(em),
    records: new RecordsService(new SqlRecordsStore(em), new StockService(new SqlStockStore(em))),
  };
}
