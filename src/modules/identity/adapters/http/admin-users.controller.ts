import { Body, Get, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { IdParam } from '../../../../platform/http/index.js';
import { UserAdministrationService } from '../../application/user-administration.service.js';
import type { UserView } from '../../application/user-view.js';
import { CreateUserByStaffRequest, UpdateUserByStaffRequest, UserListQuery } from './admin-users.requests.js';
import { toPostalAddress } from './identity.requests.js';
import { AdminController, CurrentViewer } from './access.js';
import type { Viewer } from '../../../../shared/viewer.js';

@AdminController('api/admin/users')
export class AdminUsersController {
  constructor(private readonly administration: UserAdministrationService) {}

  @Get()
  @ApiOkResponse({ description: '`{data: [user], meta: {page, per_page, total, last_page}}`' })
  list(@Query() query: UserListQuery) {
    return this.administration.listUsers({ search: query.search, page: query.page, perPage: query.per_page });
  }

  @Post()
  @ApiCreatedResponse({ description: 'The new user, as `GET /api/admin/users/{id}` shows it; no password (they use "forgot password").' })
  @ApiUnprocessableEntityResponse({ description: 'A field is missing or invalid, or the e-mail address is taken (`errors.email`).' })
  create(@Body() body: CreateUserByStaffRequest): Promise<UserView> {
    return this.administration.createByStaff({
      email: body.email, firstName: body.first_name, lastName: body.last_name, companyName: body.company_name, jobTitle: body.job_title,
      phone: body.phone, vatNumber: body.vat_number, role: body.role, accountTerms: body.account_terms, marketingConsent: body.marketing_consent,
      billingAddress: toPostalAddress(body.billing_address), deliveryAddress: toPostalAddress(body.delivery_address),
    });
  }

  @Get(':id')
  @ApiOkResponse({ description: 'The user (never the password hash), with `account_terms`.' })
  @ApiNotFoundResponse({ description: 'No user has that id.' })
  show(@IdParam() id: number): Promise<UserView> {
    return this.administration.getUser(id);
  }

  @Patch(':id')
  @ApiOkResponse({ description: 'The user after the change.' })
  @ApiUnprocessableEntityResponse({ description: 'A field is invalid, the e-mail is taken, a required field is cleared, or an administrator removes their own admin role.' })
  @ApiNotFoundResponse({ description: 'No user has that id.' })
  update(@IdParam() id: number, @Body() body: UpdateUserByStaffRequest, @CurrentViewer() viewer: Viewer): Promise<UserView> {
    return this.administration.updateByStaff(id, viewer.userId, {
      email: body.email, firstName: body.first_name, lastName: body.last_name, companyName: body.company_name, jobTitle: body.job_title,
      phone: body.phone, vatNumber: body.vat_number, role: body.role, accountTerms: body.account_terms, marketingConsent: body.marketing_consent,
      billingAddress: body.billing_address === undefined ? undefined : toPostalAddress(body.billing_address),
      deliveryAddress: body.delivery_address === undefined ? undefined : toPostalAddress(body.delivery_address),
    });
  }
}
