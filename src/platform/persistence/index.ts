export { Transactions } from './transactions.js';
export { DatabaseMaintenance, PersistenceModule } from './persistence.module.js';
export { entityManagerPerRequest } from './request-context.js';
export { COMMIT_WITHOUT_FLUSH, PreparedStatement } from './prepared-statement.js';
