import { Injectable } from '@nestjs/common';
import type { CheckoutBasket, CheckoutBasketContents } from '../../application/ports/checkout-basket.port.js';

/**
 * TODO(lead, merging `basket`): replace this with an adapter over the basket module's index.ts and bind it to
 * CHECKOUT_BASKET in checkout.feature.ts (and add BasketModule to that slice's `imports`):
 *
 *   @Injectable() export class BasketServiceCheckoutBasket implements CheckoutBasket {
 *     constructor(private readonly baskets: BasketService) {}
 *     async get(userId, guestToken) {
 *       const view = await this.baskets.getForCustomer(userId, guestToken);
 *       return { view, lines: view.items.map((item) => ({ optionId: item.option_id, qty: item.qty })) };
 *     }
 *     empty(userId) { return this.baskets.emptyForCustomer(userId); }
 *   }
 *
 * and in CheckoutController read the guest token with the basket module's cookie helper. Until then every
 * basket is empty, so POST /api/checkout answers 422 "Your basket is empty" (CheckoutService.place takes lines
 * directly, which is how the tests place orders meanwhile).
 */
@Injectable()
export class PendingBasketAdapter implements CheckoutBasket {
  get(): Promise<CheckoutBasketContents> {
    return Promise.resolve({ view: { items: [], totals: { total: '0.00', vat: '0.00', grand_total: '0.00', items: 0, weight: 0 }, messages: [] }, lines: [] });
  }

  empty(): Promise<void> {
    return Promise.resolve();
  }
}
