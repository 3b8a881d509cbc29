import type { FeatureSlice } from '../../platform/feature-slice.js';
import { SqlDownloadFileStore } from './adapters/persistence/sql-download-file.store.js';
import { DownloadFileService } from './application/download-file.service.js';
import { DOWNLOAD_FILE_STORE } from './application/ports/download-file-store.port.js';

/** The files download options unlock, for the orders module's secure downloads (issue 13). */
export const downloadsFeature: FeatureSlice = {
  controllers: [],
  providers: [DownloadFileService, { provide: DOWNLOAD_FILE_STORE, useClass: SqlDownloadFileStore }],
  exports: [DownloadFileService],
  entities: [],
};
