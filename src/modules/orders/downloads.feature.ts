import type { FeatureSlice } from '../../platform/feature-slice.js';
import { CatalogueModule } from '../catalogue/index.js';
import { DownloadsController } from './adapters/http/downloads.controller.js';
import { DownloadService } from './application/download.service.js';

/** Secure downloads (issue 13): the files of paid download options behind short-lived links signed for the buyer. */
export const downloadsFeature: FeatureSlice = {
  imports: [CatalogueModule], // DownloadFileService: which file an option unlocks, and its bytes
  controllers: [DownloadsController],
  providers: [DownloadService],
  exports: [DownloadService],
  entities: [],
};
