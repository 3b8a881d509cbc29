import { Module } from '@nestjs/common';
import { basketFeature } from './basket.feature.js';

export const basketFeatures = [basketFeature];

@Module({
  imports: [...new Set(basketFeatures.flatMap((f) => f.imports ?? []))],
  controllers: basketFeatures.flatMap((f) => f.controllers),
  providers: basketFeatures.flatMap((f) => f.providers),
  exports: basketFeatures.flatMap((f) => f.exports),
})
export class BasketModule {}
