import { AdminSeoController } from './adapters/http/admin-seo.controller.js';
import { SitemapController } from './adapters/http/sitemap.controller.js';
import { MikroOrmSeoRepository } from './adapters/persistence/mikro-orm-seo.repository.js';
import { SEO_REPOSITORY } from './application/ports/seo-repository.port.js';
import { SeoService } from './application/seo.service.js';
import { SitemapService } from './application/sitemap.service.js';
import type { FeatureSlice } from '../../platform/feature-slice.js';
import { SeoEntrySchema } from './domain/seo-entry.entity.js';

/** SEO entries by path (used in every page's head), sitemap.xml and robots.txt. */
export const seoFeature: FeatureSlice = {
  controllers: [AdminSeoController, SitemapController],
  providers: [SeoService, SitemapService, { provide: SEO_REPOSITORY, useClass: MikroOrmSeoRepository }],
  exports: [SeoService, SitemapService],
  entities: [SeoEntrySchema],
};
