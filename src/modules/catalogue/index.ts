/** The catalogue module's public face: other modules, web/ and cli/ import only from here. */
import { catalogueFeatures } from './catalogue.module.js';
import { CatalogueModule } from './catalogue.module.js';
import { CatalogueService } from './application/catalogue.service.js';
import { PreviewService } from './application/preview.service.js';
import { ProductViewService } from './application/product-view.service.js';
import { shopModule } from '../../platform/shop-module.js';

export { CatalogueModule } from './catalogue.module.js';
export { CatalogueService, slugOrId, type ProductListQuery } from './application/catalogue.service.js';
export {
  PRODUCT_SORTS, MAX_PER_PAGE, type ProductSort, type BrandView, type CategoryView, type ImageView, type ProductCard,
  type OptionView, type ProductDetail, type ProductListResult, type FacetCount,
} from './application/catalogue-views.js';
export { ProductViewService, type UserProductView } from './application/product-view.service.js';
export { PreviewService, type CustomerPreviewView, type PreviewWatchView } from './application/preview.service.js';
export { PreviewAdminService, type AdminPreviewView } from './application/preview-admin.service.js';
export type { PreviewPlayer } from './application/preview-player.js';
export { StockService, type PurchasableOption } from './application/stock.service.js';
export type { LowStockRow } from './application/ports/stock-store.port.js';
export { DownloadFileService, type DownloadableFile } from './application/download-file.service.js';
export type { StockLine } from './application/ports/stock-store.port.js';
export { OutOfStockError, OptionNotForSaleError } from './domain/stock-errors.js';
export { OPTION_KINDS, type OptionKind } from './domain/product-option.entity.js';
export { CategoryAdminService, type CategoryInput } from './application/admin/category-admin.service.js';
export { BrandAdminService, type BrandInput } from './application/admin/brand-admin.service.js';
export { ProductAdminService, type ProductInput } from './application/admin/product-admin.service.js';
export { ProductOptionAdminService, type OptionInput } from './application/admin/product-option-admin.service.js';
export { ProductMediaAdminService } from './application/admin/product-media-admin.service.js';
export type {
  AdminCategoryView, AdminBrandView, AdminProductListItem, AdminProductView, AdminOptionView, AdminImageView, AdminVideoView, AdminFileView,
} from './application/admin/admin-views.js';
export { CatalogueSeeder, type DemoCatalogueCounts } from './adapters/demo/mikro-orm-catalogue.seeder.js';
export {
  SyntheticCatalogueGenerator, SYNTHETIC_LIMITS, syntheticNumberProblem, type SyntheticCatalogueRequest, type SyntheticCatalogueResult,
} from './adapters/demo/sql-synthetic-catalogue.generator.js';
export { NO_MATCH_TERM } from './application/demo/synthetic-words.js';

export const catalogueEntities = catalogueFeatures.flatMap((f) => f.entities);

/** What storefront pages may call of the catalogue, in-process. */
export interface CataloguePageServices {
  catalogue: Pick<CatalogueService, 'listCategories' | 'findCategory' | 'listBrands' | 'listProducts' | 'featured' | 'cards' | 'findProduct'>;
  productViews: Pick<ProductViewService, 'record' | 'popularIds'>;
  previews: Pick<PreviewService, 'listForCustomer' | 'findForCustomer'>;
}

export const catalogueShopModule = shopModule({
  module: CatalogueModule,
  entities: catalogueEntities,
  pageServices: {
    inject: [CatalogueService, ProductViewService, PreviewService],
    build: (catalogue: CatalogueService, productViews: ProductViewService, previews: PreviewService): CataloguePageServices => ({ catalogue, productViews, previews }),
  },
});
