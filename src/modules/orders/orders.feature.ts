import type { FeatureSlice } from '../../platform/feature-slice.js';
import { CatalogueModule } from '../catalogue/index.js';
import { IdentityModule } from '../identity/index.js';
import { AdminOrdersController } from './adapters/http/admin-orders.controller.js';
import { OrdersController } from './adapters/http/orders.controller.js';
import { MikroOrmOrderStore } from './adapters/persistence/mikro-orm-order.store.js';
import { PdfkitVatDocumentRenderer } from './adapters/documents/pdfkit-vat-document.renderer.js';
import { InvoiceService } from './application/invoice.service.js';
import { OrderAdminService } from './application/order-admin.service.js';
import { OrderPaymentService } from './application/order-payment.service.js';
import { OrderMailService } from './application/order-mail.service.js';
import { OrderProcess } from './application/order-process.service.js';
import { OrderTransitionSubscribers } from './application/order-transition-subscribers.js';
import { PaymentTimeout } from './application/payment-timeout.job.js';
import { OrderService } from './application/order.service.js';
import { ORDER_STORE } from './application/ports/order-store.port.js';
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
    OrderProcess, OrderTransitionSubscribers, PaymentTimeout, OrderService, OrderAdminService, InvoiceService, OrderPaymentService, OrderMailService,
    { provide: ORDER_STORE, useClass: MikroOrmOrderStore },
    { provide: VAT_DOCUMENT_RENDERER, useClass: PdfkitVatDocumentRenderer },
  ],
  exports: [OrderService, OrderAdminService, OrderProcess, OrderTransitionSubscribers, PaymentTimeout, InvoiceService],
  entities: [OrderSchema, OrderLineSchema, OrderHistoryEntrySchema, OrderPaymentSchema],
};
