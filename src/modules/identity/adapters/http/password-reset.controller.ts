import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { PasswordResetService } from '../../application/password-reset.service.js';
import { clientOf } from './client-info.js';
import { PasswordEmailRequest, PasswordResetRequest } from './identity.requests.js';

@ApiTags('identity')
@Controller('api/password')
export class PasswordResetController {
  constructor(private readonly resets: PasswordResetService) {}

  @Post('email')
  @HttpCode(200)
  @ApiOkResponse({ description: 'The same answer whether or not the address has an account.' })
  @ApiTooManyRequestsResponse({ description: 'Too many requests from this client.' })
  async email(@Body() body: PasswordEmailRequest, @Req() request: FastifyRequest) {
    return { message: await this.resets.requestReset(body.email, clientOf(request)) };
  }

  @Post('reset')
  @HttpCode(200)
  @ApiOkResponse({ description: 'The password is reset and every session of the account ended.' })
  async reset(@Body() body: PasswordResetRequest) {
    return { message: await this.resets.resetPassword({ token: body.token, email: body.email, password: body.password }) };
  }
}
