import type { FeatureSlice } from '../../platform/feature-slice.js';
import { BasketModule } from '../basket/index.js';
import { CatalogueModule } from '../catalogue/index.js';
import { IdentityModule } from '../identity/index.js';
import { BasketServiceCheckoutBasket } from './adapters/basket/basket-service.checkout-basket.js';
import { CheckoutController } from './adapters/http/checkout.controller.js';
import { CheckoutService } from './application/checkout.service.js';
import { CustomerOrderActions } from './application/customer-order-actions.service.js';
import { CHECKOUT_BASKET } from './application/ports/checkout-basket.port.js';

/**
 * Checkout (issue 12): what the checkout offers, and placing an order in one transaction; and, after it, the
 * customer paying later or cancelling (issue 28), which need the same basket and payment provider.
 */
export const checkoutFeature: FeatureSlice = {
  imports: [BasketModule, CatalogueModule, IdentityModule], // BasketService: the customer's basket; StockService: options, prices and stock; AccountService: the customer's addresses
  controllers: [CheckoutController],
  providers: [CheckoutService, CustomerOrderActions, { provide: CHECKOUT_BASKET, useClass: BasketServiceCheckoutBasket }],
  exports: [CheckoutService],
  entities: [],
};
