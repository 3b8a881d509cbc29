import { Module } from '@nestjs/common';
import { blogFeature } from './blog.feature.js';
import { enquiriesFeature } from './enquiries.feature.js';
import { newsletterFeature } from './newsletter.feature.js';
import { seoFeature } from './seo.feature.js';
import { widgetsFeature } from './widgets.feature.js';

export const contentFeatures = [widgetsFeature, blogFeature, newsletterFeature, seoFeature, enquiriesFeature];

@Module({
  imports: contentFeatures.flatMap((f) => f.imports ?? []),
  controllers: contentFeatures.flatMap((f) => f.controllers),
  providers: contentFeatures.flatMap((f) => f.providers),
  exports: contentFeatures.flatMap((f) => f.exports),
})
export class ContentModule {}
