import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, Length, registerDecorator } from 'class-validator';
import { OptionalNotNull } from '../../../../platform/http/index.js';
import { BRAND_ADMIN_SORTS } from '../../application/admin/admin-queries.js';
import { BRAND_LIMITS } from '../../domain/brand.entity.js';
import { listQuery, SortOrder, trim, trimToNull } from './admin-request-rules.js';

export class AdminBrandListQuery extends listQuery(BRAND_ADMIN_SORTS, 'Part of the name.') {}

/** A brand's website is an http(s) address without credentials: it becomes a link on the storefront. */
export function isWebsite(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > BRAND_LIMITS.website) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password && !/[\s"'<>]/.test(value);
  } catch {
    return false;
  }
}

const Website = () =>
  applyDecorators(
    IsOptional(), Transform(trimToNull),
    (target: object, propertyName: string | symbol) =>
      registerDecorator({
        name: 'isWebsite',
        target: target.constructor,
        propertyName: String(propertyName),
        options: { message: `The website must be an https:// (or http://) address of at most ${BRAND_LIMITS.website} characters.` },
        validator: { validate: isWebsite },
      }),
  );
const Name = () =>
  applyDecorators(
    Transform(trim), IsString({ message: 'Enter a name.' }),
    Length(1, BRAND_LIMITS.name, { message: `Enter a name of at most ${BRAND_LIMITS.name} characters.` }),
  );

export class CreateBrandRequest {
  @ApiProperty({ example: 'SafeCo Films', maxLength: BRAND_LIMITS.name }) @Name()
  name!: string;

  @ApiPropertyOptional({ nullable: true, example: 'https://safeco.example' }) @Website()
  website?: string | null;

  @ApiPropertyOptional({ default: 0 }) @OptionalNotNull() @SortOrder()
  sort_order?: number;
}

/** Only the fields sent change; `website: null` removes the website. */
export class UpdateBrandRequest {
  @ApiPropertyOptional({ maxLength: BRAND_LIMITS.name }) @OptionalNotNull() @Name()
  name?: string;

  @ApiPropertyOptional({ nullable: true }) @Website()
  website?: string | null;

  @ApiPropertyOptional() @OptionalNotNull() @SortOrder()
  sort_order?: number;
}
