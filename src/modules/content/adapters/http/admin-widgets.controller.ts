import { Body, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { Page } from '../../../../shared/pagination.js';
import { AdminController, CurrentViewer } from '../../../identity/index.js';
import type { Viewer } from '../../../../shared/viewer.js';
import { type AdminWidgetView, WidgetAdminService } from '../../application/widget-admin.service.js';
import { CreateWidgetRequest, UpdateWidgetRequest, UserWidgetsQuery, WidgetListQuery } from './admin-widget.requests.js';
import { IdParam } from '../../../../platform/http/index.js';

@AdminController('api/admin/widgets', 'content')
export class AdminWidgetsController {
  constructor(private readonly widgets: WidgetAdminService) {}

  @Get()
  @ApiOkResponse({ description: '`{data: [{id, name, html, updated_at, updated_by}], meta: {page, per_page, total, last_page}}`' })
  list(@Query() query: WidgetListQuery) {
    return this.widgets.list({ search: query.search, sort: query.sort, page: query.page, perPage: query.per_page });
  }

  @Post()
  @ApiCreatedResponse({ description: 'The stored (sanitised) widget.' })
  @ApiUnprocessableEntityResponse({ description: 'Bad or taken name, missing or overlong HTML.' })
  create(@Body() body: CreateWidgetRequest, @CurrentViewer() viewer: Viewer): Promise<AdminWidgetView> {
    return this.widgets.create({ name: body.name, html: body.html }, viewer.userId);
  }

  @Get(':id')
  @ApiOkResponse({ description: 'The widget.' })
  @ApiNotFoundResponse({ description: 'No widget has that id.' })
  show(@IdParam() id: number): Promise<AdminWidgetView> {
    return this.widgets.get(id);
  }

  @Put(':id')
  @ApiOkResponse({ description: 'The stored (sanitised) widget.' })
  @ApiNotFoundResponse({ description: 'No widget has that id.' })
  update(@IdParam() id: number, @Body() body: UpdateWidgetRequest, @CurrentViewer() viewer: Viewer): Promise<AdminWidgetView> {
    return this.widgets.update(id, { name: body.name, html: body.html }, viewer.userId);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiNotFoundResponse({ description: 'No widget has that id.' })
  async remove(@IdParam() id: number): Promise<void> {
    await this.widgets.delete(id);
  }
}

/** The "widgets" tab of the Administration Portal's user page: what that user edited last. */
@AdminController('api/admin/users', 'content')
export class AdminUserWidgetsController {
  constructor(private readonly widgets: WidgetAdminService) {}

  @Get(':id/widgets')
  @ApiOkResponse({ description: '`{data: [{id, name, html, updated_at, updated_by}], meta}`, newest edit first.' })
  @ApiNotFoundResponse({ description: 'No user has that id.' })
  list(@IdParam() id: number, @Query() query: UserWidgetsQuery): Promise<Page<AdminWidgetView>> {
    return this.widgets.listEditedBy(id, query.page, query.per_page);
  }
}
