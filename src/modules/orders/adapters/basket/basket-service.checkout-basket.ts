import { Injectable } from '@nestjs/common';
import { BasketService, type BasketView } from '../../../basket/index.js';
import type { CheckoutBasket, CheckoutBasketContents } from '../../application/ports/checkout-basket.port.js';

/** The checkout's basket is the basket module's (through its index.ts): the lines it would order now, and emptying it. */
@Injectable()
export class BasketServiceCheckoutBasket implements CheckoutBasket {
  constructor(private readonly baskets: BasketService) {}

  async get(userId: number, guestToken: string | null): Promise<CheckoutBasketContents> {
    const { view, lines } = await this.baskets.contents({ userId, guestToken });
    return { view, lines };
  }

  empty(userId: number): Promise<void> {
    return this.baskets.emptyForCustomer(userId);
  }

  addLines(userId: number, guestToken: string | null, lines: ReadonlyArray<{ optionId: number; qty: number; label: string }>): Promise<BasketView> {
    return this.baskets.addLines({ userId, guestToken }, lines);
  }
}
