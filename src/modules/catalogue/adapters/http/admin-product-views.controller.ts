import { Controller, Get, Param, ParseIntPipe, Query } from '@nestjs/common';
import { ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Page } from '../../../../shared/pagination.js';
import { AdminOnly } from '../../../identity/index.js';
import { ProductViewService, type UserProductView } from '../../application/product-view.service.js';
import { AdminUserTabQuery } from './admin-product-view.requests.js';

/** The "product views" tab of the Administration Portal's user page. */
@ApiTags('admin')
@ApiUnauthorizedResponse({ description: 'Not signed in.' })
@ApiForbiddenResponse({ description: 'Not an administrator.' })
@AdminOnly()
@Controller('api/admin/users')
export class AdminProductViewsController {
  constructor(private readonly views: ProductViewService) {}

  @Get(':id/product-views')
  @ApiOkResponse({ description: '`{data: [{id, product: {id, slug, title, status}, viewed_at}], meta}`, newest first.' })
  @ApiNotFoundResponse({ description: 'No user has that id.' })
  list(@Param('id', new ParseIntPipe({ errorHttpStatusCode: 404 })) id: number, @Query() query: AdminUserTabQuery): Promise<Page<UserProductView>> {
    return this.views.listForUser(id, query.page, query.per_page);
  }
}
