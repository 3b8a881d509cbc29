/** The basket module's public face: other modules, web/ and cli/ import only from here. */
import { basketFeatures } from './basket.module.js';
import { BasketModule } from './basket.module.js';
import { BasketService, type BasketVisitor } from './application/basket.service.js';
import { basketTokenOf } from './adapters/http/basket-cookie.js';
import { shopModule } from '../../platform/shop-module.js';

export { BasketModule } from './basket.module.js';
export { BasketService } from './application/basket.service.js';
export { BasketBookings, type BookingProvider, type BookingChoice } from './application/basket-bookings.js';
export type { BasketView, BasketItemView } from './application/basket-view.js';
export { basketTokenOf } from './adapters/http/basket-cookie.js';
export { MAX_LINE_QUANTITY, MAX_LINE_QUANTITY_TEXT } from './domain/basket-rules.js';

const basketEntities = basketFeatures.flatMap((f) => f.entities);

/** What storefront pages may call of the basket, in-process. */
interface BasketPageServices {
  /** The visitor's basket (the shell's total, /basket); the guest token comes from the basket's own cookie. */
  basket: Pick<BasketService, 'get'> & { guestToken(cookies: Record<string, string | undefined>): string | null };
}

export const basketShopModule = shopModule({
  module: BasketModule,
  entities: basketEntities,
  pageServices: {
    inject: [BasketService],
    build: (basket: BasketService): BasketPageServices => ({ basket: { get: (visitor: BasketVisitor) => basket.get(visitor), guestToken: basketTokenOf } }),
  },
});
