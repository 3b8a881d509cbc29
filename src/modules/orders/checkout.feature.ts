import type { FeatureSlice } from '../../platform/feature-slice.js';
import { CatalogueModule } from '../catalogue/index.js';
import { IdentityModule } from '../identity/index.js';
import { PendingBasketAdapter } from './adapters/basket/pending-basket.adapter.js';
import { CheckoutController } from './adapters/http/checkout.controller.js';
import { CheckoutService } from './application/checkout.service.js';
import { CHECKOUT_BASKET } from './application/ports/checkout-basket.port.js';

/** Checkout (issue 12): what the checkout offers, and placing an order in one transaction. */
export const checkoutFeature: FeatureSlice = {
  imports: [CatalogueModule, IdentityModule], // StockService: options, prices and stock; AccountService: the customer's addresses
  controllers: [CheckoutController],
  // TODO(lead, merging `basket`): bind CHECKOUT_BASKET to the basket module's adapter (see pending-basket.adapter.ts).
  providers: [CheckoutService, { provide: CHECKOUT_BASKET, useClass: PendingBasketAdapter }],
  exports: [CheckoutService],
  entities: [],
};
