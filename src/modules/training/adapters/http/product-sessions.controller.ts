import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { IdParam } from '../../../../platform/http/index.js';
import { SessionPlacesService } from '../../application/sessions/session-places.service.js';
import type { PublicSessionView } from '../../application/sessions/session-views.js';

/** A product's upcoming open-course dates (public): docs/api/training-sessions.md. */
@ApiTags('training')
@Controller('api/products')
export class ProductSessionsController {
  constructor(private readonly places: SessionPlacesService) {}

  @Get(':id/sessions')
  @ApiOkResponse({ description: '`[{id, option_id, starts_at, ends_at, venue, online, capacity, places_left, label}]`: scheduled, not yet started, by date.' })
  list(@IdParam() id: number): Promise<PublicSessionView[]> {
    return this.places.upcoming(id);
  }
}
