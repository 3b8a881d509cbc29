import { Module } from '@nestjs/common';
import { blogFeature } from './blog.feature.js';
import { enquiriesFeature } from './enquiries.feature.js';
import { newsletterFeature } from './newsletter.feature.js';
import { seoFeature } from './seo.feature.js';
import { widgetsFeature } from './widgets.feature.js';
import { moduleOf } from '../../platform/feature-slice.js';

export const contentFeatures = [widgetsFeature, blogFeature, newsletterFeature, seoFeature, enquiriesFeature];

@Module(moduleOf(contentFeatures))
export class ContentModule {}
