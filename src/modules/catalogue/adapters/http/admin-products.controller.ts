import { Body, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { Page } from '../../../../shared/pagination.js';
import { AdminController } from '../../../identity/index.js';
import { ProductAdminService, type ProductInput } from '../../application/admin/product-admin.service.js';
import type { AdminProductListItem, AdminProductView } from '../../application/admin/admin-views.js';
import { AdminProductListQuery, CreateProductRequest, ProductCategoriesRequest, UpdateProductRequest } from './admin-product.requests.js';
import { IdParam } from '../../../../platform/http/index.js';

function toInput(body: CreateProductRequest): ProductInput;
function toInput(body: UpdateProductRequest): Partial<ProductInput>;
function toInput(body: CreateProductRequest | UpdateProductRequest): Partial<ProductInput> {
  return {
    title: body.title, slug: body.slug, code: body.code, summary: body.summary, description: body.description, brandId: body.brand_id,
    status: body.status, featured: body.featured, runningTime: body.running_time, year: body.year, language: body.language,
    accreditation: body.accreditation, categoryIds: 'category_ids' in body ? body.category_ids : undefined,
  };
}

/** Products and their category memberships; options and media have controllers of their own. */
@AdminController('api/admin/products', 'catalogue')
export class AdminProductsController {
  constructor(private readonly products: ProductAdminService) {}

  @Get()
  @ApiOkResponse({ description: '`{data: [product line], meta}` — drafts included; `search` (title or code), `category`, `brand`, `status`, `featured`, `sort`.' })
  @ApiUnprocessableEntityResponse({ description: 'Unknown sort or status, bad paging.' })
  list(@Query() query: AdminProductListQuery): Promise<Page<AdminProductListItem>> {
    return this.products.list({
      search: query.search, categoryId: query.category, brandId: query.brand, status: query.status, featured: query.featured,
      sort: query.sort, page: query.page, perPage: query.per_page,
    });
  }

  @Post()
  @ApiCreatedResponse({ description: 'The full admin view of the new product (a draft unless `status` says otherwise).' })
  @ApiUnprocessableEntityResponse({ description: 'Field errors (`errors.slug`, `errors.code` when in use; unknown brand_id or category_ids).' })
  create(@Body() body: CreateProductRequest): Promise<AdminProductView> {
    return this.products.create(toInput(body));
  }

  @Get(':id')
  @ApiOkResponse({ description: 'Details, category_ids, options, images, videos and files — drafts too.' })
  @ApiNotFoundResponse({ description: 'No product has that id.' })
  show(@IdParam() id: number): Promise<AdminProductView> {
    return this.products.get(id);
  }

  @Put(':id')
  @ApiOkResponse({ description: 'The full admin view; fields left out keep their value.' })
  @ApiUnprocessableEntityResponse({ description: 'Field errors.' })
  update(@IdParam() id: number, @Body() body: UpdateProductRequest): Promise<AdminProductView> {
    return this.products.update(id, toInput(body));
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted, with its options, images, videos and files (rows and stored objects).' })
  async remove(@IdParam() id: number): Promise<void> {
    await this.products.delete(id);
  }

  @Put(':id/categories')
  @ApiOkResponse({ description: 'The full admin view; the product is in exactly the given categories.' })
  @ApiUnprocessableEntityResponse({ description: '`errors.category_ids`: not a list of ids, or an unknown id.' })
  setCategories(@IdParam() id: number, @Body() body: ProductCategoriesRequest): Promise<AdminProductView> {
    return this.products.setCategories(id, body.category_ids);
  }
}
