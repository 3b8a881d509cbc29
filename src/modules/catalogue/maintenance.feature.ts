import type { FeatureSlice } from '../../platform/feature-slice.js';
import { SqlSearchTableMaintenance } from './adapters/persistence/sql-search-table.maintenance.js';
import { SEARCH_TABLE_MAINTENANCE } from './application/ports/search-table-maintenance.port.js';
import { SearchTableService } from './application/search-table.service.js';

/** Upkeep of the catalogue's tables for operators (`shop catalogue:recluster`, ADR 0063). No controllers. */
export const maintenanceFeature: FeatureSlice = {
  controllers: [],
  providers: [SearchTableService, { provide: SEARCH_TABLE_MAINTENANCE, useClass: SqlSearchTableMaintenance }],
  exports: [SearchTableService],
  entities: [],
};
