import { Body, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { AdminController } from '../../../identity/index.js';
import { SeoEntryInput } from '../../application/seo-entry.input.js';
import { SeoService } from '../../application/seo.service.js';
import { SeoListQuery } from './admin-seo.requests.js';
import { IdParam } from '../../../../platform/http/index.js';

@AdminController('api/admin/seo', 'content')
export class AdminSeoController {
  constructor(private readonly seo: SeoService) {}

  @Get()
  list(@Query() query: SeoListQuery) {
    return this.seo.list({ search: query.search, page: query.page, perPage: query.per_page });
  }

  @Post()
  create(@Body() body: SeoEntryInput) {
    return this.seo.create(body);
  }

  @Get(':id')
  get(@IdParam() id: number) {
    return this.seo.get(id);
  }

  @Put(':id')
  update(@IdParam() id: number, @Body() body: SeoEntryInput) {
    return this.seo.update(id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  async delete(@IdParam() id: number): Promise<void> {
    await this.seo.delete(id);
  }
}
