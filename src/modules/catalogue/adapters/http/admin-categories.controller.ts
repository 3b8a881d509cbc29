import { Body, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { Page } from '../../../../shared/pagination.js';
import { AdminController } from '../../../identity/index.js';
import { CategoryAdminService } from '../../application/admin/category-admin.service.js';
import type { AdminCategoryView } from '../../application/admin/admin-views.js';
import { AdminCategoryListQuery, CreateCategoryRequest, UpdateCategoryRequest } from './admin-category.requests.js';
import { IdParam } from '../../../../platform/http/index.js';

@AdminController('api/admin/categories', 'catalogue')
export class AdminCategoriesController {
  constructor(private readonly categories: CategoryAdminService) {}

  @Get()
  @ApiOkResponse({ description: '`{data: [category with product_count (drafts included) and published_count], meta}`.' })
  @ApiUnprocessableEntityResponse({ description: 'Unknown sort, bad paging.' })
  list(@Query() query: AdminCategoryListQuery): Promise<Page<AdminCategoryView>> {
    return this.categories.list({ search: query.search, sort: query.sort, page: query.page, perPage: query.per_page });
  }

  @Post()
  @ApiCreatedResponse({ description: 'The category.' })
  @ApiUnprocessableEntityResponse({ description: 'Field errors (`errors.slug` for a slug in use).' })
  create(@Body() body: CreateCategoryRequest): Promise<AdminCategoryView> {
    return this.categories.create({ slug: body.slug, name: body.name, description: body.description, sortOrder: body.sort_order });
  }

  @Get(':id')
  @ApiNotFoundResponse({ description: 'No category has that id.' })
  show(@IdParam() id: number): Promise<AdminCategoryView> {
    return this.categories.get(id);
  }

  @Put(':id')
  @ApiOkResponse({ description: 'The category; fields left out keep their value.' })
  @ApiUnprocessableEntityResponse({ description: 'Field errors.' })
  update(@IdParam() id: number, @Body() body: UpdateCategoryRequest): Promise<AdminCategoryView> {
    return this.categories.update(id, { slug: body.slug, name: body.name, description: body.description, sortOrder: body.sort_order });
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiConflictResponse({ description: 'The category still holds products (drafts included): move them first.' })
  async remove(@IdParam() id: number): Promise<void> {
    await this.categories.delete(id);
  }
}
