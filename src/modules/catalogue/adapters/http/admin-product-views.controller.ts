import { Get, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse } from '@nestjs/swagger';
import type { Page } from '../../../../shared/pagination.js';
import { AdminController } from '../../../identity/index.js';
import { ProductViewService, type UserProductView } from '../../application/product-view.service.js';
import { AdminUserTabQuery } from './admin-product-view.requests.js';
import { IdParam } from '../../../../platform/http/index.js';

/** The "product views" tab of the Administration Portal's user page. */
@AdminController('api/admin/users', 'users')
export class AdminProductViewsController {
  constructor(private readonly views: ProductViewService) {}

  @Get(':id/product-views')
  @ApiOkResponse({ description: '`{data: [{id, product: {id, slug, title, status}, viewed_at}], meta}`, newest first.' })
  @ApiNotFoundResponse({ description: 'No user has that id.' })
  list(@IdParam() id: number, @Query() query: AdminUserTabQuery): Promise<Page<UserProductView>> {
    return this.views.listForUser(id, query.page, query.per_page);
  }
}
