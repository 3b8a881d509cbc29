import type { FeatureSlice } from '../../platform/feature-slice.js';
import { IdentityModule } from '../identity/index.js';
import { AdminProductViewsController } from './adapters/http/admin-product-views.controller.js';
import { SqlProductViewStore } from './adapters/persistence/sql-product-view.store.js';
import { PRODUCT_VIEW_STORE } from './application/ports/product-view-store.port.js';
import { ProductViewService } from './application/product-view.service.js';
import { ProductViewSchema } from './domain/product-view.entity.js';

/** Product page views: recorded without slowing the page, "popular" for the home page, per user for admins (issue 4). */
export const viewsFeature: FeatureSlice = {
  imports: [IdentityModule], // UserDirectory: a user tab for an unknown user is a 404
  controllers: [AdminProductViewsController],
  providers: [ProductViewService, { provide: PRODUCT_VIEW_STORE, useClass: SqlProductViewStore }],
  exports: [ProductViewService],
  entities: [ProductViewSchema],
};
