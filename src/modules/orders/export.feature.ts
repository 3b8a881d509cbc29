import type { FeatureSlice } from '../../platform/feature-slice.js';
import { IdentityModule } from '../identity/index.js';
import { SqlOrderExportReader } from './adapters/persistence/sql-order-export.reader.js';
import { SqlSyntheticOrderStore } from './adapters/persistence/sql-synthetic-order.store.js';
import { OrderExportService } from './application/order-export.service.js';
import { ORDER_EXPORT_READER } from './application/ports/order-export-reader.port.js';
import { SYNTHETIC_ORDER_STORE } from './application/ports/synthetic-order-store.port.js';
import { SyntheticOrderGenerator } from './application/synthetic-orders.service.js';

/**
 * The operators' bulk work on orders (issue 15): `shop orders:export` (streamed, ADR 0022) and the synthetic
 * orders of `shop orders:generate` that benchmark it. No controllers: only the command line and the tests use them.
 */
export const exportFeature: FeatureSlice = {
  imports: [IdentityModule], // customers' e-mails and companies
  controllers: [],
  providers: [
    OrderExportService, SyntheticOrderGenerator,
    { provide: ORDER_EXPORT_READER, useClass: SqlOrderExportReader },
    { provide: SYNTHETIC_ORDER_STORE, useClass: SqlSyntheticOrderStore },
  ],
  exports: [OrderExportService, SyntheticOrderGenerator],
  entities: [],
};
