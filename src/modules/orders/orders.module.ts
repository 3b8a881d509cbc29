import { Module } from '@nestjs/common';
import { checkoutFeature } from './checkout.feature.js';
import { deliveryFeature } from './delivery.feature.js';
import { ordersFeature } from './orders.feature.js';
import { paymentsFeature } from './payments.feature.js';

export const ordersFeatures = [deliveryFeature, ordersFeature, checkoutFeature, paymentsFeature];

@Module({
  imports: [...new Set(ordersFeatures.flatMap((f) => f.imports ?? []))],
  controllers: ordersFeatures.flatMap((f) => f.controllers),
  providers: ordersFeatures.flatMap((f) => f.providers),
  exports: ordersFeatures.flatMap((f) => f.exports),
})
export class OrdersModule {}
