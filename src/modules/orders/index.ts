/** The orders module's public face: other modules, web/ and cli/ import only from here. */
import { ordersFeatures } from './orders.module.js';

export { OrdersModule } from './orders.module.js';
export { DeliveryTypeService, DEFAULT_DELIVERY_TYPES, type DeliveryTypeView } from './application/delivery-type.service.js';

export const ordersEntities = ordersFeatures.flatMap((f) => f.entities);
