import { Body, Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import {
  ApiConflictResponse, ApiCreatedResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags,
  ApiUnauthorizedResponse, ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { Viewer } from '../../../../shared/viewer.js';
import { IdParam } from '../../../../platform/http/index.js';
import { Authenticated, CurrentViewer } from '../../../identity/index.js';
import { LicenceService } from '../../application/licence.service.js';
import type { InvitationsView, LicenceView } from '../../application/licence-views.js';
import { InviteLearnersRequest } from './licences.requests.js';

export const fullName = (viewer: Viewer) => `${viewer.firstName} ${viewer.lastName}`.trim();

/** The buyer's licences: docs/api/training.md. */
@ApiTags('training')
@ApiUnauthorizedResponse({ description: 'Not signed in.' })
@Authenticated()
@Controller('api/account/licences')
export class LicencesController {
  constructor(private readonly licences: LicenceService) {}

  @Get()
  @ApiOkResponse({ description: '`[{id, order_id, product: {id, slug, title}, seats, seats_used, seats_free, learners: [...]}]`, newest first.' })
  list(@CurrentViewer() viewer: Viewer): Promise<LicenceView[]> {
    return this.licences.listForCustomer(viewer.userId);
  }

  @Post(':id/invitations')
  @ApiCreatedResponse({ description: '`{invited: [learner], seats_free}`: every address invited and e-mailed its link.' })
  @ApiNotFoundResponse({ description: 'No such licence of this customer.' })
  @ApiConflictResponse({ description: 'More addresses than free seats (the message says how many are free), or a revoked licence: nobody invited.' })
  @ApiUnprocessableEntityResponse({ description: '`errors["emails[i]"]`: a bad address, or one already holding a seat; nobody invited.' })
  invite(@CurrentViewer() viewer: Viewer, @IdParam() id: number, @Body() body: InviteLearnersRequest): Promise<InvitationsView> {
    return this.licences.invite(viewer.userId, id, body.emails, { userId: viewer.userId, name: fullName(viewer) || viewer.email });
  }

  @Delete(':id/learners/:learnerId')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'The seat is free again and the learner\'s link or access ends.' })
  @ApiNotFoundResponse({ description: 'No such licence of this customer, or no such learner holding one of its seats.' })
  @ApiConflictResponse({ description: 'The learner has completed the course: the seat stays used.' })
  async takeBack(@CurrentViewer() viewer: Viewer, @IdParam() id: number, @IdParam('learnerId') learnerId: number): Promise<void> {
    await this.licences.takeBack(viewer.userId, id, learnerId);
  }
}
