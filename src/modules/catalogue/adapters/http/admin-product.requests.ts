import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, Length, Matches, Max, MaxLength, Min,
} from 'class-validator';
import { OptionalNotNull } from '../../../../platform/http/index.js';
import { PRODUCT_ADMIN_SORTS } from '../../application/admin/admin-queries.js';
import { CATALOGUE_SLUG_PATTERN } from '../../domain/category.entity.js';
import { PRODUCT_LIMITS, PRODUCT_STATUSES, type ProductStatus } from '../../domain/product.entity.js';
import { blankToUndefined, IdFilter, listQuery, toBoolean, trim, trimToNull } from './admin-request-rules.js';
import { MAX_ID } from '../../../../shared/contracts/ids.js';

/** Product and option codes (SKUs): letters, digits and . _ / - , starting with a letter or digit. */
export const CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;
const MAX_CATEGORIES = 50;

export class AdminProductListQuery extends listQuery(PRODUCT_ADMIN_SORTS, 'Part of the title or code.') {
  @ApiPropertyOptional({ description: 'Category id (the admin menu\'s /admin/products/cat/{id}).' }) @IdFilter('category')
  category?: number;

  @ApiPropertyOptional({ description: 'Brand id.' }) @IdFilter('brand')
  brand?: number;

  @ApiPropertyOptional({ enum: PRODUCT_STATUSES }) @Transform(blankToUndefined) @IsOptional()
  @IsIn(PRODUCT_STATUSES, { message: 'status must be draft or published.' })
  status?: ProductStatus;

  @ApiPropertyOptional({ type: Boolean }) @Transform(blankToUndefined) @Transform(toBoolean) @IsOptional()
  @IsBoolean({ message: 'featured must be true or false.' })
  featured?: boolean;
}

const Title = () =>
  applyDecorators(Transform(trim), IsString({ message: 'Enter a title.' }), Length(1, PRODUCT_LIMITS.title, { message: `Enter a title of at most ${PRODUCT_LIMITS.title} characters.` }));
const Slug = () =>
  applyDecorators(
    Transform(trim), IsString({ message: 'The slug must be text.' }),
    Length(1, PRODUCT_LIMITS.slug, { message: `The slug must be between 1 and ${PRODUCT_LIMITS.slug} characters.` }),
    Matches(CATALOGUE_SLUG_PATTERN, { message: 'The slug may hold only lower-case letters and digits, in words joined by single dashes.' }),
  );
const Code = () =>
  applyDecorators(
    Transform(trim), IsString({ message: 'Enter a product code.' }),
    Length(1, PRODUCT_LIMITS.code, { message: `Enter a product code of at most ${PRODUCT_LIMITS.code} characters.` }),
    Matches(CODE_PATTERN, { message: 'The code may hold letters, digits and . _ / - and must start with a letter or digit.' }),
  );
const Text = (field: string, max: number) =>
  applyDecorators(Transform(trim), IsString({ message: `${field} must be text.` }), MaxLength(max, { message: `${field} may be at most ${max} characters.` }));
const NullableText = (field: string, max: number) => applyDecorators(IsOptional(), Transform(trimToNull), Text(field, max));
const NullableInt = (field: string, min: number, max: number, what: string) =>
  applyDecorators(
    IsOptional(), IsInt({ message: `${field} must be a whole number (${what}).` }),
    Min(min, { message: `${field} must be at least ${min}.` }), Max(max, { message: `${field} may be at most ${max}.` }),
  );
const BrandId = () =>
  applyDecorators(IsOptional(), IsInt({ message: 'brand_id must be a brand id (or null for none).' }), Min(1, { message: 'brand_id must be a brand id (or null for none).' }), Max(MAX_ID, { message: 'brand_id must be a brand id (or null for none).' }));
const Status = () => IsIn(PRODUCT_STATUSES, { message: 'status must be draft or published.' });
const Featured = () => IsBoolean({ message: 'featured must be true or false.' });
const CategoryIds = () =>
  applyDecorators(
    IsArray({ message: 'category_ids must be a list of category ids.' }),
    ArrayMaxSize(MAX_CATEGORIES, { message: `A product may be in at most ${MAX_CATEGORIES} categories.` }),
    IsInt({ each: true, message: 'category_ids must be a list of category ids.' }),
    Min(1, { each: true, message: 'category_ids must be a list of category ids.' }),
    Max(MAX_ID, { each: true, message: 'category_ids must be a list of category ids.' }),
  );

/** Details of a product. `description` is HTML, sanitised when saved. */
export class CreateProductRequest {
  @ApiProperty({ maxLength: PRODUCT_LIMITS.title }) @Title()
  title!: string;

  @ApiPropertyOptional({ description: 'Left out: made from the title.', maxLength: PRODUCT_LIMITS.slug }) @OptionalNotNull() @Slug()
  slug?: string;

  @ApiProperty({ example: 'HSD-0042', maxLength: PRODUCT_LIMITS.code }) @Code()
  code!: string;

  @ApiPropertyOptional({ maxLength: PRODUCT_LIMITS.summary }) @OptionalNotNull() @Text('summary', PRODUCT_LIMITS.summary)
  summary?: string;

  @ApiPropertyOptional({ description: 'HTML; scripts, event handlers and javascript: links are removed.' })
  @OptionalNotNull() @IsString({ message: 'description must be text (HTML).' })
  @MaxLength(PRODUCT_LIMITS.description, { message: `description may be at most ${PRODUCT_LIMITS.description} characters.` })
  description?: string;

  @ApiPropertyOptional({ nullable: true }) @BrandId()
  brand_id?: number | null;

  @ApiPropertyOptional({ enum: PRODUCT_STATUSES, default: 'draft' }) @OptionalNotNull() @Status()
  status?: ProductStatus;

  @ApiPropertyOptional({ default: false }) @OptionalNotNull() @Featured()
  featured?: boolean;

  @ApiPropertyOptional({ nullable: true, description: 'Minutes.' }) @NullableInt('running_time', 0, 10_000, 'minutes')
  running_time?: number | null;

  @ApiPropertyOptional({ nullable: true }) @NullableInt('year', 1900, 2100, 'e.g. 2024')
  year?: number | null;

  @ApiPropertyOptional({ nullable: true, maxLength: PRODUCT_LIMITS.language }) @NullableText('language', PRODUCT_LIMITS.language)
  language?: string | null;

  @ApiPropertyOptional({ nullable: true, example: 'RoSPA approved' }) @NullableText('accreditation', PRODUCT_LIMITS.accreditation)
  accreditation?: string | null;

  @ApiPropertyOptional({ type: [Number], description: 'Ids of the categories to put the product in.' }) @OptionalNotNull() @CategoryIds()
  category_ids?: number[];
}

/** Only the fields sent change; null clears brand_id, running_time, year, language, accreditation. */
export class UpdateProductRequest {
  @ApiPropertyOptional() @OptionalNotNull() @Title()
  title?: string;

  @ApiPropertyOptional() @OptionalNotNull() @Slug()
  slug?: string;

  @ApiPropertyOptional() @OptionalNotNull() @Code()
  code?: string;

  @ApiPropertyOptional() @OptionalNotNull() @Text('summary', PRODUCT_LIMITS.summary)
  summary?: string;

  @ApiPropertyOptional() @OptionalNotNull() @IsString({ message: 'description must be text (HTML).' })
  @MaxLength(PRODUCT_LIMITS.description, { message: `description may be at most ${PRODUCT_LIMITS.description} characters.` })
  description?: string;

  @ApiPropertyOptional({ nullable: true }) @BrandId()
  brand_id?: number | null;

  @ApiPropertyOptional({ enum: PRODUCT_STATUSES }) @OptionalNotNull() @Status()
  status?: ProductStatus;

  @ApiPropertyOptional() @OptionalNotNull() @Featured()
  featured?: boolean;

  @ApiPropertyOptional({ nullable: true }) @NullableInt('running_time', 0, 10_000, 'minutes')
  running_time?: number | null;

  @ApiPropertyOptional({ nullable: true }) @NullableInt('year', 1900, 2100, 'e.g. 2024')
  year?: number | null;

  @ApiPropertyOptional({ nullable: true }) @NullableText('language', PRODUCT_LIMITS.language)
  language?: string | null;

  @ApiPropertyOptional({ nullable: true }) @NullableText('accreditation', PRODUCT_LIMITS.accreditation)
  accreditation?: string | null;
}

export class ProductCategoriesRequest {
  @ApiProperty({ type: [Number], description: 'Exactly the categories the product is in afterwards.' }) @CategoryIds()
  category_ids!: number[];
}
