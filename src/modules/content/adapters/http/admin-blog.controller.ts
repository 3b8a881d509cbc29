import { Body, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { Viewer } from '../../../../shared/viewer.js';
import { AdminController, CurrentViewer } from '../../../identity/index.js';
import { BlogAdminService, type AdminBlogPostView, type BlogPostInput } from '../../application/blog-admin.service.js';
import { AdminBlogListQuery, BlogPostRequest } from './blog.requests.js';
import { IdParam } from '../../../../platform/http/list-query.js';

const toInput = (body: BlogPostRequest): BlogPostInput => ({
  slug: body.slug,
  title: body.title,
  excerpt: body.excerpt,
  body: body.body,
  coverImage: body.cover_image,
  status: body.status,
  publishedAt: body.published_at === undefined ? undefined : body.published_at === null ? null : new Date(body.published_at),
});

@AdminController('api/admin/blog')
export class AdminBlogController {
  constructor(private readonly blog: BlogAdminService) {}

  @Get()
  @ApiOkResponse({ description: '`{data: [post without body], meta}`; `search` (title), `status`, `sort`.' })
  list(@Query() query: AdminBlogListQuery) {
    return this.blog.list({ search: query.search, status: query.status, sort: query.sort, page: query.page, perPage: query.per_page });
  }

  @Post()
  @ApiCreatedResponse({ description: 'The post; the signed-in administrator is its author.' })
  @ApiUnprocessableEntityResponse({ description: 'Field errors (e.g. `errors.slug` for a slug in use).' })
  create(@Body() body: BlogPostRequest, @CurrentViewer() viewer: Viewer): Promise<AdminBlogPostView> {
    return this.blog.create(viewer.userId, toInput(body));
  }

  @Get(':id')
  @ApiNotFoundResponse({ description: 'No post has that id.' })
  show(@IdParam() id: number): Promise<AdminBlogPostView> {
    return this.blog.get(id);
  }

  @Put(':id')
  @ApiUnprocessableEntityResponse({ description: 'Field errors.' })
  update(@IdParam() id: number, @Body() body: BlogPostRequest): Promise<AdminBlogPostView> {
    return this.blog.update(id, toInput(body));
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted.' })
  async remove(@IdParam() id: number): Promise<void> {
    await this.blog.delete(id);
  }
}
