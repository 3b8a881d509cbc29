import type { FeatureSlice } from '../../platform/feature-slice.js';
import { ContentModule } from '../content/index.js';
import { CatalogueController } from './adapters/http/catalogue.controller.js';
import { MikroOrmCatalogueReads } from './adapters/persistence/mikro-orm-catalogue.reads.js';
import { CatalogueSitemap } from './application/catalogue-sitemap.js';
import { CategoryBrowseService } from './application/category-browse.service.js';
import { ProductBrowseService } from './application/product-browse.service.js';
import { CATALOGUE_READS } from './application/ports/catalogue-reads.port.js';
import { BrandSchema } from './domain/brand.entity.js';
import { CategorySchema } from './domain/category.entity.js';
import { ProductFileSchema, ProductImageSchema, ProductVideoSchema } from './domain/product-media.entity.js';
import { ProductOptionSchema } from './domain/product-option.entity.js';
import { ProductCategorySchema, ProductSchema } from './domain/product.entity.js';

/** Browsing: categories, brands, the product list with search and facets, product pages, option stock (issue 4). */
export const browseFeature: FeatureSlice = {
  imports: [ContentModule], // SitemapService: category and product pages in /sitemap.xml
  controllers: [CatalogueController],
  providers: [CategoryBrowseService, ProductBrowseService, CatalogueSitemap, { provide: CATALOGUE_READS, useClass: MikroOrmCatalogueReads }],
  exports: [CategoryBrowseService, ProductBrowseService], // the pages' services (index.ts: catalogueShopModule)
  entities: [
    CategorySchema, BrandSchema, ProductSchema, ProductCategorySchema, ProductOptionSchema, ProductImageSchema,
    ProductVideoSchema, ProductFileSchema,
  ],
};
