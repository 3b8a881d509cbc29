import { Get, Query } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';
import { UserAdministrationService } from '../../application/user-administration.service.js';
import { UserListQuery } from './admin-users.requests.js';
import { AdminController } from './access.js';

@AdminController('api/admin/users')
export class AdminUsersController {
  constructor(private readonly administration: UserAdministrationService) {}

  @Get()
  @ApiOkResponse({ description: '`{data: [user], meta: {page, per_page, total, last_page}}`' })
  list(@Query() query: UserListQuery) {
    return this.administration.listUsers({ search: query.search, page: query.page, perPage: query.per_page });
  }
}
