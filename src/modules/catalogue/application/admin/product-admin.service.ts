import { Inject, Injectable } from '@nestjs/common';
import { InvalidInputError, NotFoundError } from '../../../../shared/domain-error.js';
import { pageOf, type Page } from '../../../../shared/pagination.js';
import { mediaUrl } from '../../../../platform/storage/index.js';
import { Transactions } from '../../../../platform/persistence/index.js';
import { sanitizeHtml } from '../../../../platform/html/index.js';
import { PRODUCT_LIMITS, Product, type ProductDetails, type ProductStatus } from '../../domain/product.entity.js';
import { PRODUCT_ADMIN_STORE, type ProductAdminStore } from '../ports/product-admin-store.port.js';
import { PRODUCT_OPTION_ADMIN_STORE, type ProductOptionAdminStore } from '../ports/product-option-admin-store.port.js';
import { PRODUCT_MEDIA_STORE, type ProductMediaStore } from '../ports/product-media-store.port.js';
import { toAdminFile, toAdminImage, toAdminOption, toAdminVideo } from './admin-mappers.js';
import type { Paging, ProductAdminQuery } from './admin-queries.js';
import { productCodeTaken, productSlugTaken } from '../../domain/catalogue-admin-errors.js';
import type { AdminProductListItem, AdminProductView } from './admin-views.js';
import { withoutUndefined } from './partial.js';
import { slugify } from '../../../../shared/slugify.js';
import { StoredObjects } from './stored-objects.js';
import { ChangesStorefront } from '../../../../platform/cache/index.js';

/** What an administrator writes. On update a field left out keeps its value; null clears a nullable one. */
export interface ProductInput {
  title: string;
  /** Left out on create: made from the title (with -2, -3… when that is taken). */
  slug?: string | undefined;
  code: string;
  summary?: string | undefined;
  /** HTML; sanitised here. */
  description?: string | undefined;
  brandId?: number | null | undefined;
  status?: ProductStatus | undefined;
  featured?: boolean | undefined;
  runningTime?: number | null | undefined;
  year?: number | null | undefined;
  language?: string | null | undefined;
  accreditation?: string | null | undefined;
  /** On create only (afterwards: setCategories). */
  categoryIds?: number[] | undefined;
}

/**
 * Products for administrators: drafts included. Options, images, videos and files have services of
 * their own (ProductOptionAdminService, ProductMediaAdminService); this one owns the product row and its
 * category memberships, and builds the full admin view of a product.
 */
@Injectable()
export class ProductAdminService {
  constructor(
    @Inject(PRODUCT_ADMIN_STORE) private readonly products: ProductAdminStore,
    @Inject(PRODUCT_OPTION_ADMIN_STORE) private readonly options: ProductOptionAdminStore,
    @Inject(PRODUCT_MEDIA_STORE) private readonly media: ProductMediaStore,
    private readonly transactions: Transactions,
    private readonly objects: StoredObjects,
  ) {}

  async list(query: ProductAdminQuery & Paging): Promise<Page<AdminProductListItem>> {
    const { rows, total } = await this.products.list(query, (query.page - 1) * query.perPage, query.perPage);
    const items = rows.map((row): AdminProductListItem => ({
      id: row.id,
      slug: row.slug,
      title: row.title,
      code: row.code,
      status: row.status,
      featured: row.featured,
      brand: row.brand_id === null || row.brand_name === null ? null : { id: row.brand_id, name: row.brand_name },
      price_from: row.price_from,
      option_count: row.option_count,
      category_ids: row.category_ids,
      image_url: row.image_key === null ? null : mediaUrl(row.image_key),
      created_at: new Date(row.created_at).toISOString(),
      updated_at: new Date(row.updated_at).toISOString(),
    }));
    return pageOf(items, total, query.page, query.perPage);
  }

  /** Everything the editing screen shows: details, category ids, options, images, videos and files. */
  async get(id: number): Promise<AdminProductView> {
    return this.view(await this.load(id));
  }

  @ChangesStorefront()
  async create(input: ProductInput): Promise<AdminProductView> {
    const slug = input.slug ?? (await this.freeSlugFrom(input.title));
    await this.assertUnique(slug, input.code, null);
    await this.assertBrand(input.brandId);
    const categoryIds = await this.assertCategories(input.categoryIds ?? []);
    const product = new Product(this.details(input, slug), input.status ?? 'draft');
    await this.transactions.run(async () => {
      await this.products.save(product);
      await this.products.replaceCategories(product.id, categoryIds);
    });
    return this.view(product);
  }

  @ChangesStorefront()
  async update(id: number, input: Partial<ProductInput>): Promise<AdminProductView> {
    const product = await this.load(id);
    const slug = input.slug ?? product.slug;
    const code = input.code ?? product.code;
    await this.assertUnique(slug !== product.slug ? slug : null, code !== product.code ? code : null, id);
    if (input.brandId !== undefined) await this.assertBrand(input.brandId);
    product.edit(this.details({ ...this.currentInput(product), ...withoutUndefined(input) }, slug));
    product.status = input.status ?? product.status;
    await this.products.save(product);
    return this.view(product);
  }

  /** Deletes the product with every row of it, then its stored images, videos and files. */
  @ChangesStorefront()
  async delete(id: number): Promise<void> {
    const keys = await this.transactions.run(async () => {
      const product = await this.products.lock(id);
      if (!product) throw new NotFoundError('Product');
      const stored = await this.media.storageKeys(id);
      await this.products.remove(product);
      return stored;
    });
    await this.objects.delete(keys);
  }

  /** Replaces the product's categories with exactly these (an empty list takes it out of every category). */
  @ChangesStorefront()
  async setCategories(id: number, categoryIds: readonly number[]): Promise<AdminProductView> {
    const product = await this.load(id);
    const ids = await this.assertCategories(categoryIds);
    await this.transactions.run(() => this.products.replaceCategories(id, ids));
    return this.view(product);
  }

  private async view(product: Product): Promise<AdminProductView> {
    // One query each (PGlite runs one at a time anyway); the screen needs all of them.
    const brandName = product.brandId === null ? null : await this.products.brandName(product.brandId);
    const categoryIds = await this.products.categoryIds(product.id);
    const options = await this.options.options(product.id);
    const images = await this.media.images(product.id);
    const videos = await this.media.videos(product.id);
    const files = await this.media.files(product.id);
    return {
      id: product.id,
      slug: product.slug,
      title: product.title,
      code: product.code,
      status: product.status,
      featured: product.featured,
      summary: product.summary,
      description: product.description,
      brand_id: product.brandId,
      brand: product.brandId === null || brandName === null ? null : { id: product.brandId, name: brandName },
      price_from: product.priceFrom,
      running_time: product.runningTime,
      year: product.year,
      language: product.language,
      accreditation: product.accreditation,
      category_ids: categoryIds,
      options: options.map(toAdminOption),
      images: images.map(toAdminImage),
      videos: videos.map(toAdminVideo),
      files: files.map(toAdminFile),
      created_at: product.createdAt.toISOString(),
      updated_at: product.updatedAt.toISOString(),
    };
  }

  private details(input: ProductInput, slug: string): ProductDetails {
    return {
      slug,
      title: input.title,
      code: input.code,
      summary: input.summary ?? '',
      description: sanitizeHtml(input.description ?? ''),
      brandId: input.brandId ?? null,
      featured: input.featured ?? false,
      runningTime: input.runningTime ?? null,
      year: input.year ?? null,
      language: input.language ?? null,
      accreditation: input.accreditation ?? null,
    };
  }

  private currentInput(product: Product): ProductInput {
    return {
      title: product.title, code: product.code, summary: product.summary, description: product.description, brandId: product.brandId,
      featured: product.featured, runningTime: product.runningTime, year: product.year, language: product.language,
      accreditation: product.accreditation,
    };
  }

  /** The title's slug, or the first of slug-2, slug-3… that no product has. */
  private async freeSlugFrom(title: string): Promise<string> {
    const base = slugify(title, PRODUCT_LIMITS.slug - 4);
    if (!base) throw new InvalidInputError('slug', 'Give a slug: the title has no letters or digits to make one from.');
    for (let n = 1; n < 100; n += 1) {
      const candidate = n === 1 ? base : `${base}-${n}`;
      if (!(await this.products.findBySlug(candidate))) return candidate;
    }
    throw new InvalidInputError('slug', 'Give a slug: the ones made from this title are all taken.');
  }

  private async assertUnique(slug: string | null, code: string | null, ownId: number | null): Promise<void> {
    const bySlug = slug === null ? null : await this.products.findBySlug(slug);
    if (bySlug && bySlug.id !== ownId) throw productSlugTaken(slug!);
    const byCode = code === null ? null : await this.products.findByCode(code);
    if (byCode && byCode.id !== ownId) throw productCodeTaken(code!);
  }

  private async assertBrand(brandId: number | null | undefined): Promise<void> {
    if (brandId != null && (await this.products.brandName(brandId)) === null) {
      throw new InvalidInputError('brand_id', 'No brand has that id.');
    }
  }

  private async assertCategories(ids: readonly number[]): Promise<number[]> {
    const wanted = [...new Set(ids)];
    const existing = new Set(await this.products.existingCategoryIds(wanted));
    const unknown = wanted.filter((id) => !existing.has(id));
    if (unknown.length > 0) throw new InvalidInputError('category_ids', `No category has the id ${unknown.join(', ')}.`);
    return wanted;
  }

  private async load(id: number): Promise<Product> {
    const product = await this.products.findById(id);
    if (!product) throw new NotFoundError('Product');
    return product;
  }
}
