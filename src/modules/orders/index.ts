/** The orders module's public face: other modules, web/ and cli/ import only from here. */
import { ordersFeatures } from './orders.module.js';
import { OrdersModule } from './orders.module.js';
import { CheckoutService } from './application/checkout.service.js';
import { OrderService } from './application/order.service.js';
import { DownloadService } from './application/download.service.js';
import { shopModule } from '../../platform/shop-module.js';

export { OrdersModule } from './orders.module.js';
export { DeliveryTypeService, DEFAULT_DELIVERY_TYPES, type DeliveryTypeView } from './application/delivery-type.service.js';
export { CheckoutService, type CheckoutView, type CheckoutInput, type PlacedOrder } from './application/checkout.service.js';
export { OrderService } from './application/order.service.js';
export { DownloadService, type DownloadView } from './application/download.service.js';
export { OrderAdminService } from './application/order-admin.service.js';
export { OrderPaymentService } from './application/order-payment.service.js';
export { InvoiceService, type VatDocumentFile, type VatDocumentKind } from './application/invoice.service.js';
export { OrderProcess, PAYMENT_TIMEOUT_JOB } from './application/order-process.service.js';
export { PaymentTimeout } from './application/payment-timeout.job.js';
export { OrderTransitionSubscribers, type OrderTransitionEvent, type OrderTransitionHandler } from './application/order-transition-subscribers.js';
export type { OrderView, OrderSummaryView, AdminOrderView, AdminOrderSummaryView } from './application/order-views.js';
export type { OrderAddress } from './domain/order.entity.js';
export { ORDER_STATUSES, ORDER_PROCESS, type OrderStatus, type OrderChange } from './domain/order-process.js';
export { DashboardService, type DashboardView } from './application/dashboard.service.js';
export { OrderExportService } from './application/order-export.service.js';
export type { OrderExportFilter } from './application/ports/order-export-reader.port.js';
export { ORDER_EXPORT_COLUMNS, ORDER_EXPORT_TEXT_COLUMNS, EXPORT_TIME_ZONE, exportPeriod, parseStatuses, type OrderExportRow } from './domain/order-export.js';
export { SyntheticOrderGenerator, SYNTHETIC_ORDER_LIMITS } from './application/synthetic-orders.service.js';

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
