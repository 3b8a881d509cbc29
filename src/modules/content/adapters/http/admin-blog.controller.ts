import { Body, Delete, Get, HttpCode, Post, Put, Query, Req } from '@nestjs/common';
import {
  ApiConsumes, ApiCreatedResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { InvalidInputError } from '../../../../shared/domain-error.js';
import type { Viewer } from '../../../../shared/viewer.js';
import { readUpload, IdParam } from '../../../../platform/http/index.js';
import { AdminController, CurrentViewer } from '../../../identity/index.js';
import { BlogAdminService, type AdminBlogPostView, type BlogPostInput } from '../../application/blog-admin.service.js';
import { COVER_MAX_BYTES, COVER_TYPES } from '../../application/blog-cover.js';
import { AdminBlogListQuery, BlogPostRequest } from './blog.requests.js';

const toInput = (body: BlogPostRequest): BlogPostInput => ({
  slug: body.slug,
  title: body.title,
  excerpt: body.excerpt,
  body: body.body,
  coverImage: body.cover_image,
  coverAlt: body.cover_alt,
  status: body.status,
  publishedAt: body.published_at === undefined ? undefined : body.published_at === null ? null : new Date(body.published_at),
});

@AdminController('api/admin/blog', 'content')
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
  @ApiNoContentResponse({ description: 'Deleted, with its uploaded cover.' })
  async remove(@IdParam() id: number): Promise<void> {
    await this.blog.delete(id);
  }

  @Post(':id/cover')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiOkResponse({ description: 'The post with its uploaded cover (`cover_image` under /media/blog/, with its width and height); the cover it replaces is deleted.' })
  @ApiUnprocessableEntityResponse({ description: '`errors.file`: not a PNG, JPEG or WebP image (SVG never), or over 5 MB.' })
  async uploadCover(@IdParam() id: number, @Req() request: FastifyRequest): Promise<AdminBlogPostView> {
    const upload = await readUpload(request, { maxBytes: COVER_MAX_BYTES, allowed: COVER_TYPES });
    const [extra] = Object.keys(upload.fields);
    if (extra !== undefined) throw new InvalidInputError(extra, `${extra} is not an accepted field.`);
    return this.blog.setCover(id, upload);
  }

  @Delete(':id/cover')
  @ApiOkResponse({ description: 'The post without a cover; an uploaded one is deleted from storage.' })
  removeCover(@IdParam() id: number): Promise<AdminBlogPostView> {
    return this.blog.removeCover(id);
  }
}
