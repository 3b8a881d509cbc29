import { Body, Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import {
  ApiConflictResponse, ApiCreatedResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags,
  ApiUnauthorizedResponse, ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { Page } from '../../../../shared/pagination.js';
import type { Viewer } from '../../../../shared/viewer.js';
import { IdParam } from '../../../../platform/http/index.js';
import { Authenticated, CurrentViewer } from '../../../identity/index.js';
import { LicenceService } from '../../application/licence.service.js';
import type { InvitationsView, LearnerView, LicenceView } from '../../application/licence-views.js';
import { InviteLearnersRequest, LicenceLearnersQuery, LicenceListQuery } from './licences.requests.js';

export const fullName = (viewer: Viewer) => `${viewer.firstName} ${viewer.lastName}`.trim();

/** The buyer's licences: docs/api/training.md. */
@ApiTags('training')
@ApiUnauthorizedResponse({ description: 'Not signed in.' })
@Authenticated()
@Controller('api/account/licences')
export class LicencesController {
  constructor(private readonly licences: LicenceService) {}

  @Get()
  @ApiOkResponse({ description: '`[{id, order_id, product: {id, slug, title}, seats, seats_used, seats_free, learners: [...], learner_count}]`, newest first; `?learners=N` embeds only the first N learners of each (ADR 0062).' })
  @ApiUnprocessableEntityResponse({ description: '`errors.learners`: not a whole number from 0 to 100.' })
  list(@CurrentViewer() viewer: Viewer, @Query() query: LicenceListQuery): Promise<LicenceView[]> {
    return this.licences.listForCustomer(viewer.userId, query.learners ?? null);
  }

  @Get(':id/learners')
  @ApiOkResponse({ description: '`{data: [learner], meta: {page, per_page, total, last_page}}`: the licence\'s learners (not withdrawn), oldest invitation first (ADR 0062).' })
  @ApiNotFoundResponse({ description: 'No such licence of this customer.' })
  @ApiUnprocessableEntityResponse({ description: '`errors.page`, `errors.per_page` (at most 100), `errors.search` (at most 200 characters).' })
  learners(@CurrentViewer() viewer: Viewer, @IdParam() id: number, @Query() query: LicenceLearnersQuery): Promise<Page<LearnerView>> {
    return this.licences.learnersForCustomer(viewer.userId, id, { page: query.page, perPage: query.per_page, search: query.search });
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
