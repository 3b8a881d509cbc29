import { Body, Get, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { IdParam } from '../../../../platform/http/index.js';
import { UserAdministrationService } from '../../application/user-administration.service.js';
import type { UserView } from '../../application/user-view.js';
import type { UserReader } from '../../application/user-administration.service.js';
import { reaches } from '../../../../shared/contracts/staff.js';
import { CreateUserByStaffRequest, UpdateUserByStaffRequest, UserListQuery } from './admin-users.requests.js';
import { toPostalAddress } from './identity.requests.js';
import { AdminController, CurrentViewer } from './access.js';
import type { Viewer } from '../../../../shared/viewer.js';

/** ADR 0044: a role that reads users but cannot change them (orders) sees customers only — staff accounts are not its business. */
const readerOf = (viewer: Viewer): UserReader => ({ customersOnly: !reaches(viewer.staffRole, 'users', 'write') });

@AdminController('api/admin/users', 'users')
export class AdminUsersController {
  constructor(private readonly administration: UserAdministrationService) {}

  @Get()
  @ApiOkResponse({ description: '`{data: [user], meta: {page, per_page, total, last_page}}`; customers only for a role that cannot change users (orders).' })
  list(@Query() query: UserListQuery, @CurrentViewer() viewer: Viewer) {
    return this.administration.listUsers({ search: query.search, page: query.page, perPage: query.per_page }, readerOf(viewer));
  }

  @Post()
  @ApiCreatedResponse({ description: 'The new user, as `GET /api/admin/users/{id}` shows it; no password (they use "forgot password").' })
  @ApiUnprocessableEntityResponse({ description: 'A field is missing or invalid, or the e-mail address is taken (`errors.email`).' })
  create(@Body() body: CreateUserByStaffRequest): Promise<UserView> {
    return this.administration.createByStaff({
      email: body.email, firstName: body.first_name, lastName: body.last_name, companyName: body.company_name, jobTitle: body.job_title,
      phone: body.phone, vatNumber: body.vat_number, role: body.role, staffRole: body.staff_role, accountTerms: body.account_terms, marketingConsent: body.marketing_consent,
      billingAddress: toPostalAddress(body.billing_address), deliveryAddress: toPostalAddress(body.delivery_address),
    });
  }

  @Get(':id')
  @ApiOkResponse({ description: 'The user (never the password hash), with `account_terms`.' })
  @ApiNotFoundResponse({ description: 'No user has that id (or, for a role that reads customers only, the user is staff).' })
  show(@IdParam() id: number, @CurrentViewer() viewer: Viewer): Promise<UserView> {
    return this.administration.getUser(id, readerOf(viewer));
  }

  @Patch(':id')
  @ApiOkResponse({ description: 'The user after the change.' })
  @ApiUnprocessableEntityResponse({ description: 'A field is invalid, the e-mail is taken, a required field is cleared, a staff role contradicts the role, or an administrator removes their own admin role.' })
  @ApiNotFoundResponse({ description: 'No user has that id.' })
  update(@IdParam() id: number, @Body() body: UpdateUserByStaffRequest, @CurrentViewer() viewer: Viewer): Promise<UserView> {
    return this.administration.updateByStaff(id, viewer.userId, {
      email: body.email, firstName: body.first_name, lastName: body.last_name, companyName: body.company_name, jobTitle: body.job_title,
      phone: body.phone, vatNumber: body.vat_number, role: body.role, staffRole: body.staff_role, accountTerms: body.account_terms, marketingConsent: body.marketing_consent,
      billingAddress: body.billing_address === undefined ? undefined : toPostalAddress(body.billing_address),
      deliveryAddress: body.delivery_address === undefined ? undefined : toPostalAddress(body.delivery_address),
    });
  }
}
