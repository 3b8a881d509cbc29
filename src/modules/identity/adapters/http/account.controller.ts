import { Body, Controller, Delete, Get, HttpCode, Put } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Viewer } from '../../../../shared/viewer.js';
import { AccountService } from '../../application/account.service.js';
import { Authenticated, CurrentViewer } from './access.js';
import { PasswordChangeRequest, ProfileRequest, toPostalAddress } from './identity.requests.js';
import { IdParam } from '../../../../platform/http/index.js';

@ApiTags('identity')
@ApiUnauthorizedResponse({ description: 'Not signed in.' })
@Authenticated()
@Controller('api/user')
export class AccountController {
  constructor(private readonly account: AccountService) {}

  /** Seed: `GET /api/user` → the user object. */
  @Get()
  @ApiOkResponse({ description: 'The signed-in user.' })
  me(@CurrentViewer() viewer: Viewer) {
    return this.account.getProfile(viewer.userId);
  }

  @Put('profile')
  @ApiOkResponse({ description: 'The updated user.' })
  updateProfile(@CurrentViewer() viewer: Viewer, @Body() body: ProfileRequest) {
    return this.account.updateProfile(viewer.userId, viewer.sessionId, {
      firstName: body.first_name,
      lastName: body.last_name,
      companyName: body.company_name,
      jobTitle: body.job_title,
      phone: body.phone,
      vatNumber: body.vat_number,
      billingAddress: toPostalAddress(body.billing_address),
      deliveryAddress: toPostalAddress(body.delivery_address),
      marketingConsent: body.marketing_consent,
      email: body.email,
      currentPassword: body.current_password,
    });
  }

  @Put('password')
  @ApiOkResponse({ description: 'Changed; every other session is signed out.' })
  async changePassword(@CurrentViewer() viewer: Viewer, @Body() body: PasswordChangeRequest) {
    await this.account.changePassword(viewer.userId, viewer.sessionId, body.current_password, body.password);
    return { message: 'Your password has been changed. Your other devices have been signed out.' };
  }

  @Get('sessions')
  @ApiOkResponse({ description: 'The active sessions of the signed-in user.' })
  sessions(@CurrentViewer() viewer: Viewer) {
    return this.account.listSessions(viewer.userId, viewer.sessionId);
  }

  @Delete('sessions/:id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Revoked.' })
  async revokeSession(
    @CurrentViewer() viewer: Viewer,
    @IdParam() id: number,
  ): Promise<void> {
    await this.account.revokeSession(viewer.userId, id);
  }
}
