import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';
import { WIDGET_NAME_PATTERN } from '../../domain/widget.entity.js';

export class WidgetQueryRequest {
  @ApiProperty({ example: 'home-intro', description: 'The widget name (lower case, digits and dashes).' })
  @IsString({ message: 'The name must be text.' })
  @Matches(WIDGET_NAME_PATTERN, { message: 'The name may hold only lower-case letters, digits and dashes (at most 100).' })
  name!: string;
}
