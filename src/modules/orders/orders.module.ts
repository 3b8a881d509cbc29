import { Module } from '@nestjs/common';
import { deliveryFeature } from './delivery.feature.js';

export const ordersFeatures = [deliveryFeature];

@Module({
  imports: ordersFeatures.flatMap((f) => f.imports ?? []),
  controllers: ordersFeatures.flatMap((f) => f.controllers),
  providers: ordersFeatures.flatMap((f) => f.providers),
  exports: ordersFeatures.flatMap((f) => f.exports),
})
export class OrdersModule {}
