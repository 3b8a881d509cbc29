import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { OptionalNotNull } from '../../../../platform/http/validators.js';
import type { WidgetSort } from '../../application/ports/widget-repository.port.js';
import { WIDGET_NAME_PATTERN } from '../../domain/widget.entity.js';

/** Stored markup is at most 200 kB (the JSON body limit is 1 MB). */
export const WIDGET_HTML_MAX = 200_000;
const NAME_RULE = { message: 'The name may hold only lower-case letters, digits and dashes, starting with a letter or digit (at most 100).' };
const HTML_RULE = { message: `The HTML may be at most ${WIDGET_HTML_MAX} characters.` };
const SORTS: WidgetSort[] = ['name', '-name', 'updated_at', '-updated_at'];

const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value));

export class WidgetListQuery {
  @ApiPropertyOptional({ description: 'Part of the name.' }) @IsOptional() @IsString() @MaxLength(100)
  search?: string;

  @ApiPropertyOptional({ enum: SORTS, default: 'name', description: 'A leading "-" sorts descending.' })
  @IsOptional() @IsIn(SORTS, { message: `sort must be one of ${SORTS.join(', ')}.` })
  sort: WidgetSort = 'name';

  @ApiProperty({ default: 1 }) @Transform(toInt) @IsOptional() @IsInt({ message: 'page must be a whole number.' }) @Min(1) @Max(10_000, { message: 'page may be at most 10000.' })
  page: number = 1;

  @ApiProperty({ default: 25, maximum: 100 }) @Transform(toInt) @IsOptional()
  @IsInt({ message: 'per_page must be a whole number.' }) @Min(1) @Max(100, { message: 'per_page may be at most 100.' })
  per_page: number = 25;
}

export class CreateWidgetRequest {
  @ApiProperty({ example: 'home-intro' }) @IsString({ message: 'Enter a name.' }) @Matches(WIDGET_NAME_PATTERN, NAME_RULE)
  name!: string;

  @ApiProperty({ description: 'Markup; sanitised when saved.' }) @IsString({ message: 'Enter the HTML.' }) @MaxLength(WIDGET_HTML_MAX, HTML_RULE)
  html!: string;
}

export class UpdateWidgetRequest {
  @ApiPropertyOptional() @OptionalNotNull() @IsString({ message: 'Enter a name.' }) @Matches(WIDGET_NAME_PATTERN, NAME_RULE)
  name?: string;

  @ApiPropertyOptional() @OptionalNotNull() @IsString({ message: 'Enter the HTML.' }) @MaxLength(WIDGET_HTML_MAX, HTML_RULE)
  html?: string;
}
