import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiTags, ApiUnauthorizedResponse, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Environment } from '../../../../config/environment.js';
import { localPath } from '../../../../shared/contracts/local-path.js';
import type { Viewer } from '../../../../shared/viewer.js';
import { OAuthService } from '../../application/oauth.service.js';
import { OAuthSignInError } from '../../domain/identity-errors.js';
import type { OidcFlow } from '../../application/ports/oidc-client.port.js';
import { Authenticated, CurrentViewer, type RequestWithViewer } from './access.js';
import { clientOf } from './client-info.js';
import { OAuthStartRequest } from './identity.requests.js';
import { setSessionCookie } from './session-cookie.js';

// The flow's secrets live in the browser between the two legs: HttpOnly, only sent to the callback path,
// gone after ten minutes. SameSite=Lax still sends it on the provider's top-level redirect back.
const FLOW_COOKIE = 'oauth_flow';
const FLOW_PATH = '/api/oauth';
// Where the visitor was going (the checkout, say), for the callback's redirect: checked again there (ADR 0043).
const RETURN_COOKIE = 'oauth_return';

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
  @ApiUnprocessableEntityResponse({ description: '`redirect` is not a path on this site.' })
  async start(@Param('provider') provider: string, @Body() body: OAuthStartRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { url, flow } = await this.oauth.start(provider);
    this.setFlow(reply, flow);
    const back = localPath(body.redirect);
    if (back) void reply.setCookie(RETURN_COOKIE, back, { path: FLOW_PATH, httpOnly: true, sameSite: 'lax', secure: this.secure, maxAge: 600 });
    else void reply.clearCookie(RETURN_COOKIE, { path: FLOW_PATH });
    return { url };
  }

  /** "Connect {Provider}" on the account page: `{url}`; the callback links the provider account to this session's user. */
  @Post(':provider/link')
  @HttpCode(200)
  @Authenticated()
  @ApiOkResponse({ description: '`{url}` of the provider\'s sign-in page; coming back links it to the signed-in account.' })
  @ApiUnauthorizedResponse({ description: 'Not signed in.' })
  @ApiNotFoundResponse({ description: 'No such provider is configured.' })
  async startLink(@Param('provider') provider: string, @CurrentViewer() viewer: Viewer, @Res({ passthrough: true }) reply: FastifyReply) {
    const { url, flow } = await this.oauth.startLink(provider, viewer);
    this.setFlow(reply, flow);
    return { url };
  }

  @Get(':provider/callback')
  @ApiOkResponse({
    description: 'Redirects signed in to the `redirect` of the start (a path on this site), else /admin for staff and /account for customers; '
      + 'or to /login?oauth_error=… (a link: /account?connected=… or /account?oauth_error=…).',
  })
  async callback(@Param('provider') provider: string, @Req() request: RequestWithViewer, @Res() reply: FastifyReply): Promise<void> {
    const flow = readFlow(request.cookies[FLOW_COOKIE]);
    const back = localPath(request.cookies[RETURN_COOKIE]);
    void reply.clearCookie(FLOW_COOKIE, { path: FLOW_PATH });
    void reply.clearCookie(RETURN_COOKIE, { path: FLOW_PATH });
    const callbackUrl = new URL(request.url, this.env.publicUrl);
    if (flow?.linkSessionId !== undefined) {
      try {
        await this.oauth.finishLink(provider, callbackUrl, flow, request.viewer ?? null);
        await reply.redirect(`/account?connected=${encodeURIComponent(provider)}`, 302);
      } catch (error) {
        if (!(error instanceof OAuthSignInError)) throw error;
        await reply.redirect(`/account?oauth_error=${encodeURIComponent(error.message)}`, 302);
      }
      return;
    }
    try {
      const signedIn = await this.oauth.finish(provider, callbackUrl, flow, clientOf(request));
      setSessionCookie(reply, signedIn, this.secure);
      await reply.redirect(back ?? (signedIn.user.role === 'admin' ? '/admin' : '/account'), 302);
    } catch (error) {
      if (!(error instanceof OAuthSignInError)) throw error;
      await reply.redirect(`/login?oauth_error=${encodeURIComponent(error.message)}`, 302);
    }
  }

  private setFlow(reply: FastifyReply, flow: OidcFlow): void {
    void reply.setCookie(FLOW_COOKIE, Buffer.from(JSON.stringify(flow)).toString('base64url'), {
      path: FLOW_PATH, httpOnly: true, sameSite: 'lax', secure: this.secure, maxAge: 600,
    });
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
    const link = flow.linkSessionId === undefined || Number.isSafeInteger(flow.linkSessionId);
    return ok && link ? (flow as OidcFlow) : null;
  } catch {
    return null;
  }
}
