import { Module } from '@nestjs/common';
import { basketFeature } from './basket.feature.js';
import { moduleOf } from '../../platform/feature-slice.js';

export const basketFeatures = [basketFeature];

@Module(moduleOf(basketFeatures))
export class BasketModule {}
