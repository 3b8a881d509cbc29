import type { FeatureSlice } from '../../platform/feature-slice.js';
import { CatalogueModule } from '../catalogue/index.js';
import { RecordsController } from './adapters/http/records.controller.js';
import { SqlRecordsStore } from './adapters/persistence/sql-records.store.js';
import { RecordsService } from './application/records.service.js';
import { RECORDS_STORE } from './application/ports/records-store.port.js';

/** The buyer's training records (issue 26, ADR 0047): completions on their licences with their certificates, JSON and CSV. */
export const recordsFeature: FeatureSlice = {
  imports: [CatalogueModule], // StockService.describe: the licence option's product, for the refresher link
  controllers: [RecordsController],
  providers: [RecordsService, { provide: RECORDS_STORE, useClass: SqlRecordsStore }],
  exports: [RecordsService],
  entities: [],
};
