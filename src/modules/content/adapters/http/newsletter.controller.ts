import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiTags, ApiTooManyRequestsResponse, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { NewsletterService } from '../../application/newsletter.service.js';
import { NewsletterSubscribeRequest, NewsletterUnsubscribeRequest } from './newsletter.requests.js';

@ApiTags('content')
@Controller('api/newsletter')
export class NewsletterController {
  constructor(private readonly newsletter: NewsletterService) {}

  /** Seed: `POST /api/newsletter {email}`; the same answer for a new and an already subscribed address. */
  @Post()
  @HttpCode(200)
  @ApiOkResponse({ description: '`{message: "Thank you, you have been subscribed"}`' })
  @ApiUnprocessableEntityResponse({ description: 'The e-mail address is missing or malformed.' })
  @ApiTooManyRequestsResponse({ description: 'More than 10 sign-ups a minute from this client.' })
  async subscribe(@Body() body: NewsletterSubscribeRequest, @Req() request: FastifyRequest) {
    // request.ip honours X-Forwarded-For only from the proxies named in TRUST_PROXY.
    return { message: await this.newsletter.subscribe(body.email, request.ip) };
  }

  /** The unsubscribe link's button; no sign-in. Repeating it answers 200 again. */
  @Post('unsubscribe')
  @HttpCode(200)
  @ApiOkResponse({ description: '`{message: "You have been unsubscribed"}`' })
  @ApiNotFoundResponse({ description: 'Unknown token: "This link is invalid or has expired".' })
  async unsubscribe(@Body() body: NewsletterUnsubscribeRequest) {
    return { message: await this.newsletter.unsubscribe(body.token) };
  }

  /**
   * RFC 8058 one-click unsubscribe, the address of the newsletter mail's `List-Unsubscribe` header: the mail
   * provider POSTs `List-Unsubscribe=One-Click` (a form, accepted on this route only) with no cookies.
   */
  @Post('unsubscribe/:token')
  @HttpCode(200)
  @ApiOkResponse({ description: '`{message: "You have been unsubscribed"}`' })
  @ApiNotFoundResponse({ description: 'Unknown token.' })
  async unsubscribeInOneClick(@Param('token') token: string) {
    return { message: await this.newsletter.unsubscribe(token) };
  }
}
