import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { StorefrontChanges } from '../../../platform/cache/index.js';
import { mediaUrl } from '../../../platform/storage/index.js';
import { NotFoundError } from '../../../shared/domain-error.js';
import { TtlCache } from '../../../shared/ttl-cache.js';
import type { BrandView, CategoryView } from './catalogue-views.js';
import { CATALOGUE_READS, type CatalogueReads } from './ports/catalogue-reads.port.js';
import { MAX_ID } from '../../../shared/contracts/ids.js';

/**
 * Category counts and brands are cached in this process for a short time: counting every category's products costs
 * tens of milliseconds at 100k products, and every storefront page shows them (ADR 0015). An announced change
 * (StorefrontChanges) clears them at once; other processes hear of it through the relay, or catch up within the TTL and
 * its grace when a notification is lost.
 */
const CACHE_MS = 30_000;
/** Answered while one refresh runs, for this long past the TTL (ADR 0080). */
const STALE_MS = 10_000;

/** "12" → 12 (an id), "training-dvds" → the slug; pages and the API accept either (product.md). */
export function slugOrId(value: string): string | number {
  return /^[1-9][0-9]{0,9}$/.test(value) && Number(value) <= MAX_ID ? Number(value) : value;
}

/**
 * The lists visitors browse the catalogue by: categories (with their product counts) and brands. Split from the
 * product list and pages (ProductBrowseService, which asks this service for a category by slug) so each service
 * answers one group of use cases (issue 29).
 */
@Injectable()
export class CategoryBrowseService implements OnModuleDestroy {
  private readonly categories = new TtlCache<'all', CategoryView[]>(CACHE_MS, { staleWhileRefreshMs: STALE_MS });
  private readonly brands = new TtlCache<'all', BrandView[]>(CACHE_MS, { staleWhileRefreshMs: STALE_MS });
  /** Each cached list's categories by id and by slug, made once per list (a list refreshed is a new array). */
  private readonly lookups = new WeakMap<readonly CategoryView[], Map<string | number, CategoryView>>();
  /** Every announced storefront change (an admin edit, a CLI import…) clears these caches in this process. */
  private readonly stopListening = StorefrontChanges.subscribe(() => {
    this.categories.clear();
    this.brands.clear();
  });

  constructor(@Inject(CATALOGUE_READS) private readonly reads: CatalogueReads) {}

  onModuleDestroy(): void {
    this.stopListening();
  }

  async listCategories(): Promise<CategoryView[]> {
    return this.categories.get('all', () => this.reads.categoriesWithCounts());
  }

  async getCategory(slugOrIdText: string): Promise<CategoryView> {
    const category = await this.findCategory(slugOrIdText);
    if (!category) throw new NotFoundError('Category');
    return category;
  }

  /**
   * The same, null when there is none (pages answer with their 404 page). Every product list filtered by category asks
   * (~2% of a cached list's CPU as a scan of the list), so it is a lookup in a map made once per cached list.
   */
  async findCategory(slugOrIdText: string): Promise<CategoryView | null> {
    const all = await this.listCategories();
    let lookup = this.lookups.get(all);
    if (!lookup) {
      // Ids are numbers and slugs strings, so a slug that reads like a number ("123") never answers for id 123.
      lookup = new Map<string | number, CategoryView>(all.flatMap((category) => [[category.id, category], [category.slug, category]] as const));
      this.lookups.set(all, lookup);
    }
    return lookup.get(slugOrId(slugOrIdText)) ?? null;
  }

  async listBrands(): Promise<BrandView[]> {
    return this.brands.get('all', () => this.loadBrands());
  }

  private async loadBrands(): Promise<BrandView[]> {
    const brands = await this.reads.brands();
    return brands.map((brand) => ({
      id: brand.id,
      name: brand.name,
      logo_url: brand.logoKey ? mediaUrl(brand.logoKey) : null,
      website: brand.website,
    }));
  }
}
