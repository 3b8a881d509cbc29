import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags, ApiTooManyRequestsResponse, ApiUnauthorizedResponse, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { Viewer } from '../../../../shared/viewer.js';
import { EmailVerificationService } from '../../application/email-verification.service.js';
import { Authenticated, CurrentViewer } from './access.js';
import { EmailVerificationRequest } from './identity.requests.js';

@ApiTags('identity')
@Controller('api')
export class EmailVerificationController {
  constructor(private readonly verification: EmailVerificationService) {}

  /** The account page's "resend the link". */
  @Post('user/email-verification')
  @HttpCode(200)
  @Authenticated()
  @ApiOkResponse({ description: '`{message}`: a new link is on its way (or the address is already verified).' })
  @ApiUnauthorizedResponse({ description: 'Not signed in.' })
  @ApiTooManyRequestsResponse({ description: 'More than 3 in 15 minutes; see Retry-After.' })
  async resend(@CurrentViewer() viewer: Viewer) {
    return { message: await this.verification.resend(viewer.userId) };
  }

  /** Follows the e-mailed link; needs no session (the link may be opened on another device). */
  @Post('email/verify')
  @HttpCode(200)
  @ApiOkResponse({ description: '`{message, email}`: the address is verified.' })
  @ApiUnprocessableEntityResponse({ description: '`errors.token`: the link is invalid, used or expired.' })
  async verify(@Body() body: EmailVerificationRequest) {
    const outcome = await this.verification.confirm(body.token);
    return { message: `Thank you: ${outcome.email} is verified.`, email: outcome.email };
  }
}
