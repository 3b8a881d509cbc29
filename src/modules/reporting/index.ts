/**
 * The reporting module's public face (issue 29, ADR 0036): the read side that answers staff's figures — the admin
 * dashboard — composed from the other modules' indexes and, for the orders' aggregates, SQL over their tables. It
 * changes nothing; other modules never depend on it.
 */
import { ReportingModule, reportingFeatures } from './reporting.module.js';
import { shopModule } from '../../platform/shop-module.js';

export { ReportingModule } from './reporting.module.js';
export type { DashboardView } from './application/dashboard.service.js';
export { SALE_STATUSES } from './application/ports/order-dashboard-reads.port.js';

export const reportingShopModule = shopModule({ module: ReportingModule, entities: reportingFeatures.flatMap((f) => f.entities) });
