import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import {
  ApiConflictResponse, ApiCreatedResponse, ApiGoneResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags, ApiUnauthorizedResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { Viewer } from '../../../../shared/viewer.js';
import { Authenticated, CurrentViewer } from '../../../identity/index.js';
import { LearnerService } from '../../application/learner.service.js';
import type { LearnerCourseView } from '../../application/licence-views.js';
import { fullName } from './licences.controller.js';
import { AcceptInvitationRequest } from './licences.requests.js';

/** The learner's side: docs/api/training.md. */
@ApiTags('training')
@ApiUnauthorizedResponse({ description: 'Not signed in.' })
@Authenticated()
@Controller('api/learn')
export class LearnController {
  constructor(private readonly learners: LearnerService) {}

  @Get()
  @ApiOkResponse({ description: '`[{id, product: {id, slug, title}, status, progress, certificate_code}]`: the signed-in learner\'s courses.' })
  courses(@CurrentViewer() viewer: Viewer): Promise<LearnerCourseView[]> {
    return this.learners.courses(viewer.userId);
  }

  @Post('invitations/:token')
  @ApiCreatedResponse({ description: '`{enrolment_id}`: the seat is the signed-in user\'s (the same answer again for the same user).' })
  @ApiNotFoundResponse({ description: 'No invitation has this link.' })
  @ApiGoneResponse({ description: 'The invitation expired, was used by another account, withdrawn, or its licence revoked: the message says which.' })
  @ApiConflictResponse({ description: 'The user already holds a seat of this licence.' })
  @ApiUnprocessableEntityResponse({ description: '`errors.name`: the profile has no name and none was given.' })
  accept(@CurrentViewer() viewer: Viewer, @Param('token') token: string, @Body() body: AcceptInvitationRequest): Promise<{ enrolment_id: number }> {
    return this.learners.accept(token, { userId: viewer.userId, profileName: fullName(viewer) }, body.name);
  }
}
