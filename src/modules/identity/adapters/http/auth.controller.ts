import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags, ApiTooManyRequestsResponse, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Environment } from '../../../../config/environment.js';
import { AuthService, type SignedIn } from '../../application/auth.service.js';
import { clientOf } from './client-info.js';
import { deviceCookieOf, setDeviceCookie } from './device-cookie.js';
import { LoginRequest, RegisterRequest } from './identity.requests.js';
import { clearSessionCookie, setSessionCookie, tokenOf } from './session-cookie.js';

function signedInBody(signedIn: SignedIn) {
  return { user: signedIn.user, token: signedIn.token, expires_at: signedIn.expiresAt.toISOString() };
}

@ApiTags('identity')
@Controller('api')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly env: Environment,
  ) {}

  @Post('register')
  @ApiCreatedResponse({ description: '`{user, token, expires_at}`; the session cookie is set.' })
  @ApiUnprocessableEntityResponse({ description: 'Field errors, e.g. the e-mail is taken or the password too common.' })
  async register(@Body() body: RegisterRequest, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const signedIn = await this.auth.register(
      { firstName: body.first_name, lastName: body.last_name, email: body.email, password: body.password, companyName: body.company_name, remember: body.remember ?? false },
      clientOf(request),
    );
    setSessionCookie(reply, signedIn, this.secure);
    return signedInBody(signedIn);
  }

  @Post('login')
  @HttpCode(200)
  @ApiOkResponse({ description: '`{user, token, expires_at}`; the session cookie is set.' })
  @ApiUnprocessableEntityResponse({ description: 'These credentials do not match our records.' })
  @ApiTooManyRequestsResponse({
    description: 'Too many failures: 5 a minute for the e-mail from this client, 30 in 15 minutes from this client, 100 an hour for the e-mail '
      + '(browsers that signed in to the account before are exempt from the last; ADR 0034); see Retry-After.',
  })
  async login(@Body() body: LoginRequest, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const signedIn = await this.auth.login(
      { email: body.email, password: body.password, remember: body.remember ?? false, deviceCookie: deviceCookieOf(request) },
      clientOf(request),
    );
    setSessionCookie(reply, signedIn, this.secure);
    setDeviceCookie(reply, signedIn.deviceCookie, this.secure);
    return signedInBody(signedIn);
  }

  @Post('logout')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'The token is revoked and the cookie cleared (also when not signed in).' })
  async logout(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    await this.auth.logout(tokenOf(request)?.token ?? null);
    clearSessionCookie(reply, this.secure);
  }

  private get secure(): boolean {
    return this.env.publicUrl.startsWith('https://');
  }
}
