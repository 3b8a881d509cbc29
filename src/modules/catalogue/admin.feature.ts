import type { FeatureSlice } from '../../platform/feature-slice.js';
import { AdminBrandsController } from './adapters/http/admin-brands.controller.js';
import { AdminCategoriesController } from './adapters/http/admin-categories.controller.js';
import { AdminProductMediaController } from './adapters/http/admin-product-media.controller.js';
import { AdminProductOptionsController } from './adapters/http/admin-product-options.controller.js';
import { AdminProductsController } from './adapters/http/admin-products.controller.js';
import { MikroOrmBrandAdminStore } from './adapters/persistence/mikro-orm-brand-admin.store.js';
import { MikroOrmCategoryAdminStore } from './adapters/persistence/mikro-orm-category-admin.store.js';
import { MikroOrmProductAdminStore } from './adapters/persistence/mikro-orm-product-admin.store.js';
import { MikroOrmProductOptionAdminStore } from './adapters/persistence/mikro-orm-product-option-admin.store.js';
import { MikroOrmProductMediaStore } from './adapters/persistence/mikro-orm-product-media.store.js';
import { BrandAdminService } from './application/admin/brand-admin.service.js';
import { CategoryAdminService } from './application/admin/category-admin.service.js';
import { ProductAdminService } from './application/admin/product-admin.service.js';
import { ProductMediaAdminService } from './application/admin/product-media-admin.service.js';
import { ProductOptionAdminService } from './application/admin/product-option-admin.service.js';
import { StoredObjects } from './application/admin/stored-objects.js';
import { BRAND_ADMIN_STORE } from './application/ports/brand-admin-store.port.js';
import { CATEGORY_ADMIN_STORE } from './application/ports/category-admin-store.port.js';
import { PRODUCT_ADMIN_STORE } from './application/ports/product-admin-store.port.js';
import { PRODUCT_OPTION_ADMIN_STORE } from './application/ports/product-option-admin-store.port.js';
import { PRODUCT_MEDIA_STORE } from './application/ports/product-media-store.port.js';

/**
 * The Administration Portal's endpoints: categories, brands (logos), products with their categories,
 * options, images, videos and files (issue 4). Entities are the browse slice's; FILE_STORAGE is global.
 */
export const adminFeature: FeatureSlice = {
  controllers: [
    AdminCategoriesController, AdminBrandsController, AdminProductsController, AdminProductOptionsController, AdminProductMediaController,
  ],
  providers: [
    CategoryAdminService, BrandAdminService, ProductAdminService, ProductOptionAdminService, ProductMediaAdminService, StoredObjects,
    { provide: CATEGORY_ADMIN_STORE, useClass: MikroOrmCategoryAdminStore },
    { provide: BRAND_ADMIN_STORE, useClass: MikroOrmBrandAdminStore },
    { provide: PRODUCT_ADMIN_STORE, useClass: MikroOrmProductAdminStore },
    { provide: PRODUCT_OPTION_ADMIN_STORE, useClass: MikroOrmProductOptionAdminStore },
    { provide: PRODUCT_MEDIA_STORE, useClass: MikroOrmProductMediaStore },
  ],
  exports: [CategoryAdminService, BrandAdminService, ProductAdminService, ProductOptionAdminService, ProductMediaAdminService],
  entities: [],
};
