/** The basket module's public face: other modules, web/ and cli/ import only from here. */
import { basketFeatures } from './basket.module.js';

export { BasketModule } from './basket.module.js';
export { BasketService, BASKET_LIFETIME_MS, type BasketVisitor, type BasketContents } from './application/basket.service.js';
export type { BasketView, BasketItemView, BasketTotalsView, BasketLine } from './application/basket-view.js';
export { basketTokenOf } from './adapters/http/basket-cookie.js';

export const basketEntities = basketFeatures.flatMap((f) => f.entities);
