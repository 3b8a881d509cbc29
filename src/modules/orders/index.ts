/** The orders module's public face: other modules, web/ and cli/ import only from here. */
import { ordersFeatures } from './orders.module.js';
import { OrdersModule } from './orders.module.js';
import { CheckoutService } from './application/checkout.service.js';
import { OrderService } from './application/order.service.js';
import { DownloadService } from './application/download.service.js';
import { shopModule } from '../../platform/shop-module.js';

// Trimmed to what other modules, web/, cli/ and the tests import (issue 29): the services staff and customers use
// over HTTP stay inside the module.
export { OrdersModule } from './orders.module.js';
// Types the storefront and the portal render.
export type { OrderView, OrderSummaryView, AdminOrderView, AdminOrderSummaryView } from './application/order-views.js';
export type { OrderAddress } from './domain/order.entity.js';
export type { OrderStatus, OrderChange } from './domain/order-process.js';
export { DISPATCH_STATUSES, ORDER_STATUSES } from './domain/order-process.js';
export type { DeliveryTypeView } from './application/delivery-type.service.js';
// The order process: its subscription point for other modules (the training module's licences; ADR 0036), and
// the entry point and payment time-out the tests drive.
export { OrderTransitionSubscribers, type OrderTransitionEvent, type OrderTransitionHandler } from './application/order-transition-subscribers.js';
export { OrderProcess } from './application/order-process.service.js';
// Fields other modules add to the customer's order view (training's `places`, ADR 0048), and the customer's own order
// (NotFound for anybody else's) that they check ownership with.
export { OrderViewAddons, type OrderViewAddon, type OrderViewAddonContext } from './application/order-view-addons.js';
export { OrderService } from './application/order.service.js';
export { PaymentTimeout } from './application/payment-timeout.job.js';
// A refund another module grants the customer (a cancelled or moved course session; ADR 0050).
export { CustomerRefunds, type CustomerRefundView } from './application/customer-refund.service.js';
// Checkout in-process (test fixtures), the reference delivery types (db:seed), and the operators' commands.
export { CheckoutService, type CheckoutInput, type PlacedOrder } from './application/checkout.service.js';
export { DeliveryTypeService } from './application/delivery-type.service.js';
export { OrderExportService } from './application/order-export.service.js';
export { ORDER_EXPORT_COLUMNS, ORDER_EXPORT_TEXT_COLUMNS, exportPeriod, parseStatuses } from './domain/order-export.js';
// UK calendar days, which the reporting module's dashboard counts sales by.
export { EXPORT_TIME_ZONE, ukCalendarDateOf, ukDayStart, type CalendarDate } from './domain/order-export.js';
export { SyntheticOrderGenerator } from './application/synthetic-orders.service.js';

export const ordersEntities = ordersFeatures.flatMap((f) => f.entities);

/** What storefront pages may call of orders, in-process. */
export interface OrdersPageServices {
  /** The checkout page's offer (GET /api/checkout's JSON); placing the order is the API's. */
  checkout: Pick<CheckoutService, 'describe'>;
  /** A customer's own order (NotFound for anybody else's): /complete, /cancelled, /account/orders. */
  orders: Pick<OrderService, 'findForCustomer' | 'listForCustomer'>;
  /** The customer's downloads with fresh signed links: /account/downloads. */
  downloads: Pick<DownloadService, 'listForCustomer'>;
}

export const ordersShopModule = shopModule({
  module: OrdersModule,
  entities: ordersEntities,
  pageServices: {
    inject: [CheckoutService, OrderService, DownloadService],
    build: (checkout: CheckoutService, orders: OrderService, downloads: DownloadService): OrdersPageServices => ({ checkout, orders, downloads }),
  },
});
