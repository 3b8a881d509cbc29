import { Body, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { Page } from '../../../../shared/pagination.js';
import { IdParam } from '../../../../platform/http/index.js';
import { AdminController } from '../../../identity/index.js';
import { SessionAdminService } from '../../application/sessions/session-admin.service.js';
import type { AdminSessionView, CourseOptionView } from '../../application/sessions/session-views.js';
import { AdminSessionListQuery, CreateSessionRequest, endOf, sessionInput, UpdateSessionRequest } from './admin-sessions.requests.js';

/** Staff's open-course sessions: docs/api/training-sessions.md (ADR 0046). */
@AdminController('api/admin/sessions', 'catalogue')
export class AdminSessionsController {
  constructor(private readonly sessions: SessionAdminService) {}

  @Get()
  @ApiOkResponse({ description: '`{data: [session], meta}` by start date.' })
  list(@Query() query: AdminSessionListQuery): Promise<Page<AdminSessionView>> {
    return this.sessions.list({
      from: query.from ? new Date(query.from) : null, to: endOf(query.to), productId: query.product ?? null, page: query.page, perPage: query.per_page,
    });
  }

  @Get('course-options')
  @ApiOkResponse({ description: '`[{id, product_id, product_title, name}]`: the course options for sale, by product and name (the editor\'s select).' })
  courseOptions(): Promise<CourseOptionView[]> {
    return this.sessions.courseOptions();
  }

  @Post()
  @ApiCreatedResponse({ description: 'The session.' })
  @ApiUnprocessableEntityResponse({ description: 'Field errors: ends_at before starts_at, no venue, a joining_url that is not https, not a course option.' })
  create(@Body() body: CreateSessionRequest): Promise<AdminSessionView> {
    return this.sessions.create(body.option_id, sessionInput(body));
  }

  @Get(':id')
  @ApiNotFoundResponse({ description: 'No session has that id.' })
  show(@IdParam() id: number): Promise<AdminSessionView> {
    return this.sessions.get(id);
  }

  @Put(':id')
  @ApiOkResponse({ description: 'The session; fields left out keep their value.' })
  @ApiUnprocessableEntityResponse({ description: 'Field errors, and `capacity` below the places taken.' })
  update(@IdParam() id: number, @Body() body: UpdateSessionRequest): Promise<AdminSessionView> {
    return this.sessions.update(id, sessionInput(body));
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiConflictResponse({ description: 'Places are taken: a session with buyers is not deleted.' })
  async remove(@IdParam() id: number): Promise<void> {
    await this.sessions.delete(id);
  }
}
