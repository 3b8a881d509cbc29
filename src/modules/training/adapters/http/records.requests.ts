import { ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { pageQuery, toInt } from '../../../../platform/http/index.js';
import { RECORDS_LIST_LIMIT } from '../../application/records.service.js';

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

/**
 * The JSON list adds `?page=&per_page=` (ADR 0062). Without them it is page 1 of 2,000, the old cap, so the default
 * answer is unchanged; its headers say when there is more.
 */
export class RecordsListQuery extends IntersectionType(RecordsQuery, pageQuery({ default: RECORDS_LIST_LIMIT, max: RECORDS_LIST_LIMIT })) {}
