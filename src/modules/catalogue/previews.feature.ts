import type { FeatureSlice } from '../../platform/feature-slice.js';
import { IdentityModule } from '../identity/index.js';
import { AdminPreviewsController } from './adapters/http/admin-previews.controller.js';
import { PreviewController } from './adapters/http/preview.controller.js';
import { MikroOrmPreviewRepository } from './adapters/persistence/mikro-orm-preview.repository.js';
import { PREVIEW_REPOSITORY } from './application/ports/preview-repository.port.js';
import { PreviewAdminService } from './application/preview-admin.service.js';
import { PreviewService } from './application/preview.service.js';
import { PreviewSchema } from './domain/preview.entity.js';

/** Free previews of a product's preview video for signed-in customers, and their administration (issue 4). */
export const previewsFeature: FeatureSlice = {
  imports: [IdentityModule], // UserDirectory: names in the admin list, 404 for an unknown user's tab
  controllers: [PreviewController, AdminPreviewsController],
  providers: [PreviewService, PreviewAdminService, { provide: PREVIEW_REPOSITORY, useClass: MikroOrmPreviewRepository }],
  exports: [PreviewService, PreviewAdminService],
  entities: [PreviewSchema],
};
