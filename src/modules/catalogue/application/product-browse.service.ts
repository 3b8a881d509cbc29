import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { StorefrontChanges } from '../../../platform/cache/index.js';
import { mediaUrl } from '../../../platform/storage/index.js';
import { InvalidInputError, NotFoundError } from '../../../shared/domain-error.js';
import { vatOn } from '../../../shared/money.js';
import { approximateSize } from '../../../shared/approximate-size.js';
import { TtlCache } from '../../../shared/ttl-cache.js';
import { inStock, type OptionKind } from '../domain/product-option.entity.js';
import { CategoryBrowseService, slugOrId } from './category-browse.service.js';
import {
  MAX_PER_PAGE, type ImageView, type OptionView, type ProductCard, type ProductDetail, type ProductListResult, type ProductSort,
} from './catalogue-views.js';
import {
  CATALOGUE_READS, type CatalogueReads, type FacetCounts, type ProductCardRow, type ProductFilter, type ProductPageRow, type PublicOptionRow,
} from './ports/catalogue-reads.port.js';
import { FacetNaming, searchProducts } from './product-search.js';

export interface ProductListQuery {
  search?: string | undefined;
  /** A category slug or numeric id. */
  category?: string | undefined;
  brand?: number | undefined;
  kind?: OptionKind | undefined;
  /** Left out: relevance when searching, newest otherwise. */
  sort?: ProductSort | undefined;
  page: number;
  perPage: number;
}

const RELATED = 4;
/**
 * What visitors read is cached in this process for a short time: category counts and brands (counting every
 * category's products costs tens of milliseconds at 100k products), pages of the product list and product
 * pages. Storefront traffic repeats the same few thousand lists and products (ADR 0015); a miss costs one
 * statement per list or product (facets from kept counts, the product page in one statement: ADR 0053).
 * Staff see their own change at once: the admin services announce their changes (StorefrontChanges), which
 * clears every cache here; other processes hear of it through the relay, or catch up within the TTL and its grace
 * when a notification is lost. Stock shown on a product page may lag by as much; the option endpoint (`getOption`),
 * which the basket reads, is never cached.
 */
const LIST_CACHE_MS = 30_000;
/**
 * How long past its TTL a value is still answered while one refresh runs (ADR 0080): long enough that a key asked for
 * every few seconds never makes a caller wait for its statements, short enough that a value is at most 40 s old.
 */
const LIST_STALE_MS = 10_000;
/**
 * Bounds on the cached pages and products, by entries and by (estimated) bytes. A list result with its facets is
 * ~30-60 kB of heap, so 1,000 of them alone filled half of `shop serve`'s capped heap once the bench's miss targets
 * spread over more lists than that (ADR 0067). 12 MB holds page 1 of every category of the bench's 200 (its cached
 * targets) with room to spare; products are ~3-8 kB each.
 */
const MAX_CACHED_PAGES = 1_000;
const MAX_CACHED_PRODUCTS = 2_000;
export const LIST_CACHE_MAX_BYTES = 12 * 1024 * 1024;
export const PRODUCT_CACHE_MAX_BYTES = 8 * 1024 * 1024;
const CARD_LISTS_MAX_BYTES = 2 * 1024 * 1024;

/**
 * What visitors see of the products: the list with search and facets, featured and most-viewed cards, a product
 * page, an option's price and stock. Drafts and inactive options do not exist here. Categories and brands are
 * CategoryBrowseService's (issue 29 split the former CatalogueService by use case).
 */
@Injectable()
export class ProductBrowseService implements OnModuleDestroy {
  /** Per filter, sort and page: the page of cards with its total, spelling correction and facets. */
  private readonly listPages = new TtlCache<string, ProductListResult>(LIST_CACHE_MS, { maxEntries: MAX_CACHED_PAGES, bytes: { maxBytes: LIST_CACHE_MAX_BYTES, sizeOf: approximateSize }, staleWhileRefreshMs: LIST_STALE_MS });
  /** Per slug or id as asked; null (no such public product) is cached too, so a bad link costs one query. */
  private readonly productPages = new TtlCache<string | number, ProductDetail | null>(LIST_CACHE_MS, { maxEntries: MAX_CACHED_PRODUCTS, bytes: { maxBytes: PRODUCT_CACHE_MAX_BYTES, sizeOf: approximateSize }, staleWhileRefreshMs: LIST_STALE_MS });
  /** Featured products, and cards by id list (the home page's most viewed). */
  private readonly cardLists = new TtlCache<string, ProductCard[]>(LIST_CACHE_MS, { maxEntries: MAX_CACHED_PAGES, bytes: { maxBytes: CARD_LISTS_MAX_BYTES, sizeOf: approximateSize }, staleWhileRefreshMs: LIST_STALE_MS });

  /** Facets named once per distinct counts (a list's come interned from the kept counts) and shared. */
  private readonly facetNaming = new FacetNaming();

  /** Every announced storefront change (an admin edit, a CLI import…) clears these caches in this process. */
  private readonly stopListening = StorefrontChanges.subscribe(() => {
    this.listPages.clear();
    this.productPages.clear();
    this.cardLists.clear();
  });

  constructor(
    @Inject(CATALOGUE_READS) private readonly reads: CatalogueReads,
    private readonly categories: CategoryBrowseService,
  ) {}

  onModuleDestroy(): void {
    this.stopListening();
  }

  /** Published products, filtered, searched (relevance order by default), paginated, with facet counts. */
  async listProducts(query: ProductListQuery): Promise<ProductListResult> {
    const search = query.search?.trim() || undefined;
    const filter: ProductFilter = { search, brandId: query.brand, kind: query.kind };
    if (query.category !== undefined) {
      const category = await this.categories.findCategory(query.category); // the cached list, not a query per request
      if (!category) throw new InvalidInputError('category', 'No category has that slug or id.');
      filter.categoryId = category.id;
    }
    const sort: ProductSort = query.sort ?? (search ? 'relevance' : 'newest');
    const perPage = Math.min(query.perPage, MAX_PER_PAGE);
    const offset = (query.page - 1) * perPage;
    const pageKey = JSON.stringify([search ?? null, filter.categoryId ?? null, filter.brandId ?? null, filter.kind ?? null, sort, offset, perPage]);
    // The same result object for 30 s: the API serialises it once (replyJsonOnce), pages map it.
    return this.listPages.get(pageKey, async () => {
      const meta = (total: number, correctedSearch: string | null) => ({
        page: query.page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)), sort,
        search: search ?? null, corrected_search: correctedSearch,
      });
      if (search) {
        const found = await searchProducts(this.reads, { ...filter, search }, sort, offset, perPage);
        return { data: found.rows.map(toCard), meta: meta(found.total, found.correctedSearch), facets: await this.nameFacets(found.counts) };
      }
      const { rows, total, counts } = await this.reads.listSummary(filter, sort, offset, perPage);
      return { data: rows.map(toCard), meta: meta(total, null), facets: await this.nameFacets(counts) };
    });
  }

  /** Facet counts with the names and order of the cached category and brand lists (kinds alphabetically). */
  private async nameFacets(counts: FacetCounts): Promise<ProductListResult['facets']> {
    const [categories, brands] = await Promise.all([this.categories.listCategories(), this.categories.listBrands()]);
    return this.facetNaming.name(counts, categories, brands);
  }

  /** Featured products for the home page (newest first). */
  async featured(limit = 8): Promise<ProductCard[]> {
    return this.cardLists.get(`featured:${limit}`, async () => {
      const rows = await this.reads.listProducts({ featured: true }, 'newest', 0, limit);
      return rows.map(toCard);
    });
  }

  /** Published product cards in the order given (e.g. the most viewed), skipping any no longer public. */
  async cards(ids: readonly number[]): Promise<ProductCard[]> {
    return this.cardLists.get(`ids:${ids.join(',')}`, async () => (await this.reads.cardsByIds(ids)).map(toCard));
  }

  async getProduct(slugOrIdText: string): Promise<ProductDetail> {
    const product = await this.findProduct(slugOrIdText);
    if (!product) throw new NotFoundError('Product');
    return product;
  }

  /** A published product's page, or null (drafts do not exist for visitors). */
  async findProduct(slugOrIdText: string): Promise<ProductDetail | null> {
    const key = slugOrId(slugOrIdText);
    return this.productPages.get(key, async () => {
      const row = await this.reads.productPage(key, RELATED);
      return row && toDetail(row);
    });
  }

  /** The seed's `GET /api/options/{id}`: at least `{id, qty, price, weight}`; inactive or unpublished → not found. */
  async getOption(id: number): Promise<OptionView> {
    const option = await this.reads.findPublicOption(id);
    if (!option) throw new NotFoundError('Option');
    return toOptionView(option);
  }
}

/** A product page as visitors read it, from the one row productPage reads (active options only). */
function toDetail(row: ProductPageRow): ProductDetail {
  const images: ImageView[] = row.images.map((image) => ({ url: mediaUrl(image.storage_key), alt: image.alt, width: image.width, height: image.height }));
  const priceFrom = row.options.length === 0 ? null : Math.min(...row.options.map((option) => option.price));
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    code: row.code,
    summary: row.summary,
    description: row.description,
    brand: row.brand && {
      id: row.brand.id,
      name: row.brand.name,
      logo_url: row.brand.logo_key ? mediaUrl(row.brand.logo_key) : null,
      website: row.brand.website,
    },
    price_from: priceFrom,
    price_from_inc_vat: priceFrom === null ? null : priceFrom + vatOn(priceFrom),
    image: images[0] ?? null,
    kinds: [...new Set(row.options.map((option) => option.kind))].sort(),
    featured: row.featured,
    running_time: row.running_time,
    year: row.year,
    language: row.language,
    accreditation: row.accreditation,
    categories: row.categories,
    images,
    videos: row.videos,
    has_preview: row.videos.some((video) => video.is_preview),
    options: row.options.map(toOptionView),
    related: row.related.map(toCard),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** An option of a product page or the option endpoint (findPublicOption), as visitors read it. */
function toOptionView(option: PublicOptionRow): OptionView {
  return {
    id: option.id,
    product_id: option.product_id,
    name: option.name,
    code: option.code,
    price: option.price,
    price_inc_vat: option.price + vatOn(option.price),
    weight: option.weight,
    qty: option.qty,
    kind: option.kind,
    // PostgreSQL's driver may hand a plain-SQL integer back as it is; the entity's is a number already.
    seats: option.seats === null || option.seats === undefined ? null : Number(option.seats),
    in_stock: inStock(option.qty),
  };
}

function toCard(row: ProductCardRow): ProductCard {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    code: row.code,
    summary: row.summary,
    brand: row.brand_id === null || row.brand_name === null ? null : { id: row.brand_id, name: row.brand_name },
    price_from: row.price_from,
    price_from_inc_vat: row.price_from === null ? null : row.price_from + vatOn(row.price_from),
    image: row.image_key === null ? null : { url: mediaUrl(row.image_key), alt: row.image_alt ?? '', width: row.image_width, height: row.image_height },
    kinds: row.kinds ?? [],
    featured: row.featured,
  };
}
