import { Controller, Get, Headers, Query, Res } from '@nestjs/common';
import {
  ApiGoneResponse, ApiNotFoundResponse, ApiOkResponse, ApiPartialContentResponse, ApiSeeOtherResponse, ApiTags, ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { contentDisposition, IdParam, sendRanged } from '../../../../platform/http/index.js';
import type { Viewer } from '../../../../shared/viewer.js';
import { Authenticated, CurrentViewer } from '../../../identity/index.js';
import { DownloadService, type DownloadView } from '../../application/download.service.js';
import { DownloadLinkExpiredError, DownloadLinkInvalidError } from '../../domain/download-errors.js';
import { DownloadLinkQuery } from './downloads.requests.js';

/**
 * A person who opened a stale or edited link in the browser (`Accept: text/html`) gets the downloads page with a
 * "get a fresh link" notice rather than raw JSON (issue 28); scripts and download managers keep the JSON answers.
 */
function wantsPage(accept: string | undefined): boolean {
  return typeof accept === 'string' && /(^|,)\s*text\/html\b/.test(accept);
}

@ApiTags('downloads')
@ApiUnauthorizedResponse({ description: 'Not signed in.' })
@Authenticated()
@Controller('api/downloads')
export class DownloadsController {
  constructor(private readonly downloads: DownloadService) {}

  @Get()
  @ApiOkResponse({ description: '`[{id, order_id, order_number, product_title, file_name, size, url, …}]`: every file of every paid download option, newest order first; `url` is signed for this customer and short-lived.' })
  list(@CurrentViewer() viewer: Viewer): Promise<DownloadView[]> {
    return this.downloads.listForCustomer(viewer.userId);
  }

  @Get(':id')
  @ApiOkResponse({ description: 'The file, as an attachment (`Accept-Ranges: bytes`).' })
  @ApiPartialContentResponse({ description: 'The byte range asked for with `Range: bytes=a-b`.' })
  @ApiGoneResponse({ description: 'The link has expired: list the downloads again for a fresh one.' })
  @ApiNotFoundResponse({ description: 'No such download of this customer: the link was made for someone else or edited, or the order was refunded or cancelled.' })
  @ApiSeeOtherResponse({ description: 'A browser (`Accept: text/html`) with an expired or edited link: to `/account/downloads?link=expired|invalid&download={id}`.' })
  async fetch(
    @CurrentViewer() viewer: Viewer, @IdParam() id: number, @Query() link: DownloadLinkQuery, @Headers('range') range: string | undefined,
    @Headers('accept') accept: string | undefined, @Res() reply: FastifyReply,
  ): Promise<void> {
    let file;
    try {
      file = await this.downloads.open(viewer.userId, id, link, range);
    } catch (error) {
      const problem = error instanceof DownloadLinkExpiredError ? 'expired' : error instanceof DownloadLinkInvalidError ? 'invalid' : null;
      if (!problem || !wantsPage(accept)) throw error;
      await reply.redirect(`/account/downloads?link=${problem}&download=${id}`, 303);
      return;
    }
    void reply.header('content-disposition', contentDisposition(file.fileName, 'attachment')).header('cache-control', 'private, no-store');
    await sendRanged(reply, file);
  }
}
