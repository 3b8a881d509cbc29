import { Module } from '@nestjs/common';
import { checkoutFeature } from './checkout.feature.js';
import { deliveryFeature } from './delivery.feature.js';
import { downloadsFeature } from './downloads.feature.js';
import { exportFeature } from './export.feature.js';
import { ordersFeature } from './orders.feature.js';
import { paymentsFeature } from './payments.feature.js';
import { moduleOf } from '../../platform/feature-slice.js';

export const ordersFeatures = [deliveryFeature, ordersFeature, checkoutFeature, paymentsFeature, downloadsFeature, exportFeature];

@Module(moduleOf(ordersFeatures))
export class OrdersModule {}
