import type { FeatureSlice } from '../../platform/feature-slice.js';
import { CatalogueModule } from '../catalogue/index.js';
import { BasketController } from './adapters/http/basket.controller.js';
import { SqlBasketStore } from './adapters/persistence/sql-basket.store.js';
import { BasketBookings } from './application/basket-bookings.js';
import { BasketService } from './application/basket.service.js';
import { BASKET_STORE } from './application/ports/basket-store.port.js';

/** The basket (issue 12): guests' and customers' baskets, priced from the catalogue on every read. */
export const basketFeature: FeatureSlice = {
  imports: [CatalogueModule], // StockService: options, prices and stock
  controllers: [BasketController],
  providers: [BasketService, BasketBookings, { provide: BASKET_STORE, useClass: SqlBasketStore }],
  exports: [BasketService, BasketBookings],
  entities: [], // plain SQL (sql-basket.store.ts): no ORM entities
};
