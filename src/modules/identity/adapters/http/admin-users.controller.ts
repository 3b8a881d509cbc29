import { Body, Get, Patch, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { IdParam } from '../../../../platform/http/list-query.js';
import { UserAdministrationService } from '../../application/user-administration.service.js';
import type { UserView } from '../../application/user-view.js';
import { UpdateUserByStaffRequest, UserListQuery } from './admin-users.requests.js';
import { AdminController } from './access.js';

@AdminController('api/admin/users')
export class AdminUsersController {
  constructor(private readonly administration: UserAdministrationService) {}

  @Get()
  @ApiOkResponse({ description: '`{data: [user], meta: {page, per_page, total, last_page}}`' })
  list(@Query() query: UserListQuery) {
    return this.administration.listUsers({ search: query.search, page: query.page, perPage: query.per_page });
  }

  @Get(':id')
  @ApiOkResponse({ description: 'The user (never the password hash), with `account_terms`.' })
  @ApiNotFoundResponse({ description: 'No user has that id.' })
  show(@IdParam() id: number): Promise<UserView> {
    return this.administration.getUser(id);
  }

  @Patch(':id')
  @ApiOkResponse({ description: 'The user after the change.' })
  @ApiUnprocessableEntityResponse({ description: '`account_terms` is not true or false.' })
  @ApiNotFoundResponse({ description: 'No user has that id.' })
  update(@IdParam() id: number, @Body() body: UpdateUserByStaffRequest): Promise<UserView> {
    return this.administration.updateByStaff(id, { accountTerms: body.account_terms });
  }
}
