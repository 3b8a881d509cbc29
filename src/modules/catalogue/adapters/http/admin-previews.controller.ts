import { Body, Controller, Get, HttpCode, Param, ParseIntPipe, Post, Query } from '@nestjs/common';
import {
  ApiConflictResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags, ApiUnauthorizedResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { Page } from '../../../../shared/pagination.js';
import { AdminOnly } from '../../../identity/index.js';
import { PreviewAdminService, type AdminPreviewView } from '../../application/preview-admin.service.js';
import { AdminUserTabQuery } from './admin-product-view.requests.js';
import { AdminPreviewListQuery, ExtendPreviewRequest } from './preview.requests.js';

const ID = () => new ParseIntPipe({ errorHttpStatusCode: 404 });

/** Previews in the Administration Portal: the list, a user's tab, approve, revoke, extend. */
@ApiTags('admin')
@ApiUnauthorizedResponse({ description: 'Not signed in.' })
@ApiForbiddenResponse({ description: 'Not an administrator.' })
@AdminOnly()
@Controller('api/admin')
export class AdminPreviewsController {
  constructor(private readonly previews: PreviewAdminService) {}

  @Get('previews')
  @ApiOkResponse({ description: '`{data: [{id, state, user, product, requested_at, approved_at, expires_at, updated_at}], meta}`, newest request first; filters `state`, `user_id`, `product_id`.' })
  list(@Query() query: AdminPreviewListQuery): Promise<Page<AdminPreviewView>> {
    return this.previews.list({ state: query.state, userId: query.user_id, productId: query.product_id, page: query.page, perPage: query.per_page });
  }

  @Get('users/:id/previews')
  @ApiNotFoundResponse({ description: 'No user has that id.' })
  forUser(@Param('id', ID()) id: number, @Query() query: AdminUserTabQuery): Promise<Page<AdminPreviewView>> {
    return this.previews.listForUser(id, query.page, query.per_page);
  }

  @Post('previews/:id/approve')
  @HttpCode(200)
  @ApiOkResponse({ description: 'Active for 7 days from now (an active preview is left as it is).' })
  @ApiNotFoundResponse({ description: 'No preview has that id.' })
  approve(@Param('id', ID()) id: number): Promise<AdminPreviewView> {
    return this.previews.approve(id);
  }

  @Post('previews/:id/revoke')
  @HttpCode(200)
  @ApiOkResponse({ description: 'Revoked: the customer can no longer watch it, nor request it again.' })
  @ApiNotFoundResponse({ description: 'No preview has that id.' })
  revoke(@Param('id', ID()) id: number): Promise<AdminPreviewView> {
    return this.previews.revoke(id);
  }

  @Post('previews/:id/extend')
  @HttpCode(200)
  @ApiOkResponse({ description: '`days` (1–90) added to the expiry, or to now when it has passed.' })
  @ApiNotFoundResponse({ description: 'No preview has that id.' })
  @ApiConflictResponse({ description: 'The preview is pending or revoked: approve it first.' })
  @ApiUnprocessableEntityResponse({ description: '`errors.days`.' })
  extend(@Param('id', ID()) id: number, @Body() body: ExtendPreviewRequest): Promise<AdminPreviewView> {
    return this.previews.extend(id, body.days);
  }
}
