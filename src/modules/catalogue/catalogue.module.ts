import { Module } from '@nestjs/common';
import { adminFeature } from './admin.feature.js';
import { browseFeature } from './browse.feature.js';
import { demoFeature } from './demo.feature.js';
import { previewsFeature } from './previews.feature.js';
import { stockFeature } from './stock.feature.js';
import { viewsFeature } from './views.feature.js';

export const catalogueFeatures = [browseFeature, adminFeature, previewsFeature, viewsFeature, demoFeature, stockFeature];

@Module({
  imports: catalogueFeatures.flatMap((f) => f.imports ?? []),
  controllers: catalogueFeatures.flatMap((f) => f.controllers),
  providers: catalogueFeatures.flatMap((f) => f.providers),
  exports: catalogueFeatures.flatMap((f) => f.exports),
})
export class CatalogueModule {}
