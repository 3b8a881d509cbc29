import { Inject, Injectable } from '@nestjs/common';
import { NotFoundError } from '../../../../shared/domain-error.js';
import { pageOf, type Page } from '../../../../shared/pagination.js';
import { Category } from '../../domain/category.entity.js';
import { CATEGORY_ADMIN_STORE, type CategoryAdminStore, type CategoryCounts } from '../ports/category-admin-store.port.js';
import type { CategoryAdminQuery, Paging } from './admin-queries.js';
import { categoryInUse, categorySlugTaken } from '../../domain/catalogue-admin-errors.js';
import type { AdminCategoryView } from './admin-views.js';
import { ChangesStorefront } from '../../../../platform/cache/index.js';

/** What an administrator writes; on update, a field left out keeps its value. */
export interface CategoryInput {
  slug: string;
  name: string;
  description?: string | undefined;
  sortOrder?: number | undefined;
}

/**
 * The storefront's categories for administrators. A category that still holds products (drafts
 * included) is not deleted: 409, so products never drop out of the storefront's navigation unnoticed.
 */
@Injectable()
export class CategoryAdminService {
  constructor(@Inject(CATEGORY_ADMIN_STORE) private readonly categories: CategoryAdminStore) {}

  async list(query: CategoryAdminQuery & Paging): Promise<Page<AdminCategoryView>> {
    const { rows, total } = await this.categories.list(query, (query.page - 1) * query.perPage, query.perPage);
    return pageOf(rows.map((row) => toView(row.category, row.counts)), total, query.page, query.perPage);
  }

  async get(id: number): Promise<AdminCategoryView> {
    const category = await this.load(id);
    return toView(category, await this.categories.counts(id));
  }

  @ChangesStorefront()
  async create(input: CategoryInput): Promise<AdminCategoryView> {
    await this.assertSlugFree(input.slug, null);
    const category = new Category({ slug: input.slug, name: input.name, description: input.description, sortOrder: input.sortOrder });
    await this.categories.save(category);
    return toView(category, { products: 0, published: 0 });
  }

  @ChangesStorefront()
  async update(id: number, input: Partial<CategoryInput>): Promise<AdminCategoryView> {
    const category = await this.load(id);
    if (input.slug !== undefined && input.slug !== category.slug) await this.assertSlugFree(input.slug, id);
    category.slug = input.slug ?? category.slug;
    category.name = input.name ?? category.name;
    category.description = input.description ?? category.description;
    category.sortOrder = input.sortOrder ?? category.sortOrder;
    await this.categories.save(category);
    return toView(category, await this.categories.counts(id));
  }

  @ChangesStorefront()
  async delete(id: number): Promise<void> {
    const category = await this.load(id);
    const { products } = await this.categories.counts(id);
    if (products > 0) throw categoryInUse(category.name, products);
    await this.categories.remove(category);
  }

  private async assertSlugFree(slug: string, ownId: number | null): Promise<void> {
    const owner = await this.categories.findBySlug(slug);
    if (owner && owner.id !== ownId) throw categorySlugTaken(slug);
  }

  private async load(id: number): Promise<Category> {
    const category = await this.categories.findById(id);
    if (!category) throw new NotFoundError('Category');
    return category;
  }
}

function toView(category: Category, counts: CategoryCounts): AdminCategoryView {
  return {
    id: category.id,
    slug: category.slug,
    name: category.name,
    description: category.description,
    sort_order: category.sortOrder,
    product_count: counts.products,
    published_count: counts.published,
    created_at: category.createdAt.toISOString(),
    updated_at: category.updatedAt.toISOString(),
  };
}
