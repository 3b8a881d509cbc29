import type { FeatureSlice } from '../../platform/feature-slice.js';
import { CatalogueModule } from '../catalogue/index.js';
import { IdentityModule } from '../identity/index.js';
import { AdminOrdersController } from './adapters/http/admin-orders.controller.js';
import { OrdersController } from './adapters/http/orders.controller.js';
import { MikroOrmCardOrderStore } from './adapters/persistence/mikro-orm-card-order.store.js';
import { MikroOrmOrderReads } from './adapters/persistence/mikro-orm-order.reads.js';
import { MikroOrmOrderRepository } from './adapters/persistence/mikro-orm-order.repository.js';
import { SqlDocumentCounterStore } from './adapters/persistence/sql-document-counter.store.js';
import { SqlOrderRefundStore } from './adapters/persistence/sql-order-refund.store.js';
import { OrderRefundService } from './application/order-refund.service.js';
import { CustomerRefunds } from './application/customer-refund.service.js';
import { OrderRefunding } from './application/order-refunding.js';
import { ORDER_REFUND_STORE } from './application/ports/order-refund-store.port.js';
import { PdfkitVatDocumentRenderer } from './adapters/documents/pdfkit-vat-document.renderer.js';
import { InvoiceService } from './application/invoice.service.js';
import { OrderAdminService } from './application/order-admin.service.js';
import { OrderPaymentService } from './application/order-payment.service.js';
import { OrderMailService } from './application/order-mail.service.js';
import { OrderProcess } from './application/order-process.service.js';
import { OrderTransitionSubscribers } from './application/order-transition-subscribers.js';
import { PaymentTimeout } from './application/payment-timeout.job.js';
import { OrderService } from './application/order.service.js';
import { OrderViewAddons } from './application/order-view-addons.js';
import { CARD_ORDER_STORE } from './application/ports/card-order-store.port.js';
import { DOCUMENT_COUNTER_STORE } from './application/ports/document-counter-store.port.js';
import { ORDER_READS } from './application/ports/order-reads.port.js';
import { ORDER_REPOSITORY } from './application/ports/order-repository.port.js';
import { VAT_DOCUMENT_RENDERER } from './application/ports/vat-document-renderer.port.js';
import { OrderHistoryEntrySchema, OrderLineSchema, OrderSchema } from './domain/order.entity.js';
import { OrderPaymentSchema } from './domain/order-payment.entity.js';

/**
 * Orders (issues 12, 13): the process and its history, the payment timeout, the customer's and the staff's views,
 * and the VAT invoices and credit notes numbered when an order is paid or refunded.
 */
export const ordersFeature: FeatureSlice = {
  imports: [CatalogueModule, IdentityModule], // StockService.giveBack; customers' e-mails for staff
  controllers: [OrdersController, AdminOrdersController],
  providers: [
    OrderProcess, OrderTransitionSubscribers, PaymentTimeout, OrderService, OrderAdminService, InvoiceService, OrderPaymentService, OrderMailService, OrderRefunding, OrderRefundService, CustomerRefunds, OrderViewAddons,
    // The order's persistence by use (ADR 0036): the aggregate, the read side, card-payment look-ups and locks, counters.
    { provide: ORDER_REPOSITORY, useClass: MikroOrmOrderRepository },
    { provide: ORDER_READS, useClass: MikroOrmOrderReads },
    { provide: CARD_ORDER_STORE, useClass: MikroOrmCardOrderStore },
    { provide: DOCUMENT_COUNTER_STORE, useClass: SqlDocumentCounterStore },
    { provide: ORDER_REFUND_STORE, useClass: SqlOrderRefundStore },
    { provide: VAT_DOCUMENT_RENDERER, useClass: PdfkitVatDocumentRenderer },
  ],
  exports: [OrderService, OrderAdminService, OrderProcess, OrderTransitionSubscribers, PaymentTimeout, InvoiceService, CustomerRefunds, OrderViewAddons],
  entities: [OrderSchema, OrderLineSchema, OrderHistoryEntrySchema, OrderPaymentSchema],
};
