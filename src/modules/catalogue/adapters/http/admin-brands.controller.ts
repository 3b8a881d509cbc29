import { Body, Delete, Get, HttpCode, Post, Put, Query, Req } from '@nestjs/common';
import { ApiConsumes, ApiCreatedResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { Page } from '../../../../shared/pagination.js';
import { readUpload, IdParam } from '../../../../platform/http/index.js';
import { AdminController } from '../../../identity/index.js';
import { BrandAdminService } from '../../application/admin/brand-admin.service.js';
import type { AdminBrandView } from '../../application/admin/admin-views.js';
import { LOGO_TYPES, UPLOAD_MAX_BYTES } from '../../application/admin/uploaded-file.js';
import { AdminBrandListQuery, CreateBrandRequest, UpdateBrandRequest } from './admin-brand.requests.js';
import { refuseFields } from './admin-request-rules.js';

@AdminController('api/admin/brands', 'catalogue')
export class AdminBrandsController {
  constructor(private readonly brands: BrandAdminService) {}

  @Get()
  @ApiOkResponse({ description: '`{data: [brand with logo_url and product_count], meta}`.' })
  @ApiUnprocessableEntityResponse({ description: 'Unknown sort, bad paging.' })
  list(@Query() query: AdminBrandListQuery): Promise<Page<AdminBrandView>> {
    return this.brands.list({ search: query.search, sort: query.sort, page: query.page, perPage: query.per_page });
  }

  @Post()
  @ApiCreatedResponse({ description: 'The brand (without a logo: upload it with POST /{id}/logo).' })
  @ApiUnprocessableEntityResponse({ description: 'Field errors (`errors.name` for a name in use).' })
  create(@Body() body: CreateBrandRequest): Promise<AdminBrandView> {
    return this.brands.create({ name: body.name, website: body.website, sortOrder: body.sort_order });
  }

  @Get(':id')
  @ApiNotFoundResponse({ description: 'No brand has that id.' })
  show(@IdParam() id: number): Promise<AdminBrandView> {
    return this.brands.get(id);
  }

  @Put(':id')
  @ApiOkResponse({ description: 'The brand; fields left out keep their value.' })
  @ApiUnprocessableEntityResponse({ description: 'Field errors.' })
  update(@IdParam() id: number, @Body() body: UpdateBrandRequest): Promise<AdminBrandView> {
    return this.brands.update(id, { name: body.name, website: body.website, sortOrder: body.sort_order });
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted with its logo; its products stay, without a brand.' })
  async remove(@IdParam() id: number): Promise<void> {
    await this.brands.delete(id);
  }

  @Post(':id/logo')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiOkResponse({ description: 'The brand with its new logo_url; the previous logo is deleted.' })
  @ApiUnprocessableEntityResponse({ description: '`errors.file`: not a PNG, JPEG or WebP image (SVG never), or over 2 MB.' })
  async uploadLogo(@IdParam() id: number, @Req() request: FastifyRequest): Promise<AdminBrandView> {
    const upload = await readUpload(request, { maxBytes: UPLOAD_MAX_BYTES.logo, allowed: LOGO_TYPES });
    refuseFields(upload.fields);
    return this.brands.setLogo(id, upload);
  }

  @Delete(':id/logo')
  @ApiOkResponse({ description: 'The brand without a logo.' })
  removeLogo(@IdParam() id: number): Promise<AdminBrandView> {
    return this.brands.removeLogo(id);
  }
}
