import type { FeatureSlice } from '../../platform/feature-slice.js';
import { CatalogueModule } from '../catalogue/index.js';
import { ContentModule } from '../content/index.js';
import { IdentityModule } from '../identity/index.js';
import { AdminDashboardController } from './adapters/http/admin-dashboard.controller.js';
import { SqlOrderDashboardReads } from './adapters/persistence/sql-order-dashboard.reads.js';
import { DashboardService } from './application/dashboard.service.js';
import { ORDER_DASHBOARD_READS } from './application/ports/order-dashboard-reads.port.js';

/** The Administration Portal's dashboard (issue 14, ADR 0023): order figures read here, the others from their modules. */
export const dashboardFeature: FeatureSlice = {
  // Low stock (StockService), recent enquiries and sign-ups, customers' e-mails: each from the module that owns it.
  imports: [CatalogueModule, ContentModule, IdentityModule],
  controllers: [AdminDashboardController],
  providers: [DashboardService, { provide: ORDER_DASHBOARD_READS, useClass: SqlOrderDashboardReads }],
  exports: [DashboardService],
  entities: [],
};
