/** The catalogue module's public face: other modules, web/ and cli/ import only from here. */
import { catalogueFeatures } from './catalogue.module.js';
import { CatalogueModule } from './catalogue.module.js';
import { CategoryBrowseService } from './application/category-browse.service.js';
import { ProductBrowseService } from './application/product-browse.service.js';
import { PreviewService } from './application/preview.service.js';
import { ProductViewService } from './application/product-view.service.js';
import { shopModule } from '../../platform/shop-module.js';

export { CatalogueModule } from './catalogue.module.js';
export {
  type ProductSort, type CategoryView, type ImageView, type ProductCard, type OptionView, type ProductDetail,
} from './application/catalogue-views.js';
export { ProductViewService, type UserProductView } from './application/product-view.service.js';
export type { CustomerPreviewView } from './application/preview.service.js';
export type { AdminPreviewView } from './application/preview-admin.service.js';
export { StockService, type PurchasableOption } from './application/stock.service.js';
export { DownloadFileService } from './application/download-file.service.js';
// The training module's course film is uploaded like a product video (same sniffed types and size limit) and its
// course reads the product's title, accreditation and option kinds through the admin service.
export { ProductAdminService } from './application/admin/product-admin.service.js';
export { VIDEO_TYPES, UPLOAD_MAX_BYTES } from './application/admin/uploaded-file.js';
export { OutOfStockError, OptionNotForSaleError } from './domain/stock-errors.js';
export type { OptionKind } from './domain/product-option.entity.js';
export type {
  AdminCategoryView, AdminBrandView, AdminProductListItem, AdminProductView, AdminOptionView, AdminImageView, AdminVideoView, AdminFileView,
} from './application/admin/admin-views.js';
export { CatalogueSeeder, type DemoCatalogueCounts } from './adapters/demo/mikro-orm-catalogue.seeder.js';
export { SyntheticCatalogueGenerator } from './adapters/demo/sql-synthetic-catalogue.generator.js';
export { SearchTableService, type ReclusterResult } from './application/search-table.service.js';

const catalogueEntities = catalogueFeatures.flatMap((f) => f.entities);

/** What storefront pages may call of the catalogue, in-process. */
interface CataloguePageServices {
  /** One face for the pages over the two browsing services (categories and brands; products). */
  catalogue: Pick<CategoryBrowseService, 'listCategories' | 'findCategory' | 'listBrands'>
    & Pick<ProductBrowseService, 'listProducts' | 'featured' | 'cards' | 'findProduct'>;
  productViews: Pick<ProductViewService, 'record' | 'popularIds'>;
  previews: Pick<PreviewService, 'listForCustomer' | 'findForCustomer'>;
}

export const catalogueShopModule = shopModule({
  module: CatalogueModule,
  entities: catalogueEntities,
  pageServices: {
    inject: [CategoryBrowseService, ProductBrowseService, ProductViewService, PreviewService],
    build: (
      categories: CategoryBrowseService, products: ProductBrowseService, productViews: ProductViewService, previews: PreviewService,
    ): CataloguePageServices => ({
      catalogue: {
        listCategories: () => categories.listCategories(),
        findCategory: (slugOrId) => categories.findCategory(slugOrId),
        listBrands: () => categories.listBrands(),
        listProducts: (query) => products.listProducts(query),
        featured: (limit) => products.featured(limit),
        cards: (ids) => products.cards(ids),
        findProduct: (slugOrId) => products.findProduct(slugOrId),
      },
      productViews,
      previews,
    }),
  },
});
