import { ApiProperty } from '@nestjs/swagger';
import { IsNumber, IsObject, Max, Min } from 'class-validator';

/** Films are far shorter than a day; anything beyond is not a position in one. */
const MAX_SECONDS = 86_400;

/**
 * A progress report: where the player is, and the stretch watched since the last report. The server credits the
 * stretch only as far as the wall clock allows (ADR 0047), so these are claims, not facts.
 */
export class ProgressRequest {
  @ApiProperty({ example: 42.5, description: 'The playhead, in seconds (where to resume).' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'position must be a number of seconds.' })
  @Min(0, { message: 'position cannot be negative.' })
  @Max(MAX_SECONDS, { message: 'position is past any film\'s end.' })
  position!: number;

  @ApiProperty({ example: 32.5 })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'watched_from must be a number of seconds.' })
  @Min(0, { message: 'watched_from cannot be negative.' })
  @Max(MAX_SECONDS, { message: 'watched_from is past any film\'s end.' })
  watched_from!: number;

  @ApiProperty({ example: 42.5 })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'watched_to must be a number of seconds.' })
  @Min(0, { message: 'watched_to cannot be negative.' })
  @Max(MAX_SECONDS, { message: 'watched_to is past any film\'s end.' })
  watched_to!: number;
}

/** An attempt: one answer id per question id. Whether they belong together is the service's check (422 per question). */
export class AttemptRequest {
  @ApiProperty({ example: { '12': 57, '13': 60 }, description: '`{questionId: answerId}` for every question.' })
  @IsObject({ message: 'answers must map each question id to the chosen answer id.' })
  answers!: Record<string, number>;
}
