import { EntityManager } from '@mikro-orm/core';
import { Inject, Injectable } from '@nestjs/common';
import { FILE_STORAGE, type FileStorage, newStorageKey } from '../../../../platform/storage/index.js';
import { sanitizeHtml } from '../../../../platform/html/index.js';
import { Brand } from '../../domain/brand.entity.js';
import { Category } from '../../domain/category.entity.js';
import { ProductFile, ProductImage, ProductVideo } from '../../domain/product-media.entity.js';
import { ProductOption, type OptionKind } from '../../domain/product-option.entity.js';
import { Product, ProductCategory } from '../../domain/product.entity.js';
import { lowestActivePrice } from '../../application/admin/price-from.js';
import { logoSvg, renderWebp } from '../../application/demo/demo-artwork.js';
import { DEMO_BRANDS, DEMO_CATEGORIES } from '../../application/demo/demo-catalogue.data.js';
import { buildDemoProducts, type DemoProduct } from '../../application/demo/demo-products.js';

/** What one run added (a second run adds nothing: rows are keyed by slug, name and code). */
export interface DemoCatalogueCounts {
  categories: number;
  brands: number;
  products: number;
  /** Demo products that were there already (by slug or code) and were left alone. */
  keptProducts: number;
  options: number;
  images: number;
  videos: number;
  files: number;
}

/** sharp renders on libuv's thread pool (4 threads by default); more in flight only queues. */
const RENDER_CONCURRENCY = 4;

async function inBatches<T, R>(items: readonly T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) results.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  return results;
}

/**
 * Seeds the demo catalogue of `make start` (`shop db:seed --demo`): the six categories, six brands with
 * logos, and 68 products with options of every kind, pictures, preview videos and downloadable files.
 *
 * Idempotent: categories are keyed by slug, brands by name, products by slug or code; what exists is kept
 * untouched (staff may have edited it), only what is missing is added. All rows go in one transaction,
 * in a handful of batched flushes. Pictures and files are written to file storage first (a failed run can
 * leave unreferenced files behind, never rows pointing at missing files).
 */
@Injectable()
export class CatalogueSeeder {
  constructor(
    private readonly em: EntityManager,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  /**
   * The demo products (by their demo slugs, whatever else the shop holds) that have an option of this kind, with
   * their topic's title: other modules' demo data hangs off them (the training module's courses, issue 26).
   */
  async demoProductsWith(kind: OptionKind): Promise<Array<{ id: number; slug: string; title: string }>> {
    const slugs = buildDemoProducts().filter((d) => d.options.some((o) => o.kind === kind)).map((d) => d.slug);
    if (slugs.length === 0) return [];
    const products = await this.em.find(Product, { slug: { $in: slugs } }, { fields: ['id', 'slug', 'title'], orderBy: { id: 'asc' } });
    return products.map((p) => ({ id: p.id, slug: p.slug, title: p.title }));
  }

  async seedDemo(): Promise<DemoCatalogueCounts> {
    const demo = buildDemoProducts();
    return this.em.transactional(async (em) => {
      const counts: DemoCatalogueCounts = { categories: 0, brands: 0, products: 0, keptProducts: 0, options: 0, images: 0, videos: 0, files: 0 };
      const categoryIds = await this.ensureCategories(em, counts);
      const brandIds = await this.ensureBrands(em, counts);

      const existing = await em.find(
        Product,
        { $or: [{ slug: { $in: demo.map((d) => d.slug) } }, { code: { $in: demo.map((d) => d.code) } }] },
        { fields: ['id', 'slug', 'code'] },
      );
      const taken = new Set(existing.flatMap((p) => [`slug:${p.slug}`, `code:${p.code}`]));
      const fresh = demo.filter((d) => !taken.has(`slug:${d.slug}`) && !taken.has(`code:${d.code}`));
      counts.keptProducts = demo.length - fresh.length;
      if (fresh.length === 0) return counts;

      // Later lines are newer, so "newest first" lists courses and posters before the films.
      const now = Date.now();
      const products = fresh.map((d, index) => {
        const product = new Product({
          slug: d.slug, title: d.title, code: d.code, summary: d.summary, description: sanitizeHtml(d.description),
          brandId: brandIds.get(d.brand) ?? null, featured: d.featured, runningTime: d.runningTime, year: d.year,
          language: d.language, accreditation: d.accreditation,
        }, d.status);
        product.priceFrom = lowestActivePrice(d.options);
        product.createdAt = new Date(now - (fresh.length - index) * 3_600_000);
        product.updatedAt = product.createdAt;
        return product;
      });
      em.persist(products);
      await em.flush();
      counts.products = products.length;

      const files = await this.addMedia(em, fresh, products, categoryIds, counts);
      await em.flush();

      fresh.forEach((d, i) => {
        for (const [sortOrder, o] of d.options.entries()) {
          em.persist(new ProductOption(products[i]!.id, {
            name: o.name, code: o.code, price: o.price, weight: o.weight, qty: o.qty, kind: o.kind, seats: o.seats,
            fileId: o.unlocksFile ? (files[i]?.id ?? null) : null, active: o.active, sortOrder,
          }));
          counts.options += 1;
        }
      });
      await em.flush();
      return counts;
    });
  }

  private async ensureCategories(em: EntityManager, counts: DemoCatalogueCounts): Promise<Map<string, number>> {
    const existing = await em.find(Category, { slug: { $in: DEMO_CATEGORIES.map((c) => c.slug) } });
    const bySlug = new Map(existing.map((c) => [c.slug, c]));
    const added = DEMO_CATEGORIES.filter((c) => !bySlug.has(c.slug)).map((c) => {
      const category = new Category({ ...c, sortOrder: DEMO_CATEGORIES.indexOf(c) + 1 });
      bySlug.set(c.slug, category);
      return category;
    });
    em.persist(added);
    await em.flush();
    counts.categories = added.length;
    return new Map([...bySlug].map(([slug, c]) => [slug, c.id]));
  }

  private async ensureBrands(em: EntityManager, counts: DemoCatalogueCounts): Promise<Map<string, number>> {
    const existing = await em.find(Brand, { name: { $in: DEMO_BRANDS.map((b) => b.name) } });
    const byName = new Map(existing.map((b) => [b.name, b]));
    const missing = DEMO_BRANDS.filter((b) => !byName.has(b.name));
    const added = await inBatches(missing, RENDER_CONCURRENCY, async (b) => {
      const brand = new Brand({ name: b.name, website: b.website, sortOrder: DEMO_BRANDS.indexOf(b) + 1 });
      const logo = await renderWebp(logoSvg(b.name, b.colour));
      brand.logoKey = newStorageKey('public', 'brands', 'webp');
      await this.storage.put(brand.logoKey, logo.buffer, 'image/webp');
      byName.set(b.name, brand);
      return brand;
    });
    em.persist(added);
    await em.flush();
    counts.brands = added.length;
    return new Map([...byName].map(([name, b]) => [name, b.id]));
  }

  /** Category links, pictures, the preview video and the downloadable file of each new product; returns the files. */
  private async addMedia(
    em: EntityManager, demo: readonly DemoProduct[], products: readonly Product[], categoryIds: ReadonlyMap<string, number>,
    counts: DemoCatalogueCounts,
  ): Promise<Array<ProductFile | null>> {
    const pictures = demo.flatMap((d, i) => d.images.map((image, sortOrder) => ({ productId: products[i]!.id, image, sortOrder })));
    const images = await inBatches(pictures, RENDER_CONCURRENCY, async ({ productId, image, sortOrder }) => {
      const rendered = await renderWebp(image.svg);
      const storageKey = newStorageKey('public', `products/${productId}`, 'webp');
      await this.storage.put(storageKey, rendered.buffer, 'image/webp');
      return new ProductImage({ productId, storageKey, alt: image.alt, width: rendered.width, height: rendered.height, sortOrder });
    });
    em.persist(images);
    counts.images = images.length;

    const files: Array<ProductFile | null> = [];
    for (const [i, d] of demo.entries()) {
      const productId = products[i]!.id;
      for (const slug of d.categories) {
        const categoryId = categoryIds.get(slug);
        if (categoryId !== undefined) em.persist(new ProductCategory(categoryId, productId));
      }
      if (d.video) {
        em.persist(new ProductVideo({ productId, title: d.video.title, url: d.video.url, storageKey: null, isPreview: true, sortOrder: 0 }));
        counts.videos += 1;
      }
      let file: ProductFile | null = null;
      if (d.file) {
        const storageKey = newStorageKey('private', `products/${productId}/files`, d.file.extension);
        await this.storage.put(storageKey, d.file.bytes, d.file.contentType);
        file = new ProductFile({ productId, name: d.file.name, storageKey, contentType: d.file.contentType, size: d.file.bytes.length });
        em.persist(file);
        counts.files += 1;
      }
      files.push(file);
    }
    return files;
  }
}
