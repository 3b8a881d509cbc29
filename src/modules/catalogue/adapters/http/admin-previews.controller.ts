import { Body, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { Page } from '../../../../shared/pagination.js';
import { AdminController } from '../../../identity/index.js';
import { PreviewAdminService, type AdminPreviewView } from '../../application/preview-admin.service.js';
import { AdminUserTabQuery } from './admin-product-view.requests.js';
import { AdminPreviewListQuery, ExtendPreviewRequest } from './preview.requests.js';
import { IdParam } from '../../../../platform/http/index.js';

/** Previews in the Administration Portal: the list, a user's tab, approve, revoke, extend. */
@AdminController('api/admin', 'users')
export class AdminPreviewsController {
  constructor(private readonly previews: PreviewAdminService) {}

  @Get('previews')
  @ApiOkResponse({ description: '`{data: [{id, state, user, product, requested_at, approved_at, expires_at, updated_at}], meta}`, newest request first; filters `state`, `user_id`, `product_id`.' })
  list(@Query() query: AdminPreviewListQuery): Promise<Page<AdminPreviewView>> {
    return this.previews.list({ state: query.state, userId: query.user_id, productId: query.product_id, page: query.page, perPage: query.per_page });
  }

  @Get('users/:id/previews')
  @ApiNotFoundResponse({ description: 'No user has that id.' })
  forUser(@IdParam() id: number, @Query() query: AdminUserTabQuery): Promise<Page<AdminPreviewView>> {
    return this.previews.listForUser(id, query.page, query.per_page);
  }

  @Post('previews/:id/approve')
  @HttpCode(200)
  @ApiOkResponse({ description: 'Active for 7 days from now (an active preview is left as it is).' })
  @ApiNotFoundResponse({ description: 'No preview has that id.' })
  approve(@IdParam() id: number): Promise<AdminPreviewView> {
    return this.previews.approve(id);
  }

  @Post('previews/:id/revoke')
  @HttpCode(200)
  @ApiOkResponse({ description: 'Revoked: the customer can no longer watch it, nor request it again.' })
  @ApiNotFoundResponse({ description: 'No preview has that id.' })
  revoke(@IdParam() id: number): Promise<AdminPreviewView> {
    return this.previews.revoke(id);
  }

  @Post('previews/:id/extend')
  @HttpCode(200)
  @ApiOkResponse({ description: '`days` (1–90) added to the expiry, or to now when it has passed.' })
  @ApiNotFoundResponse({ description: 'No preview has that id.' })
  @ApiConflictResponse({ description: 'The preview is pending or revoked: approve it first.' })
  @ApiUnprocessableEntityResponse({ description: '`errors.days`.' })
  extend(@IdParam() id: number, @Body() body: ExtendPreviewRequest): Promise<AdminPreviewView> {
    return this.previews.extend(id, body.days);
  }
}
