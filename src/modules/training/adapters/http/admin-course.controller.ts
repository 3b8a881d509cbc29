import { Body, Get, Headers, Put, Req, Res } from '@nestjs/common';
import {
  ApiBody, ApiConsumes, ApiNotFoundResponse, ApiOkResponse, ApiPartialContentResponse, ApiRequestedRangeNotSatisfiableResponse, ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { UPLOAD_MAX_BYTES, VIDEO_TYPES } from '../../../catalogue/index.js';
import { AdminController } from '../../../identity/index.js';
import { IdParam, sendRanged, withSpooledUpload, RequestValidationError } from '../../../../platform/http/index.js';
import { COURSE_LIMITS } from '../../../../shared/contracts/training.js';
import { CourseAdminService } from '../../application/course-admin.service.js';
import type { AdminCourseView } from '../../application/course-views.js';
import { CourseService } from '../../application/course.service.js';
import { CourseRequest } from './admin-course.requests.js';

/** A product's course content in the portal's Course tab (issue 26): read, replace, upload and play the film. */
@AdminController('api/admin/products', 'catalogue')
export class AdminCourseController {
  constructor(private readonly courses: CourseAdminService, private readonly course: CourseService) {}

  @Get(':id/course')
  @ApiOkResponse({ description: '`{product_id, video, duration, chapters, questions, pass_mark, validity_months, accreditation, online_access, updated_at}`; an empty course before any is saved.' })
  @ApiNotFoundResponse({ description: 'No product has that id.' })
  get(@IdParam() productId: number): Promise<AdminCourseView> {
    return this.courses.get(productId);
  }

  @Put(':id/course')
  @ApiOkResponse({ description: 'Saved: settings, chapters and questions replaced in one transaction.' })
  @ApiUnprocessableEntityResponse({ description: 'Field errors by path: `chapters[1].start`, `questions[2].answers`, `pass_mark`…' })
  @ApiNotFoundResponse({ description: 'No product has that id.' })
  save(@IdParam() productId: number, @Body() body: CourseRequest): Promise<AdminCourseView> {
    return this.courses.save(productId, { ...body, accreditation: body.accreditation ?? null });
  }

  @Put(':id/course/film')
  @ApiConsumes('multipart/form-data')
  @ApiBody({ description: 'multipart with `file` (MP4/WebM ≤ 200 MB, type sniffed from the bytes) and optionally `duration` (whole seconds, read by the editor).' })
  @ApiOkResponse({ description: 'The course with its new film (the old film is deleted).' })
  @ApiUnprocessableEntityResponse({ description: '`errors.file` (not MP4/WebM, too large) or `errors.duration`.' })
  @ApiNotFoundResponse({ description: 'No product has that id.' })
  uploadFilm(@IdParam() productId: number, @Req() request: FastifyRequest): Promise<AdminCourseView> {
    // Spooled to disk as it arrives and streamed into storage, as the product videos are (ADR 0028).
    return withSpooledUpload(request, { maxBytes: UPLOAD_MAX_BYTES.video, allowed: VIDEO_TYPES }, (upload) =>
      this.courses.uploadFilm(productId, upload, durationField(upload.fields)));
  }

  @Get(':id/course/film')
  @ApiOkResponse({ description: 'The course film (`Accept-Ranges: bytes`), for staff to check it.' })
  @ApiPartialContentResponse({ description: 'The byte range asked for with `Range: bytes=a-b`.' })
  @ApiRequestedRangeNotSatisfiableResponse({ description: 'The range starts past the end of the film.' })
  @ApiNotFoundResponse({ description: 'No product has that id, or its course has no film.' })
  async film(@IdParam() productId: number, @Headers('range') range: string | undefined, @Res() reply: FastifyReply): Promise<void> {
    const film = await this.course.openFilm(productId, range);
    void reply.header('cache-control', 'private, no-store').header('content-disposition', 'inline').header('x-content-type-options', 'nosniff');
    await sendRanged(reply, film);
  }
}

/** The form's only text field: `duration`, whole seconds, or absent. */
function durationField(fields: Record<string, string>): number | null {
  const unknown = Object.keys(fields).filter((name) => name !== 'duration');
  if (unknown.length > 0) throw new RequestValidationError(Object.fromEntries(unknown.map((name) => [name, [`${name} is not an accepted field.`]])));
  const text = fields.duration?.trim();
  if (!text) return null;
  const seconds = Number(text);
  if (!Number.isSafeInteger(seconds) || seconds < 1 || seconds > COURSE_LIMITS.duration) {
    throw new RequestValidationError({ duration: [`duration must be the film's length in whole seconds (1 to ${COURSE_LIMITS.duration}).`] });
  }
  return seconds;
}
