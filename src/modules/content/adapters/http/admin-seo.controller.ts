import { Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Put, Query } from '@nestjs/common';
import { ApiForbiddenResponse, ApiProperty, ApiPropertyOptional, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { AdminOnly } from '../../../identity/index.js';
import { SeoEntryInput } from '../../application/seo-entry.input.js';
import { SeoService } from '../../application/seo.service.js';

const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value));

export class SeoListQuery {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100)
  search?: string;

  @ApiProperty({ default: 1 }) @Transform(toInt) @IsOptional() @IsInt({ message: 'page must be a whole number.' }) @Min(1) @Max(10_000)
  page: number = 1;

  @ApiProperty({ default: 25 }) @Transform(toInt) @IsOptional() @IsInt({ message: 'per_page must be a whole number.' }) @Min(1)
  @Max(100, { message: 'per_page may be at most 100.' })
  per_page: number = 25;
}

const ID = new ParseIntPipe({ errorHttpStatusCode: 404 });

@ApiTags('admin')
@ApiUnauthorizedResponse({ description: 'Not signed in.' })
@ApiForbiddenResponse({ description: 'Not an administrator.' })
@AdminOnly()
@Controller('api/admin/seo')
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
  get(@Param('id', ID) id: number) {
    return this.seo.get(id);
  }

  @Put(':id')
  update(@Param('id', ID) id: number, @Body() body: SeoEntryInput) {
    return this.seo.update(id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  async delete(@Param('id', ID) id: number): Promise<void> {
    await this.seo.delete(id);
  }
}
