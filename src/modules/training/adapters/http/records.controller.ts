import { Controller, Get, Header, Query, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags, ApiUnauthorizedResponse, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { csvDownload } from '../../../../platform/http/index.js';
import type { Viewer } from '../../../../shared/viewer.js';
import { Authenticated, CurrentViewer } from '../../../identity/index.js';
import { RecordsService, type TrainingRecordView } from '../../application/records.service.js';
import { RecordsQuery } from './records.requests.js';

/** The buyer's training records: docs/api/training.md. */
@ApiTags('training')
@ApiUnauthorizedResponse({ description: 'Not signed in.' })
@ApiUnprocessableEntityResponse({ description: '`errors.expiring_within_days`: not a whole number of days from 1 to 3660.' })
@Authenticated()
@Controller('api/account')
export class RecordsController {
  constructor(private readonly records: RecordsService) {}

  @Get('training-records')
  @Header('cache-control', 'private, no-store')
  @ApiOkResponse({ description: '`[{name, email, course, completed_at, score, expires_at, certificate_code, status: valid|expired|revoked}]`, newest completion first (soonest expiry first when filtered).' })
  list(@CurrentViewer() viewer: Viewer, @Query() query: RecordsQuery): Promise<TrainingRecordView[]> {
    return this.records.list(viewer.userId, query.expiring_within_days ?? null);
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
