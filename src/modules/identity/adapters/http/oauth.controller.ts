import { Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Environment } from '../../../../config/environment.js';
import { OAuthService } from '../../application/oauth.service.js';
import { OAuthSignInError } from '../../domain/identity-errors.js';
import type { OidcFlow } from '../../application/ports/oidc-client.port.js';
import { clientOf } from './client-info.js';
import { setSessionCookie } from './session-cookie.js';

// The flow's secrets live in the browser between the two legs: HttpOnly, only sent to the callback path,
// gone after ten minutes. SameSite=Lax still sends it on the provider's top-level redirect back.
const FLOW_COOKIE = 'oauth_flow';
const FLOW_PATH = '/api/oauth';

@ApiTags('identity')
@Controller('api/oauth')
export class OAuthController {
  constructor(
    private readonly oauth: OAuthService,
    private readonly env: Environment,
  ) {}

  @Get('providers')
  @ApiOkResponse({ description: 'The configured sign-in providers: `[{id, name}]`.' })
  providers() {
    return this.oauth.providers();
  }

  /** Seed: `POST /api/oauth/{provider}` → `{url}`, to which the browser is sent. */
  @Post(':provider')
  @HttpCode(200)
  @ApiOkResponse({ description: '`{url}` of the provider\'s sign-in page.' })
  @ApiNotFoundResponse({ description: 'No such provider is configured.' })
  async start(@Param('provider') provider: string, @Res({ passthrough: true }) reply: FastifyReply) {
    const { url, flow } = await this.oauth.start(provider);
    void reply.setCookie(FLOW_COOKIE, Buffer.from(JSON.stringify(flow)).toString('base64url'), {
      path: FLOW_PATH, httpOnly: true, sameSite: 'lax', secure: this.secure, maxAge: 600,
    });
    return { url };
  }

  @Get(':provider/callback')
  @ApiOkResponse({ description: 'Redirects to /account signed in, or to /login?oauth_error=… .' })
  async callback(@Param('provider') provider: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const flow = readFlow(request.cookies[FLOW_COOKIE]);
    void reply.clearCookie(FLOW_COOKIE, { path: FLOW_PATH });
    try {
      const signedIn = await this.oauth.finish(provider, new URL(request.url, this.env.publicUrl), flow, clientOf(request));
      setSessionCookie(reply, signedIn, this.secure);
      await reply.redirect('/account', 302);
    } catch (error) {
      if (!(error instanceof OAuthSignInError)) throw error;
      await reply.redirect(`/login?oauth_error=${encodeURIComponent(error.message)}`, 302);
    }
  }

  private get secure(): boolean {
    return this.env.publicUrl.startsWith('https://');
  }
}

function readFlow(cookie: string | undefined): OidcFlow | null {
  if (!cookie) return null;
  try {
    const flow = JSON.parse(Buffer.from(cookie, 'base64url').toString('utf8')) as Partial<OidcFlow>;
    const ok = ['provider', 'state', 'nonce', 'codeVerifier'].every((k) => typeof flow[k as keyof OidcFlow] === 'string');
    return ok ? (flow as OidcFlow) : null;
  } catch {
    return null;
  }
}
