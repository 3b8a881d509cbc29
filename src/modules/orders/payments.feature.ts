import type { FeatureSlice } from '../../platform/feature-slice.js';
import { Environment } from '../../config/environment.js';
import { PaymentWebhookController } from './adapters/http/payment-webhook.controller.js';
import { createPaymentProvider } from './adapters/payment/payment-provider.factory.js';
import { TestPaymentDesk } from './adapters/payment/test-payment-desk.js';
import { TestPaymentPageController } from './adapters/payment/test-payment-page.controller.js';
import { SqlPaymentEventStore } from './adapters/persistence/sql-payment-event.store.js';
import { PaymentWebhookService } from './application/payment-webhook.service.js';
import { PAYMENT_EVENT_STORE } from './application/ports/payment-event-store.port.js';
import { PAYMENT_PROVIDER } from './application/ports/payment-provider.port.js';

/**
 * Payments (issue 12): the provider port (embedded test provider or Stripe Checkout, by configuration), the
 * webhook that marks orders paid, and the test provider's own hosted page.
 */
export const paymentsFeature: FeatureSlice = {
  controllers: [PaymentWebhookController, TestPaymentPageController],
  providers: [
    { provide: PAYMENT_PROVIDER, useFactory: createPaymentProvider, inject: [Environment] },
    { provide: PAYMENT_EVENT_STORE, useClass: SqlPaymentEventStore },
    PaymentWebhookService,
    TestPaymentDesk,
  ],
  exports: [],
  entities: [],
};
