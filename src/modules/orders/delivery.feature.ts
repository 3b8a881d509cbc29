import type { FeatureSlice } from '../../platform/feature-slice.js';
import { AdminDeliveryTypesController } from './adapters/http/admin-delivery-types.controller.js';
import { MikroOrmDeliveryTypeStore } from './adapters/persistence/mikro-orm-delivery-type.store.js';
import { DeliveryTypeService } from './application/delivery-type.service.js';
import { DELIVERY_TYPE_STORE } from './application/ports/delivery-type-store.port.js';
import { DeliveryTypeSchema } from './domain/delivery-type.entity.js';

/** Delivery types (issue 12): admin CRUD, the reference bands, and which types fit a basket's weight. */
export const deliveryFeature: FeatureSlice = {
  controllers: [AdminDeliveryTypesController],
  providers: [DeliveryTypeService, { provide: DELIVERY_TYPE_STORE, useClass: MikroOrmDeliveryTypeStore }],
  exports: [DeliveryTypeService],
  entities: [DeliveryTypeSchema],
};
