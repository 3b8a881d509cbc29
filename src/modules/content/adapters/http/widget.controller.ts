import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiNotFoundResponse, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { WidgetService, type WidgetView } from '../../application/widget.service.js';
import { WidgetQueryRequest } from './widget.requests.js';

class WidgetResponse implements Pick<WidgetView, 'id' | 'html'> {
  id!: number;
  html!: string;
}

@ApiTags('content')
@Controller('api/widget')
export class WidgetController {
  constructor(private readonly widgets: WidgetService) {}

  /** Seed: `GET /api/widget?name=` → `{id, html}`. */
  @Get()
  @ApiOkResponse({ type: WidgetResponse })
  @ApiNotFoundResponse({ description: 'No widget has that name.' })
  @ApiUnprocessableEntityResponse({ description: 'The name is missing or malformed.' })
  async show(@Query() query: WidgetQueryRequest): Promise<WidgetResponse> {
    const { id, html } = await this.widgets.getByName(query.name);
    return { id, html };
  }
}
