import { Body, HttpCode, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { IdParam } from '../../../../platform/http/index.js';
import { AdminController } from '../../../identity/index.js';
import { SessionChangeService } from '../../application/sessions/session-change.service.js';
import type { AdminSessionView } from '../../application/sessions/session-views.js';
import { CancelSessionRequest, MoveSessionRequest, sessionMove } from './session-changes.requests.js';

/** Staff cancel or move a session; delegates and buyers are told by e-mail: docs/api/training-sessions.md (ADR 0050). */
@AdminController('api/admin/sessions', 'catalogue')
export class AdminSessionChangesController {
  constructor(private readonly changes: SessionChangeService) {}

  @Post(':id/cancel')
  @HttpCode(200)
  @ApiOkResponse({ description: 'The session, `cancelled`; a session cancelled already answers as it is (nobody is told twice).' })
  @ApiNotFoundResponse({ description: 'No session has that id.' })
  cancel(@IdParam() id: number, @Body() body: CancelSessionRequest): Promise<AdminSessionView> {
    return this.changes.cancel(id, body.reason ?? null);
  }

  @Post(':id/move')
  @HttpCode(200)
  @ApiOkResponse({ description: 'The session on its new date; moving to where it is already changes and tells nothing.' })
  @ApiUnprocessableEntityResponse({ description: 'Field errors as the session editor\'s, and `starts_at` not in the future.' })
  @ApiConflictResponse({ description: 'The session is cancelled.' })
  move(@IdParam() id: number, @Body() body: MoveSessionRequest): Promise<AdminSessionView> {
    return this.changes.move(id, sessionMove(body));
  }
}
