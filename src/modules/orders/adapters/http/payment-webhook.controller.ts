import { BadRequestException, Controller, Headers, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { RequestWithRawBody } from '../../../../platform/http/index.js';
import { PaymentWebhookService, type WebhookOutcome } from '../../application/payment-webhook.service.js';
import { WebhookSignatureError } from '../../application/ports/payment-provider.port.js';

/**
 * `POST /api/payments/{provider}/webhook`: called by the payment provider, so no session and no XSRF (the
 * session guard only asks cookie-authenticated callers for it); the signature over the raw body is what is
 * trusted. 200 for every verified event (also one we ignore), so the provider stops retrying it.
 */
@ApiTags('payments')
@Controller('api/payments')
export class PaymentWebhookController {
  constructor(private readonly webhooks: PaymentWebhookService) {}

  @Post(':provider/webhook')
  @HttpCode(200)
  @ApiOkResponse({ description: '`{received: true, outcome}` — paid, duplicate, ignored, already_paid, paid_after_cancel, …' })
  @ApiBadRequestResponse({ description: 'Missing, wrong or stale (over 300 s) signature: nothing changes.' })
  @ApiNotFoundResponse({ description: 'Not the configured provider.' })
  async receive(
    @Param('provider') provider: string,
    @Req() request: RequestWithRawBody,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<{ received: true; outcome: WebhookOutcome }> {
    try {
      return { received: true, outcome: await this.webhooks.receive(provider, request.rawBody ?? '', signature) };
    } catch (error) {
      if (error instanceof WebhookSignatureError) throw new BadRequestException(error.message);
      throw error;
    }
  }
}
