import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsString, Length, Matches, MaxLength } from 'class-validator';
import { OptionalNotNull } from '../../../../platform/http/index.js';
import { CATEGORY_ADMIN_SORTS } from '../../application/admin/admin-queries.js';
import { CATALOGUE_SLUG_PATTERN, CATEGORY_LIMITS } from '../../domain/category.entity.js';
import { listQuery, SortOrder, trim } from './admin-request-rules.js';

export class AdminCategoryListQuery extends listQuery(CATEGORY_ADMIN_SORTS, 'Part of the name or slug.') {}

const Slug = () =>
  applyDecorators(
    Transform(trim),
    IsString({ message: 'Enter a slug.' }),
    Length(1, CATEGORY_LIMITS.slug, { message: `Enter a slug of at most ${CATEGORY_LIMITS.slug} characters.` }),
    Matches(CATALOGUE_SLUG_PATTERN, { message: 'The slug may hold only lower-case letters and digits, in words joined by single dashes (e.g. training-dvds).' }),
  );
const Name = () =>
  applyDecorators(
    Transform(trim), IsString({ message: 'Enter a name.' }),
    Length(1, CATEGORY_LIMITS.name, { message: `Enter a name of at most ${CATEGORY_LIMITS.name} characters.` }),
  );
const Description = () =>
  applyDecorators(
    Transform(trim), IsString({ message: 'The description must be text.' }),
    MaxLength(CATEGORY_LIMITS.description, { message: `The description may be at most ${CATEGORY_LIMITS.description} characters.` }),
  );

export class CreateCategoryRequest {
  @ApiProperty({ example: 'training-dvds', maxLength: CATEGORY_LIMITS.slug }) @Slug()
  slug!: string;

  @ApiProperty({ example: 'Training DVDs', maxLength: CATEGORY_LIMITS.name }) @Name()
  name!: string;

  @ApiPropertyOptional({ description: 'Plain text.', maxLength: CATEGORY_LIMITS.description }) @OptionalNotNull() @Description()
  description?: string;

  @ApiPropertyOptional({ default: 0 }) @OptionalNotNull() @SortOrder()
  sort_order?: number;
}

/** Only the fields sent change. */
export class UpdateCategoryRequest {
  @ApiPropertyOptional({ maxLength: CATEGORY_LIMITS.slug }) @OptionalNotNull() @Slug()
  slug?: string;

  @ApiPropertyOptional({ maxLength: CATEGORY_LIMITS.name }) @OptionalNotNull() @Name()
  name?: string;

  @ApiPropertyOptional({ maxLength: CATEGORY_LIMITS.description }) @OptionalNotNull() @Description()
  description?: string;

  @ApiPropertyOptional() @OptionalNotNull() @SortOrder()
  sort_order?: number;
}
