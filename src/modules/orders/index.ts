/** The orders module's public face: other modules, web/ and cli/ import only from here. */
import { ordersFeatures } from './orders.module.js';

export { OrdersModule } from './orders.module.js';
export { DeliveryTypeService, DEFAULT_DELIVERY_TYPES, type DeliveryTypeView } from './application/delivery-type.service.js';
export { CheckoutService, type CheckoutView, type CheckoutInput, type PlacedOrder } from './application/checkout.service.js';
export { OrderService } from './application/order.service.js';
export { OrderAdminService } from './application/order-admin.service.js';
export { OrderLifecycleService, PAYMENT_TIMEOUT_JOB } from './application/order-lifecycle.service.js';
export type { OrderView, OrderSummaryView, AdminOrderView, AdminOrderSummaryView } from './application/order-views.js';
export type { OrderAddress } from './domain/order.entity.js';
export { ORDER_STATUSES, ORDER_PROCESS, type OrderStatus } from './domain/order-process.js';

export const ordersEntities = ordersFeatures.flatMap((f) => f.entities);
