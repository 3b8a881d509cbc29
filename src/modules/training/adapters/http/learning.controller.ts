import { Body, Controller, Get, Headers, HttpCode, Post, Res } from '@nestjs/common';
import {
  ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiPartialContentResponse, ApiTags, ApiTooManyRequestsResponse, ApiUnauthorizedResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { IdParam, sendRanged } from '../../../../platform/http/index.js';
import type { Viewer } from '../../../../shared/viewer.js';
import { Authenticated, CurrentViewer } from '../../../identity/index.js';
import { AssessmentService } from '../../application/assessment.service.js';
import type { AssessmentView, AttemptResultView, PlayerView, ProgressView } from '../../application/learning-views.js';
import { LearningService } from '../../application/learning.service.js';
import { AttemptRequest, ProgressRequest } from './learning.requests.js';

/** The learner's player, watched time and assessment: docs/api/training.md. Everything here is the learner's own. */
@ApiTags('training')
@ApiUnauthorizedResponse({ description: 'Not signed in.' })
@ApiNotFoundResponse({ description: 'Not the signed-in learner\'s course (another person\'s answers the same).' })
@Authenticated()
@Controller('api/learn/:id')
export class LearningController {
  constructor(
    private readonly learning: LearningService,
    private readonly assessments: AssessmentService,
  ) {}

  @Get()
  @ApiOkResponse({ description: '`{id, title, video_url, chapters: [{title, start}], position, watched_seconds, duration, assessment_open, status, score, certificate_code}`.' })
  async player(@CurrentViewer() viewer: Viewer, @IdParam() id: number, @Res({ passthrough: true }) reply: FastifyReply): Promise<PlayerView> {
    void reply.header('cache-control', 'private, no-store');
    return this.learning.player(viewer.userId, id);
  }

  @Get('film')
  @ApiOkResponse({ description: 'The course film (`Accept-Ranges: bytes`; private, never cached by shared caches).' })
  @ApiPartialContentResponse({ description: 'The byte range asked for with `Range: bytes=a-b`.' })
  async film(@CurrentViewer() viewer: Viewer, @IdParam() id: number, @Headers('range') range: string | undefined, @Res() reply: FastifyReply): Promise<void> {
    const film = await this.learning.film(viewer.userId, id, range);
    void reply.header('cache-control', 'private, no-store').header('content-disposition', 'inline').header('x-content-type-options', 'nosniff');
    await sendRanged(reply, film);
  }

  @Post('progress')
  @HttpCode(200)
  @ApiOkResponse({ description: '`{position, watched_seconds, duration, credited, assessment_open}`: what the wall clock allowed.' })
  @ApiUnprocessableEntityResponse({ description: 'A field is not a number of seconds.' })
  progress(@CurrentViewer() viewer: Viewer, @IdParam() id: number, @Body() body: ProgressRequest): Promise<ProgressView> {
    return this.learning.report(viewer.userId, id, { position: body.position, from: body.watched_from, to: body.watched_to });
  }

  @Get('assessment')
  @ApiOkResponse({ description: '`{questions: [{id, text, answers: [{id, text}]}], pass_mark, attempts_left, next_attempt_at}`, shuffled, no correct answers.' })
  @ApiConflictResponse({ description: 'Less than 90% of the film watched, or the course is passed already.' })
  questions(@CurrentViewer() viewer: Viewer, @IdParam() id: number): Promise<AssessmentView> {
    return this.assessments.questions(viewer.userId, id);
  }

  @Post('assessment')
  @HttpCode(200)
  @ApiOkResponse({ description: '`{score, passed, pass_mark, certificate_code, attempts_left, next_attempt_at}`.' })
  @ApiConflictResponse({ description: 'Less than 90% of the film watched, or the course is passed already.' })
  @ApiTooManyRequestsResponse({ description: 'Three attempts in the last 24 hours; Retry-After and the message say when the next opens.' })
  @ApiUnprocessableEntityResponse({ description: '`errors["answers.{questionId}"]`: a question without one of its own answers (no attempt is spent).' })
  attempt(@CurrentViewer() viewer: Viewer, @IdParam() id: number, @Body() body: AttemptRequest): Promise<AttemptResultView> {
    return this.assessments.attempt(viewer.userId, id, body.answers);
  }
}
