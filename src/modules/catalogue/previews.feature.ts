import type { FeatureSlice } from '../../platform/feature-slice.js';
import { PreviewService } from './application/preview.service.js';
import { PreviewSchema } from './domain/preview.entity.js';

/** Free previews of a product's preview video for signed-in customers (issue 4). */
export const previewsFeature: FeatureSlice = {
  controllers: [],
  providers: [PreviewService],
  exports: [PreviewService],
  entities: [PreviewSchema],
};
