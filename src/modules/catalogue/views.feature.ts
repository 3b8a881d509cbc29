import type { FeatureSlice } from '../../platform/feature-slice.js';
import { ProductViewService } from './application/product-view.service.js';
import { ProductViewSchema } from './domain/product-view.entity.js';

/** Product page views: recorded without slowing the page, "popular" for the home page, per user for admins (issue 4). */
export const viewsFeature: FeatureSlice = {
  controllers: [],
  providers: [ProductViewService],
  exports: [ProductViewService],
  entities: [ProductViewSchema],
};
