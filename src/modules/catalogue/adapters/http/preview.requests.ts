import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { pageQuery, toInt } from '../../../../platform/http/index.js';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { PREVIEW_EXTEND_DAYS } from '../../application/preview-admin.service.js';
import type { PreviewState } from '../../application/ports/preview-repository.port.js';
import { MAX_ID } from '../../../../shared/contracts/ids.js';

const PREVIEW_STATES: readonly PreviewState[] = ['pending', 'active', 'expired', 'revoked'];

export class PreviewRequest {
  @ApiProperty({ example: 12, description: 'A published product with a preview video.' })
  @IsInt({ message: 'product_id must be a product id (a whole number).' })
  @Min(1, { message: 'product_id must be a product id (a whole number).' })
  @Max(MAX_ID, { message: 'product_id must be a product id (a whole number).' })
  product_id!: number;
}

export class AdminPreviewListQuery extends pageQuery() {
  @ApiPropertyOptional({ enum: PREVIEW_STATES }) @IsOptional()
  @IsIn(PREVIEW_STATES, { message: `state must be one of ${PREVIEW_STATES.join(', ')}.` })
  state?: PreviewState;

  @ApiPropertyOptional() @Transform(toInt) @IsOptional()
  @IsInt({ message: 'user_id must be a whole number.' }) @Min(1, { message: 'user_id must be at least 1.' }) @Max(MAX_ID, { message: 'user_id is too large.' })
  user_id?: number;

  @ApiPropertyOptional() @Transform(toInt) @IsOptional()
  @IsInt({ message: 'product_id must be a whole number.' }) @Min(1, { message: 'product_id must be at least 1.' }) @Max(MAX_ID, { message: 'product_id is too large.' })
  product_id?: number;
}

export class ExtendPreviewRequest {
  @ApiProperty({ minimum: PREVIEW_EXTEND_DAYS.min, maximum: PREVIEW_EXTEND_DAYS.max, description: 'Days added to the expiry (or to now, if it has passed).' })
  @IsInt({ message: 'days must be a whole number.' })
  @Min(PREVIEW_EXTEND_DAYS.min, { message: `days must be between ${PREVIEW_EXTEND_DAYS.min} and ${PREVIEW_EXTEND_DAYS.max}.` })
  @Max(PREVIEW_EXTEND_DAYS.max, { message: `days must be between ${PREVIEW_EXTEND_DAYS.min} and ${PREVIEW_EXTEND_DAYS.max}.` })
  days!: number;
}
