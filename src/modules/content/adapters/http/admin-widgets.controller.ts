import { Body, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { AdminController, CurrentViewer } from '../../../identity/index.js';
import type { Viewer } from '../../../../shared/viewer.js';
import { type AdminWidgetView, WidgetAdminService } from '../../application/widget-admin.service.js';
import { CreateWidgetRequest, UpdateWidgetRequest, WidgetListQuery } from './admin-widget.requests.js';
import { IdParam } from '../../../../platform/http/list-query.js';

@AdminController('api/admin/widgets')
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
