import { Body, Controller, Get, Headers, Post, Res } from '@nestjs/common';
import {
  ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiPartialContentResponse, ApiRequestedRangeNotSatisfiableResponse, ApiTags,
  ApiTooManyRequestsResponse, ApiUnauthorizedResponse, ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { Viewer } from '../../../../shared/viewer.js';
import { Authenticated, CurrentViewer } from '../../../identity/index.js';
import { PreviewService, type CustomerPreviewView } from '../../application/preview.service.js';
import { PreviewRequest } from './preview.requests.js';
import { IdParam, sendRanged } from '../../../../platform/http/index.js';

/** A signed-in customer's previews: request one, list them, stream a stored preview video. */
@ApiTags('previews')
@ApiUnauthorizedResponse({ description: 'Not signed in.' })
@Authenticated()
@Controller('api/previews')
export class PreviewController {
  constructor(private readonly previews: PreviewService) {}

  @Post()
  @ApiCreatedResponse({ description: 'A new preview (or an expired one started again): `{id, product, state, requested_at, approved_at, expires_at, watch_url}`.' })
  @ApiOkResponse({ description: 'The customer already has this preview (pending, active or revoked): it is answered unchanged.' })
  @ApiUnprocessableEntityResponse({ description: '`errors.product_id`: not a published product, or it has no preview video.' })
  @ApiTooManyRequestsResponse({ description: 'More than 20 requests in an hour.' })
  async request(@Body() body: PreviewRequest, @CurrentViewer() viewer: Viewer, @Res() reply: FastifyReply): Promise<void> {
    // The reply is sent here because the status depends on the outcome (201 new, 200 existing).
    const { preview, created } = await this.previews.request(viewer.userId, body.product_id);
    await reply.status(created ? 201 : 200).send(preview);
  }

  @Get()
  @ApiOkResponse({ description: 'The customer\'s previews, most recently requested first; `watch_url` only while active.' })
  list(@CurrentViewer() viewer: Viewer): Promise<CustomerPreviewView[]> {
    return this.previews.listForCustomer(viewer.userId);
  }

  @Get(':id/video')
  @ApiOkResponse({ description: 'The stored preview video, for its owner while the preview is active (`Accept-Ranges: bytes`).' })
  @ApiPartialContentResponse({ description: 'The byte range asked for with `Range: bytes=a-b` (how a player starts and seeks).' })
  @ApiRequestedRangeNotSatisfiableResponse({ description: 'The range starts past the end of the video.' })
  @ApiNotFoundResponse({ description: 'Not the viewer\'s preview, not active, or its video is not a stored file.' })
  async video(
    @IdParam() id: number,
    @CurrentViewer() viewer: Viewer,
    @Headers('range') range: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const video = await this.previews.openVideo(viewer.userId, id, range);
    void reply
      // Private to this customer and only while the preview lasts: no shared or lasting copies.
      .header('cache-control', 'private, no-store')
      .header('content-disposition', 'inline')
      .header('x-content-type-options', 'nosniff')
      .header('cross-origin-resource-policy', 'same-origin');
    await sendRanged(reply, video);
  }
}
