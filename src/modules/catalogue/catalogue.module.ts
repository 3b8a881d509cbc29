import { Module } from '@nestjs/common';
import { adminFeature } from './admin.feature.js';
import { browseFeature } from './browse.feature.js';
import { demoFeature } from './demo.feature.js';
import { maintenanceFeature } from './maintenance.feature.js';
import { previewsFeature } from './previews.feature.js';
import { stockFeature } from './stock.feature.js';
import { downloadsFeature } from './downloads.feature.js';
import { viewsFeature } from './views.feature.js';
import { moduleOf } from '../../platform/feature-slice.js';

export const catalogueFeatures = [browseFeature, adminFeature, previewsFeature, viewsFeature, demoFeature, maintenanceFeature, stockFeature, downloadsFeature];

@Module(moduleOf(catalogueFeatures))
export class CatalogueModule {}
