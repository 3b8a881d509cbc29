import type { FeatureSlice } from '../../platform/feature-slice.js';
import { SqlStockStore } from './adapters/persistence/sql-stock.store.js';
import { STOCK_STORE } from './application/ports/stock-store.port.js';
import { StockService } from './application/stock.service.js';

/** Stock for the basket and the orders (issue 12): options for sale, taking and giving back stock per order. */
export const stockFeature: FeatureSlice = {
  controllers: [],
  providers: [StockService, { provide: STOCK_STORE, useClass: SqlStockStore }],
  exports: [StockService],
  entities: [],
};
