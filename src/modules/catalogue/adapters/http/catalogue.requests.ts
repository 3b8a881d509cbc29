import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { blankToUndefined, toInt } from '../../../../platform/http/index.js';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { MAX_PER_PAGE, PRODUCT_SORTS, type ProductSort } from '../../application/catalogue-views.js';
import { OPTION_KINDS, type OptionKind } from '../../domain/product-option.entity.js';
import { MAX_ID } from '../../../../shared/contracts/ids.js';


/** `GET /api/products`: filters, search, sort and bounded paging; anything else is a 422 with the field. */
export class ProductListRequest {
  @ApiPropertyOptional({ description: 'Words to find (typos tolerated in titles).', maxLength: 200 })
  @Transform(blankToUndefined) @IsOptional()
  @IsString({ message: 'search must be text.' }) @MaxLength(200, { message: 'search may be at most 200 characters.' })
  search?: string;

  @ApiPropertyOptional({ description: 'Category slug or id.', example: 'training-dvds' })
  @Transform(blankToUndefined) @IsOptional()
  @IsString({ message: 'category must be a slug or an id.' }) @MaxLength(80, { message: 'category may be at most 80 characters.' })
  category?: string;

  @ApiPropertyOptional({ description: 'Brand id.' })
  @Transform(toInt) @IsOptional()
  @IsInt({ message: 'brand must be a brand id.' }) @Min(1, { message: 'brand must be a brand id.' }) @Max(MAX_ID, { message: 'brand must be a brand id.' })
  brand?: number;

  @ApiPropertyOptional({ enum: OPTION_KINDS })
  @Transform(blankToUndefined) @IsOptional()
  @IsIn(OPTION_KINDS, { message: `kind must be one of ${OPTION_KINDS.join(', ')}.` })
  kind?: OptionKind;

  @ApiPropertyOptional({ enum: PRODUCT_SORTS, description: 'Default: relevance when searching, newest otherwise.' })
  @Transform(blankToUndefined) @IsOptional()
  @IsIn(PRODUCT_SORTS, { message: `sort must be one of ${PRODUCT_SORTS.join(', ')}.` })
  sort?: ProductSort;

  @ApiPropertyOptional({ default: 1 })
  @Transform(toInt) @IsOptional()
  @IsInt({ message: 'page must be a whole number.' }) @Min(1, { message: 'page must be at least 1.' }) @Max(10_000, { message: 'page may be at most 10000.' })
  page: number = 1;

  @ApiPropertyOptional({ default: 24, maximum: MAX_PER_PAGE })
  @Transform(toInt) @IsOptional()
  @IsInt({ message: 'per_page must be a whole number.' }) @Min(1, { message: 'per_page must be at least 1.' })
  @Max(MAX_PER_PAGE, { message: `per_page may be at most ${MAX_PER_PAGE}.` })
  per_page: number = 24;
}
