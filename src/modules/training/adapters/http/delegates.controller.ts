import { Body, Controller, Get, Header, Put } from '@nestjs/common';
import {
  ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags, ApiUnauthorizedResponse, ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { Viewer } from '../../../../shared/viewer.js';
import { IdParam } from '../../../../platform/http/index.js';
import { Authenticated, CurrentViewer } from '../../../identity/index.js';
import { DelegateService } from '../../application/delegates/delegate.service.js';
import type { OrderDelegatesView } from '../../application/delegates/delegate-views.js';
import { SaveDelegatesRequest } from './delegates.requests.js';

/** The delegates of an open-course order: docs/api/training-sessions.md. */
@ApiTags('training')
@ApiUnauthorizedResponse({ description: 'Not signed in.' })
@Authenticated()
@Controller('api/orders/:id/delegates')
export class DelegatesController {
  constructor(private readonly delegates: DelegateService) {}

  @Get()
  @Header('cache-control', 'private, no-store')
  @ApiOkResponse({ description: '`{order_id, closed_reason, courses: [{line_id, title, session, change_until, changeable, seats: [{seat_no, name, email, joining_sent}]}]}`.' })
  @ApiNotFoundResponse({ description: 'No such order of this customer (another customer\'s order too).' })
  show(@CurrentViewer() viewer: Viewer, @IdParam() id: number): Promise<OrderDelegatesView> {
    return this.delegates.forCustomer(viewer.userId, id);
  }

  @Put()
  @ApiOkResponse({ description: 'The same view, saved: every new or changed delegate is e-mailed the joining instructions with an .ics.' })
  @ApiNotFoundResponse({ description: 'No such order of this customer (another customer\'s order too).' })
  @ApiConflictResponse({ description: 'The order is unpaid, cancelled or refunded, or a session\'s delegates are settled (from 00:00 UK time on its day).' })
  @ApiUnprocessableEntityResponse({ description: '`errors.places`: not one entry per place; `errors["places[i].session_id|name|email"]`: that entry.' })
  save(@CurrentViewer() viewer: Viewer, @IdParam() id: number, @Body() body: SaveDelegatesRequest): Promise<OrderDelegatesView> {
    return this.delegates.save(viewer.userId, id, body.places);
  }
}
