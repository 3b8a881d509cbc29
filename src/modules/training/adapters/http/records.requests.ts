import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { toInt } from '../../../../platform/http/index.js';

/** `?expiring_within_days=60`: only valid certificates expiring within that many days, soonest first. */
export class RecordsQuery {
  @ApiPropertyOptional({ example: 60, minimum: 1, maximum: 3660 })
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'expiring_within_days must be a whole number of days.' })
  @Min(1, { message: 'expiring_within_days must be at least 1.' })
  @Max(3660, { message: 'expiring_within_days may be at most 3660 (ten years).' })
  expiring_within_days?: number;
}

