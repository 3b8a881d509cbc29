import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { BlogService, type BlogPostSummary, type BlogPostView } from '../../application/blog.service.js';
import type { Page } from '../../../../shared/pagination.js';
import { BlogListQuery } from './blog.requests.js';

@ApiTags('content')
@Controller('api/blog')
export class BlogController {
  constructor(private readonly blog: BlogService) {}

  /** Published posts, newest first: `{data: [{slug, title, excerpt, cover_image, published_at, author_name}], meta}`. */
  @Get()
  @ApiOkResponse({ description: '`{data: [post], meta: {page, per_page, total, last_page}}`' })
  @ApiUnprocessableEntityResponse({ description: 'Bad page or per_page (at most 50).' })
  list(@Query() query: BlogListQuery): Promise<Page<BlogPostSummary>> {
    return this.blog.listPublished({ page: query.page, perPage: query.per_page });
  }

  @Get(':slug')
  @ApiOkResponse({ description: '`{slug, title, excerpt, body, cover_image, published_at, author_name}`' })
  @ApiNotFoundResponse({ description: 'No published post has that slug (drafts and scheduled posts included).' })
  show(@Param('slug') slug: string): Promise<BlogPostView> {
    return this.blog.getPublished(slug);
  }
}
