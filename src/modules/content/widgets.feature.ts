import { WidgetController } from './adapters/http/widget.controller.js';
import { MikroOrmWidgetRepository } from './adapters/persistence/mikro-orm-widget.repository.js';
import { WIDGET_REPOSITORY } from './application/ports/widget-repository.port.js';
import { WidgetService } from './application/widget.service.js';
import type { ContentFeature } from './content-feature.js';
import { WidgetSchema } from './domain/widget.entity.js';

export const widgetsFeature: ContentFeature = {
  controllers: [WidgetController],
  providers: [WidgetService, { provide: WIDGET_REPOSITORY, useClass: MikroOrmWidgetRepository }],
  exports: [WidgetService],
  entities: [WidgetSchema],
};
