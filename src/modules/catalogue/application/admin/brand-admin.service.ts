import { Inject, Injectable } from '@nestjs/common';
import { NotFoundError } from '../../../../shared/domain-error.js';
import { pageOf, type Page } from '../../../../shared/pagination.js';
import { FILE_STORAGE, type FileStorage, mediaUrl, newStorageKey, normaliseImage } from '../../../../platform/storage/index.js';
import { Brand } from '../../domain/brand.entity.js';
import { BRAND_ADMIN_STORE, type BrandAdminStore } from '../ports/brand-admin-store.port.js';
import type { BrandAdminQuery, Paging } from './admin-queries.js';
import { brandNameTaken } from '../../domain/catalogue-admin-errors.js';
import type { AdminBrandView } from './admin-views.js';
import { StoredObjects } from './stored-objects.js';
import type { UploadedFile } from './uploaded-file.js';
import { ChangesStorefront } from '../../../../platform/cache/index.js';

/** Logos show small (home page strip); wider uploads are scaled down. */
const LOGO_MAX_WIDTH = 800;

/** What an administrator writes; on update, a field left out keeps its value (null clears the website). */
export interface BrandInput {
  name: string;
  website?: string | null | undefined;
  sortOrder?: number | undefined;
}

/**
 * Brands for administrators. Deleting a brand keeps its products (they lose the brand, as the schema's
 * `on delete set null` says) and removes its logo from file storage.
 */
@Injectable()
export class BrandAdminService {
  constructor(
    @Inject(BRAND_ADMIN_STORE) private readonly brands: BrandAdminStore,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly objects: StoredObjects,
  ) {}

  async list(query: BrandAdminQuery & Paging): Promise<Page<AdminBrandView>> {
    const { rows, total } = await this.brands.list(query, (query.page - 1) * query.perPage, query.perPage);
    return pageOf(rows.map((row) => toAdminBrand(row.brand, row.productCount)), total, query.page, query.perPage);
  }

  async get(id: number): Promise<AdminBrandView> {
    const brand = await this.load(id);
    return toAdminBrand(brand, await this.brands.productCount(id));
  }

  @ChangesStorefront()
  async create(input: BrandInput): Promise<AdminBrandView> {
    await this.assertNameFree(input.name, null);
    const brand = new Brand({ name: input.name, website: input.website ?? null, sortOrder: input.sortOrder });
    await this.brands.save(brand);
    return toAdminBrand(brand, 0);
  }

  @ChangesStorefront()
  async update(id: number, input: Partial<BrandInput>): Promise<AdminBrandView> {
    const brand = await this.load(id);
    if (input.name !== undefined && input.name !== brand.name) await this.assertNameFree(input.name, id);
    brand.name = input.name ?? brand.name;
    if (input.website !== undefined) brand.website = input.website;
    brand.sortOrder = input.sortOrder ?? brand.sortOrder;
    await this.brands.save(brand);
    return toAdminBrand(brand, await this.brands.productCount(id));
  }

  /** Deletes the brand (its products stay, without a brand), then its logo object. */
  @ChangesStorefront()
  async delete(id: number): Promise<void> {
    const brand = await this.load(id);
    const logoKey = brand.logoKey;
    await this.brands.remove(brand);
    if (logoKey) await this.objects.delete([logoKey]);
  }

  /** Stores the logo (re-encoded WebP, metadata stripped) under a new key, then deletes the old one. */
  @ChangesStorefront()
  async setLogo(id: number, file: UploadedFile): Promise<AdminBrandView> {
    const brand = await this.load(id);
    const logo = await normaliseImage(file.buffer, { maxWidth: LOGO_MAX_WIDTH });
    const key = newStorageKey('public', 'brands', logo.extension);
    await this.storage.put(key, logo.buffer, logo.contentType);
    const previous = brand.logoKey;
    brand.logoKey = key;
    try {
      await this.brands.save(brand);
    } catch (error) {
      await this.objects.delete([key]);
      throw error;
    }
    if (previous) await this.objects.delete([previous]);
    return toAdminBrand(brand, await this.brands.productCount(id));
  }

  @ChangesStorefront()
  async removeLogo(id: number): Promise<AdminBrandView> {
    const brand = await this.load(id);
    const previous = brand.logoKey;
    brand.logoKey = null;
    await this.brands.save(brand);
    if (previous) await this.objects.delete([previous]);
    return toAdminBrand(brand, await this.brands.productCount(id));
  }

  private async load(id: number): Promise<Brand> {
    const brand = await this.brands.findById(id);
    if (!brand) throw new NotFoundError('Brand');
    return brand;
  }

  private async assertNameFree(name: string, ownId: number | null): Promise<void> {
    const owner = await this.brands.findByName(name);
    if (owner && owner.id !== ownId) throw brandNameTaken(name);
  }
}

export function toAdminBrand(brand: Brand, productCount: number): AdminBrandView {
  return {
    id: brand.id,
    name: brand.name,
    website: brand.website,
    sort_order: brand.sortOrder,
    logo_url: brand.logoKey ? mediaUrl(brand.logoKey) : null,
    product_count: productCount,
    created_at: brand.createdAt.toISOString(),
    updated_at: brand.updatedAt.toISOString(),
  };
}
