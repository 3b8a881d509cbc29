import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, Matches, MaxLength } from 'class-validator';
import { listQuery, pageQuery, OptionalNotNull } from '../../../../platform/http/index.js';
import type { WidgetSort } from '../../application/ports/widget-repository.port.js';
import { WIDGET_LIMITS } from '../../../../shared/contracts/content.js';
import { WIDGET_NAME_PATTERN } from '../../domain/widget.entity.js';

/** Stored markup is at most 200 kB (the JSON body limit is 1 MB). */
export const WIDGET_HTML_MAX = 200_000;
const NAME_RULE = { message: `The name may hold only lower-case letters, digits and dashes, starting with a letter or digit (at most ${WIDGET_LIMITS.name}).` };
const HTML_RULE = { message: `The HTML may be at most ${WIDGET_HTML_MAX} characters.` };
const SORTS: readonly WidgetSort[] = ['name', '-name', 'updated_at', '-updated_at'];

export class WidgetListQuery extends listQuery(SORTS, 'Part of the name.') {}

/** `GET /api/admin/users/{id}/widgets`: paging only. */
export class UserWidgetsQuery extends pageQuery() {}

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
