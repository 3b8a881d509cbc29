/** The content module's public face: other modules, web/ and cli/ import only from here. */
import { contentFeatures } from './content.module.js';

export { ContentModule } from './content.module.js';
export { WidgetService, type WidgetView, type WidgetListItem } from './application/widget.service.js';
export { DEMO_WIDGETS } from './application/demo-widgets.js';

export const contentEntities = contentFeatures.flatMap((f) => f.entities);
