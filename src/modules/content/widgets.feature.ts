import { AdminUserWidgetsController, AdminWidgetsController } from './adapters/http/admin-widgets.controller.js';
import { WidgetController } from './adapters/http/widget.controller.js';
import { MikroOrmWidgetRepository } from './adapters/persistence/mikro-orm-widget.repository.js';
import { WIDGET_REPOSITORY } from './application/ports/widget-repository.port.js';
import { WidgetAdminService } from './application/widget-admin.service.js';
import { WidgetService } from './application/widget.service.js';
import { IdentityModule } from '../identity/index.js';
import type { FeatureSlice } from '../../platform/feature-slice.js';
import { WidgetSchema } from './domain/widget.entity.js';

export const widgetsFeature: FeatureSlice = {
  imports: [IdentityModule], // UserDirectory: a user's widgets tab for an unknown user is a 404
  controllers: [WidgetController, AdminWidgetsController, AdminUserWidgetsController],
  providers: [WidgetService, WidgetAdminService, { provide: WIDGET_REPOSITORY, useClass: MikroOrmWidgetRepository }],
  exports: [WidgetService, WidgetAdminService],
  entities: [WidgetSchema],
};
