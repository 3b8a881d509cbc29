import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsDefined, IsOptional, ValidateIf } from 'class-validator';
import { COURSE_LIMITS } from '../../../../shared/contracts/training.js';

/**
 * A course, replaced whole (`PUT /api/admin/products/{id}/course`). Only the shape of the top level is checked here:
 * the rules that span fields (chapters within the film, one correct answer per question) are the domain's
 * (course-content.ts), which names each problem by its path (`questions[2].answers`) in the same 422.
 */
export class CourseRequest {
  @ApiProperty({ nullable: true, type: Number, description: 'The film\'s length in whole seconds (the editor reads it from the `<video>`); null before a film.' })
  @ValidateIf((o: CourseRequest) => o.duration !== null) // null is a value here: no film yet
  @IsDefined({ message: 'duration is required (null before a film is uploaded).' })
  duration!: number | null;

  @ApiProperty({ description: '`[{title, start}]`: starts in seconds, the first at 0, ascending, within the film.', example: [{ title: 'Introduction', start: 0 }] })
  @IsArray({ message: 'chapters must be a list of {title, start}.' })
  chapters!: unknown[];

  @ApiProperty({
    description: `\`[{text, answers: [{text, correct}]}]\`: ${COURSE_LIMITS.answersMin}–${COURSE_LIMITS.answersMax} answers, exactly one correct. Ids are ignored: the questions are replaced.`,
  })
  @IsArray({ message: 'questions must be a list of {text, answers}.' })
  questions!: unknown[];

  @ApiProperty({ minimum: COURSE_LIMITS.passMarkMin, maximum: COURSE_LIMITS.passMarkMax, example: 80 })
  @IsDefined({ message: `pass_mark is required (${COURSE_LIMITS.passMarkMin}–${COURSE_LIMITS.passMarkMax}).` })
  pass_mark!: number;

  @ApiProperty({ nullable: true, type: Number, minimum: COURSE_LIMITS.validityMonthsMin, maximum: COURSE_LIMITS.validityMonthsMax, description: 'null = no expiry.' })
  @ValidateIf((o: CourseRequest) => o.validity_months !== null) // null: no expiry
  @IsDefined({ message: 'validity_months is required (null for no expiry).' })
  validity_months!: number | null;

  @ApiPropertyOptional({ nullable: true, type: String, maxLength: COURSE_LIMITS.accreditation })
  @IsOptional()
  accreditation?: string | null;
}
