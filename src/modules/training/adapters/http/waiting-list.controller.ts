import { Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import {
  ApiConflictResponse, ApiCreatedResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags, ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Viewer } from '../../../../shared/viewer.js';
import { IdParam } from '../../../../platform/http/index.js';
import { Authenticated, CurrentViewer } from '../../../identity/index.js';
import { WaitingListService, type WaitingEntryView } from '../../application/sessions/waiting-list.service.js';

/** A full session's waiting list, for the signed-in customer: docs/api/training-sessions.md (ADR 0051). */
@ApiTags('training')
@ApiUnauthorizedResponse({ description: 'Not signed in.' })
@Authenticated()
@Controller('api/products')
export class WaitingListController {
  constructor(private readonly waitingList: WaitingListService) {}

  @Get(':id/waiting-list')
  @ApiOkResponse({ description: '`[{session_id, joined_at, notified_at}]`: the customer\'s entries on the product\'s sessions.' })
  mine(@CurrentViewer() viewer: Viewer, @IdParam() id: number): Promise<WaitingEntryView[]> {
    return this.waitingList.entriesOf(id, viewer.userId);
  }

  @Post(':id/sessions/:sessionId/waiting-list')
  @ApiCreatedResponse({ description: '`{session_id, joined_at, notified_at}`; joining again answers the same entry (201).' })
  @ApiNotFoundResponse({ description: 'No such upcoming scheduled session of this product.' })
  @ApiConflictResponse({ description: 'The session has places left: book one instead.' })
  join(@CurrentViewer() viewer: Viewer, @IdParam() id: number, @IdParam('sessionId') sessionId: number): Promise<WaitingEntryView> {
    return this.waitingList.join(id, sessionId, { userId: viewer.userId, email: viewer.email });
  }

  @Delete(':id/sessions/:sessionId/waiting-list')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Off the list (also when not on it).' })
  @ApiNotFoundResponse({ description: 'No such session of this product.' })
  async leave(@CurrentViewer() viewer: Viewer, @IdParam() id: number, @IdParam('sessionId') sessionId: number): Promise<void> {
    await this.waitingList.leave(id, sessionId, viewer.userId);
  }
}
