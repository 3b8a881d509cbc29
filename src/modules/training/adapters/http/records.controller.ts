import { Controller, Get, Header, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags, ApiUnauthorizedResponse, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { csvDownload, setPageHeaders } from '../../../../platform/http/index.js';
import type { Viewer } from '../../../../shared/viewer.js';
import { Authenticated, CurrentViewer } from '../../../identity/index.js';
import { RecordsService, type TrainingRecordView } from '../../application/records.service.js';
import { RecordsListQuery, RecordsQuery } from './records.requests.js';

/** The buyer's training records: docs/api/training.md. */
@ApiTags('training')
@ApiUnauthorizedResponse({ description: 'Not signed in.' })
@ApiUnprocessableEntityResponse({ description: '`errors.expiring_within_days`: not a whole number of days from 1 to 3660; `errors.page`, `errors.per_page` (JSON only): not a whole number from 1 (`per_page` at most 2,000).' })
@Authenticated()
@Controller('api/account')
export class RecordsController {
  constructor(private readonly records: RecordsService) {}

  @Get('training-records')
  @Header('cache-control', 'private, no-store')
  @ApiOkResponse({
    description: '`[{name, email, course, completed_at, score, expires_at, certificate_code, status: valid|expired|revoked, refresher_url}]`, newest completion first (soonest expiry first when filtered); '
      + 'one page (`per_page` 2,000 unless asked): `X-Total-Count` has all the rows and `Link` the `next` page while there is one (ADR 0062).',
  })
  async list(
    @CurrentViewer() viewer: Viewer, @Query() query: RecordsListQuery, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TrainingRecordView[]> {
    const page = await this.records.page(viewer.userId, query.expiring_within_days ?? null, query.page, query.per_page);
    setPageHeaders(request, reply, page.meta);
    return page.data;
  }

  @Get('training-records.csv')
  @Header('cache-control', 'private, no-store')
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'The same rows (and filter) as CSV: name, email, course, completed_at, score, expires_at, certificate_code, status.' })
  csv(@CurrentViewer() viewer: Viewer, @Query() query: RecordsQuery): StreamableFile {
    const days = query.expiring_within_days ?? null;
    return csvDownload(days ? `training-records-expiring-${days}-days.csv` : 'training-records.csv', this.records.csv(viewer.userId, days));
  }
}
